/**
 * Graceful shutdown and input hardening that every route shares (plugins/shutdown, plugins/input-guard):
 * while draining, new requests answer 503 with the envelope and in-flight ones finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('input guard (regression: a NUL character answered 500 on 19 calls of copyright, company, help and product)', () => {
  it('answers 400 VALIDATION for a NUL in a path, a query, a JSON search_value or a body', async () => {
    {
      const app = t;
      const company = await app.createCompany({ password: 'guard-pass' });
      const token = await app.login(company.id, company.password);
      const calls = [
        { method: 'GET', url: `/api/copyright/royalty?search_value=${encodeURIComponent(JSON.stringify({ customerName: 'a\u0000b' }))}` },
        { method: 'GET', url: `/api/product/booksList?search_value=${encodeURIComponent(JSON.stringify({ keyword: 'a\u0000b' }))}` },
        { method: 'GET', url: '/api/help/bbs/a%00b' },
        { method: 'POST', url: '/api/company/CompanyContactPerson', payload: { name: 'a\u0000b', email: 'x@example.com' } },
        { method: 'POST', url: '/api/help/fileDownload', payload: { fileName: 'a\u0000b' } },
      ] as const;
      for (const c of calls) {
        const res = await app.inject(token, c);
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(res.json().issues[0].message).toBe('must not contain a NUL character');
      }
    }
  });
});

describe('security headers (regression: the API docs pages allowed <base> and same-origin framing)', () => {
  it("send CSP object-src/base-uri/frame-ancestors 'none' and nosniff on API answers, errors and the docs pages", async () => {
    const token = await t.login((await t.createCompany({ password: 'headers-pass' })).id, 'headers-pass');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/company/loginInfo' }),
      await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' }),
      await t.inject(token, { method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/docs' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' }),
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

// last: it closes the app
describe('graceful shutdown', () => {
  it('lets a request in flight finish, answers new ones 503 with the envelope, and closes', async () => {
    const company = await t.createCompany({ password: 'drain-pass' });
    const token = await t.login(company.id, company.password);
    // straight to app.inject (t.inject first waits for the change feed): the timing matters here
    const inject = (opts: { method: 'GET'; url: string }) => t.app.inject({ ...opts, headers: { authorization: `Bearer ${token}` } });
    // a request that is running when the drain starts (argon2 verification keeps it busy a while)
    const inFlight = inject({ method: 'GET', url: `/api/common/passwordCheck?id=${company.id}&password=drain-pass` });
    await new Promise((r) => setImmediate(r));
    const drained = t.app.drain();
    expect(t.app.draining).toBe(true);
    const late = await inject({ method: 'GET', url: '/api/company/loginInfo' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
    expect(late.headers['retry-after']).toBe('5');
    expect(late.headers.connection).toBe('close');
    const done = await inFlight;
    expect(done.statusCode).toBe(200);
    await drained;
  });
});
