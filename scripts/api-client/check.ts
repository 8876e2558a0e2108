// A small typed client over the types openapi-typescript generates from the API document
// (scripts/api-document.mjs writes ./api.d.ts beside a copy of this file, then runs tsc on it).
// It fails to compile when the document changes the shape of a call it uses: a renamed field, a
// parameter that became required, an operation id that is gone.
import type { operations } from './api';

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Ok<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;
/** Every error answers this envelope. */
type ErrorEnvelope = operations['postCompanyLogin']['responses'][400]['content']['application/json'];

async function call<Op>(method: string, url: string, token: string | null, body?: JsonBody<Op>): Promise<Ok<Op>> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const error = (await res.json()) as ErrorEnvelope;
    throw new Error(`${error.code}: ${error.message} (${error.requestId})`);
  }
  return (await res.json()) as Ok<Op>;
}

export async function example(base: string) {
  const login = await call<operations['postCompanyLogin']>('POST', `${base}/api/company/login`, null, {
    id: 'demo',
    password: 'demo1234',
    company_division: 'AUT',
  });
  const token: string = login.access_token;
  const expiresIn: number = login.expires_in;

  const query: operations['getCalculateBuyInvoiceSend']['parameters']['query'] = {
    start: 0,
    length: 10,
    search_value: { orderTypes: ['onCredit'] },
  };
  const invoices = await call<operations['getCalculateBuyInvoiceSend']>(
    'GET',
    `${base}/api/calculate/buyInvoiceSend?start=${query.start}&length=${query.length}`,
    token,
  );
  const total: number = invoices.total_cnt;
  const codes: string[] = invoices.dataset.map((row) => row.code);

  const board: operations['getHelpBbsByBbsName']['parameters']['path'] = { bbs_name: 'qna' };
  const posts = await call<operations['getHelpBbsByBbsName']>('GET', `${base}/api/help/bbs/${board.bbs_name}`, token);
  const titles: string[] = posts.dataset.map((p) => p.title);

  const question: JsonBody<operations['postHelpBbsByBbsName']> = { title: 'A question', content: '<p>How?</p>' };
  const asked = await call<operations['postHelpBbsByBbsName']>('POST', `${base}/api/help/bbs/qna`, token, question);
  const idx: number = asked.idx;

  const me = await call<operations['getCompanyLoginInfo']>('GET', `${base}/api/company/loginInfo`, token);
  const ready = await call<operations['getReady']>('GET', `${base}/api/ready`, null);
  const status: 'ready' = ready.status;
  return { expiresIn, total, codes, titles, idx, me, status };
}
