import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { MAX_FAILURES_PER_ACCOUNT, WINDOW_MS } from './throttle';

let t: TestContext;
let acme: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.createCompany({ id: 'acme', password: 'acme-pass', companyName: '에이크미 출판', saleInfoDisplay: 'Y', buyOnCredit: 'Y' });
});
afterAll(() => t.close());

const login = (body: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: body, remoteAddress: ip });

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
function signHs256(payload: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }) {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe(`login (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('answers a token and its lifetime for the right password', async () => {
    const res = await login({ id: 'acme', password: 'acme-pass', company_division: 'AUT' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.expires_in).toBe(3600);
  });

  it('answers a wrong password and an unknown id alike: 401 LOGIN_FAILED', async () => {
    const wrong = await login({ id: 'acme', password: 'nope-nope', company_division: 'AUT' }, '10.9.0.1');
    const unknown = await login({ id: 'nobody', password: 'nope-nope', company_division: 'AUT' }, '10.9.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: 'Please check your login information.' });
  });

  it('refuses a company of another division, and a login asking for another division', async () => {
    await t.createCompany({ id: 'other-div', password: 'other-pass', codeCompanyDivision: 'PUB' });
    const res = await login({ id: 'other-div', password: 'other-pass', company_division: 'PUB' }, '10.9.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN_FAILED');
    const asked = await login({ id: 'acme', password: 'acme-pass', company_division: 'PUB' }, '10.9.0.2');
    expect(asked.statusCode).toBe(401);
  });

  it('answers 400 with the envelope for missing fields', async () => {
    const res = await login({ id: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['body.id', 'body.password']));
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('session calls', () => {
  it('loginInfo answers the company and its flags', async () => {
    const token = await t.login('acme', 'acme-pass');
    const res = await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      idx: acme.idx,
      id: 'acme',
      company_name: '에이크미 출판',
      country: 'KOR',
      code_company_division: 'AUT',
      buy_rights: 'N',
      sale_rights: 'N',
      saleInfo_display: 'Y',
      buy_onCredit: 'Y',
      buy_consignment: 'N',
      buy_prepayment: 'N',
      sale_onCredit: 'N',
      sale_consignment: 'N',
      sale_prepayment: 'N',
    });
  });

  it('refresh answers a new working token', async () => {
    const token = await t.login('acme', 'acme-pass');
    t.clock.advance(1000);
    const res = await t.inject(token, { method: 'GET', url: '/api/company/refresh' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().access_token as string;
    expect(res.json().expires_in).toBe(3600);
    const info = await t.inject(fresh, { method: 'GET', url: '/api/company/loginInfo' });
    expect(info.statusCode).toBe(200);
  });

  it('tokens issued in the same second differ (a refresh right after login is a new token), with iat and exp', async () => {
    const token = await t.login('acme', 'acme-pass');
    const again = await Promise.all([0, 1, 2].map(() => t.inject(token, { method: 'GET', url: '/api/company/refresh' })));
    const all = [token, ...again.map((r) => r.json().access_token as string)];
    expect(new Set(all).size).toBe(4);
    const claims = JSON.parse(Buffer.from(all[1]!.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.jti).toMatch(/^[\w-]{16}$/);
  });

  it('logout answers success, and afterwards every token of the session is refused', async () => {
    const token = await t.login('acme', 'acme-pass');
    const refreshed = (await t.inject(token, { method: 'GET', url: '/api/company/refresh' })).json().access_token;
    const other = await t.login('acme', 'acme-pass');
    const res = await t.inject(token, { method: 'GET', url: '/api/company/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    for (const url of ['/api/company/loginInfo', '/api/common/getCountry', '/api/company/refresh']) {
      expect((await t.inject(token, { method: 'GET', url })).statusCode).toBe(401);
      expect((await t.inject(refreshed, { method: 'GET', url })).statusCode).toBe(401);
    }
    // another session of the same company is untouched
    expect((await t.inject(other, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  const protectedCalls = [
    '/api/company/loginInfo',
    '/api/company/refresh',
    '/api/company/logout',
    '/api/common/getCountry',
    '/api/common/getCurrency',
    '/api/common/getCompanyDivision',
    '/api/common/getBisgCode',
    '/api/common/passwordCheck?id=acme&password=acme-pass',
  ];

  async function expectAll401(token: string | null, headers: Record<string, string> = {}) {
    for (const url of protectedCalls) {
      const res = await t.inject(token, { method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    }
  }

  it('refuses calls without a token', () => expectAll401(null));
  it('refuses a malformed authorization header', () => expectAll401(null, { authorization: 'Bearer not.a.jwt' }));

  it('refuses a tampered payload', async () => {
    const token = await t.login('acme', 'acme-pass');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${b64({ ...claims, sub: String(Number(claims.sub) + 1) })}.${s}`;
    await expectAll401(forged);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await expectAll401(signHs256(claims, 'another-secret-another-secret-1234'));
  });

  it("refuses alg 'none'", async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await expectAll401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
  });

  it('refuses an expired token with a live session', async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    await expectAll401(signHs256({ ...claims, iat: now - 7200, exp: now - 3600 }, t.config.jwtSecret));
  });

  it('refuses a token that is not yet valid', async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    await expectAll401(signHs256({ ...claims, nbf: now + 3600 }, t.config.jwtSecret));
  });

  it('accepts a correctly signed token (the forging helper itself is right)', async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const res = await t.inject(signHs256(claims, t.config.jwtSecret), { method: 'GET', url: '/api/company/loginInfo' });
    expect(res.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 100 failures, and lets the user in once the window drains', async () => {
    const victim = await t.createCompany({ id: 'victim', password: 'victim-pass' });
    const attacker = '203.0.113.7';
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await login({ id: victim.id, password: `guess-${i}`, company_division: 'AUT' }, attacker);
      expect(res.statusCode).toBe(401);
      t.clock.advance(1000);
    }
    const blocked = await login({ id: victim.id, password: 'guess-x', company_division: 'AUT' }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    // the right password is refused too while the account is shut: no oracle for the attacker
    const stillShut = await login({ id: victim.id, password: victim.password, company_division: 'AUT' }, '198.51.100.2');
    expect(stillShut.statusCode).toBe(429);
    // the attacker stops; after Retry-After the real user, from another client, logs in
    t.clock.advance(retryAfter * 1000);
    const ok = await login({ id: victim.id, password: victim.password, company_division: 'AUT' }, '198.51.100.2');
    expect(ok.statusCode).toBe(200);
  });

  it('limits failures per client address across accounts', async () => {
    const sprayer = '203.0.113.99';
    for (let i = 0; i < 100; i++) {
      await login({ id: `spray-${i}`, password: 'password1', company_division: 'AUT' }, sprayer);
    }
    const res = await login({ id: 'acme', password: 'acme-pass', company_division: 'AUT' }, sprayer);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // other clients are not affected
    expect((await login({ id: 'acme', password: 'acme-pass', company_division: 'AUT' }, '10.1.1.1')).statusCode).toBe(200);
    t.clock.advance(WINDOW_MS + 1000);
  });
});

describe('health', () => {
  it('answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the 404 envelope (after auth)', async () => {
    const token = await t.login('acme', 'acme-pass');
    const res = await t.inject(token, { method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/company/login', '/api/common/getCountry']));
  });
});
