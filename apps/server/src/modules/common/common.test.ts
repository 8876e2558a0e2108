import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.createCompany({ id: 'lookup', password: 'lookup-pass' });
  token = await t.login('lookup', 'lookup-pass');
});
afterAll(() => t.close());

const get = (url: string, tok: string | null = token) => t.inject(tok, { method: 'GET', url });

describe(`lookups (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('getCountry answers the full ISO 3166 list with 3-letter codes', async () => {
    const res = await get('/api/common/getCountry');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { idx: number; code_2: string; code_3: string; full_name: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(249);
    expect(rows).toContainEqual(expect.objectContaining({ code_3: 'KOR', code_2: 'KR', full_name: 'South Korea' }));
    expect(rows).toContainEqual(expect.objectContaining({ code_3: 'USA', code_2: 'US' }));
    expect(rows.every((r) => /^[A-Z]{3}$/.test(r.code_3))).toBe(true);
  });

  it('getCurrency answers currencies with their icons', async () => {
    const rows = (await get('/api/common/getCurrency')).json();
    expect(rows).toContainEqual(expect.objectContaining({ name: 'KRW', icon: '₩' }));
    expect(rows).toContainEqual(expect.objectContaining({ name: 'USD', icon: '$' }));
  });

  it('getCompanyDivision includes AUT', async () => {
    const rows = (await get('/api/common/getCompanyDivision')).json();
    expect(rows).toContainEqual(expect.objectContaining({ code: 'AUT' }));
  });

  it('getBisgCode answers nodeId and nodeName', async () => {
    const rows = (await get('/api/common/getBisgCode')).json();
    expect(rows.length).toBeGreaterThan(40);
    expect(rows).toContainEqual({ nodeId: 'FIC000000', nodeName: 'Fiction' });
  });

  it("passwordCheck is true only for the caller's own current password", async () => {
    expect((await get('/api/common/passwordCheck?id=lookup&password=lookup-pass')).json()).toBe(true);
    expect((await get('/api/common/passwordCheck?id=lookup&password=wrong-pass')).json()).toBe(false);
    await t.createCompany({ id: 'someone', password: 'someone-pass' });
    expect((await get('/api/common/passwordCheck?id=someone&password=someone-pass')).json()).toBe(false);
  });

  it('passwordCheck refuses missing parameters with 400', async () => {
    const res = await get('/api/common/passwordCheck?id=lookup');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('POST passwordCheck takes id and password in a JSON body (the password in no URL)', async () => {
    const post = (payload: unknown, tok: string | null = token) =>
      t.inject(tok, { method: 'POST', url: '/api/common/passwordCheck', payload: payload as object });
    expect((await post({ id: 'lookup', password: 'lookup-pass' })).json()).toBe(true);
    expect((await post({ id: 'lookup', password: 'wrong-pass-2' })).json()).toBe(false);
    expect((await post({ id: 'someone', password: 'someone-pass' })).json()).toBe(false);
    expect((await post({ id: 'lookup' })).statusCode).toBe(400);
    expect((await post({ id: 'lookup', password: 'lookup-pass' }, null)).statusCode).toBe(401);
  });

  it('passwordCheck answers, GET and POST, and the token answers are kept by no cache (Cache-Control: no-store)', async () => {
    const answers = [
      await get('/api/common/passwordCheck?id=lookup&password=lookup-pass'),
      await t.inject(token, { method: 'POST', url: '/api/common/passwordCheck', payload: { id: 'lookup', password: 'lookup-pass' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/company/login',
        payload: { id: 'lookup', password: 'lookup-pass', company_division: 'AUT' },
      }),
      // a token of its own: a refresh replaces the token it was called with
      await get('/api/company/refresh', await t.login('lookup', 'lookup-pass')),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("GET passwordCheck's query string (its password) is in no log line, while its request is", async () => {
    expect((await get('/api/common/passwordCheck?id=lookup&password=lookup-pass-in-url')).statusCode).toBe(200);
    const urls = t.logs.entries().map((l) => (l.req as { url?: string } | undefined)?.url);
    expect(urls).toContain('/api/common/passwordCheck?[REDACTED]');
    expect(t.logs.lines.join('')).not.toContain('lookup-pass-in-url');
  });

  it('every lookup needs a token', async () => {
    for (const url of ['/api/common/getCountry', '/api/common/getCurrency', '/api/common/getCompanyDivision', '/api/common/getBisgCode']) {
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
