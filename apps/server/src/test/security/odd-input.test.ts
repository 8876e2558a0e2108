/**
 * Odd input is a 400 in the envelope, never a 500 (issue 13 item 5), on the calls the outside test
 * named. The fuzzer (fuzz.test.ts) generates the same cases for every route; these are the named
 * regressions: year 0000 in the date filters of the lists (the console's too) and both exports, and a JSON null, array or
 * string body on the profile update, address create/update and both password changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN } from '@portal/contract';
import { insertInvoices } from '../../modules/settlement/settlement.factories';
import { createOperator, type TestCompany } from '../factories';
import { createTestApp, type TestContext } from '../helper';
import { envelopeProblem } from './openapi';

let t: TestContext;
let me: TestCompany;
let token: string;
let addressIdx: number;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createCompany({ password: 'odd-input-1' });
  token = await t.login(me.id, me.password);
  const operator = await createOperator(t.db);
  operatorToken = (
    await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: operator.id, password: operator.password } })
  ).json<{ access_token: string }>().access_token;
  await insertInvoices(t.db, me.idx, [{ day: '0001-01-01' }, { day: '2026-03-01' }, { day: '9999-12-31' }]);
  const address = {
    address_name: 'Head office',
    country: 'KOR',
    zipcode: '04524',
    addressLine1: '110 Sejong-daero',
    telephone: '02-120-0000',
  };
  const created = await t.inject(token, { method: 'POST', url: '/api/company/CompanyAddress', payload: address });
  expect(created.statusCode, created.body).toBe(200);
  addressIdx = created.json<{ customer_address_idx: number }>().customer_address_idx;
});
afterAll(() => t.close());

const LISTS = [
  '/api/calculate/buyInvoiceSend',
  '/api/calculate/buyPayment',
  '/api/company/copyright/books',
  '/api/copyright/royalty',
  '/api/copyright/statements',
  '/api/product/booksList',
];
const EXPORTS = [
  { url: '/api/copyright/exportRoyalty', fileName: 'Royalty.xlsx' },
  { url: '/api/copyright/exportBooks', fileName: 'Books.xlsx' },
];

/** the console's lists (issue 57): an operator's token opens them, a company's never does */
const ADMIN_LISTS = new Set(['/api/admin/audit', '/api/admin/mails']);
LISTS.push(...ADMIN_LISTS);

function call(kind: 'list' | 'export', target: string, range: object) {
  if (kind === 'list')
    return t.inject(ADMIN_LISTS.has(target) ? operatorToken : token, {
      method: 'GET',
      url: `${target}?start=0&length=10&search_value=${encodeURIComponent(JSON.stringify(range))}`,
    });
  const e = EXPORTS.find((x) => x.url === target)!;
  return t.inject(token, { method: 'POST', url: target, payload: { fileName: e.fileName, search_value: range } });
}
const targets = [...LISTS.map((u) => ['list', u] as const), ...EXPORTS.map((e) => ['export', e.url] as const)];

describe('date filters', () => {
  it('year 0000 (PostgreSQL has no year 0) is a 400 naming the field, on every list and export', async () => {
    for (const [kind, target] of targets)
      for (const range of [{ startDate: '0000-01-01' }, { endDate: '0000-02-29' }, { startDate: '0000-12-31', endDate: '2026-01-01' }]) {
        const res = await call(kind, target, range);
        expect(res.statusCode, `${target} ${JSON.stringify(range)}: ${res.body}`).toBe(400);
        expect(envelopeProblem(res)).toBeNull();
        expect(
          res
            .json()
            .issues.map((i: { path: string }) => i.path)
            .join(),
        ).toMatch(/startDate|endDate/);
      }
  });

  it(`the documented range ${DATE_MIN} to ${DATE_MAX} answers 200 at both ends, on every list and export`, async () => {
    for (const [kind, target] of targets)
      for (const range of [
        { startDate: DATE_MIN, endDate: DATE_MAX },
        { startDate: DATE_MIN, endDate: DATE_MIN },
        { startDate: DATE_MAX, endDate: DATE_MAX },
        // ends inside the first month there is: no whole month before it (regression: 500 on the invoice list)
        { endDate: '0001-01-15' },
        { startDate: '9999-12-15' },
      ]) {
        const res = await call(kind, target, range);
        expect(res.statusCode, `${target} ${JSON.stringify(range)}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    // and they find what lies at the ends
    const all = await call('list', '/api/calculate/buyInvoiceSend', { startDate: DATE_MIN, endDate: DATE_MAX });
    expect(all.json().total_cnt).toBe(3);
    const first = await call('list', '/api/calculate/buyInvoiceSend', { endDate: '0001-01-15' });
    expect(first.json().total_cnt).toBe(1);
    const last = await call('list', '/api/calculate/buyInvoiceSend', { startDate: '9999-12-15' });
    expect(last.json().total_cnt).toBe(1);
  });
});

describe('bodies of the wrong JSON type', () => {
  it('a JSON null, array, string or number body is a 400 on the profile, address and password writes', async () => {
    const writes = [
      { method: 'PATCH', url: `/api/company/companyUpdate/${me.idx}` },
      { method: 'POST', url: '/api/company/CompanyAddress' },
      { method: 'PATCH', url: `/api/company/CompanyAddress/${addressIdx}` },
      { method: 'PATCH', url: '/api/company/passwordUpdate/' },
      { method: 'PATCH', url: '/api/company/passwordUpdate' },
    ] as const;
    for (const w of writes)
      for (const payload of ['null', '[]', '[null]', '"text"', '0', 'true']) {
        const res = await t.inject(token, { ...w, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${w.method} ${w.url} ${payload}: ${res.body}`).toBe(400);
        expect(envelopeProblem(res)).toBeNull();
        expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'body' }] });
      }
    // nothing was changed by them: the password still works
    expect(
      (
        await t.inject(null, {
          method: 'POST',
          url: '/api/company/login',
          payload: { id: me.id, password: me.password, company_division: 'AUT' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
