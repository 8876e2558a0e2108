import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';

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
    // alike but for the request id, which names each request
    expect({ ...wrong.json(), requestId: '' }).toEqual({ ...unknown.json(), requestId: '' });
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: 'Please check your login information.', requestId: expect.any(String) });
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
  it("loginInfo answers the company and its flags, and (issue 58) its login as the company's first user, an owner", async () => {
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
      user: { idx: expect.any(Number), id: 'acme', name: '에이크미 출판', role: 'owner', two_step: false },
      require_2fa: false,
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
    const all = [await t.login('acme', 'acme-pass')];
    for (let i = 0; i < 3; i++) {
      const res = await t.inject(all[i]!, { method: 'GET', url: '/api/company/refresh' });
      expect(res.statusCode).toBe(200);
      all.push(res.json().access_token as string);
    }
    expect(new Set(all).size).toBe(4);
    const claims = JSON.parse(Buffer.from(all[1]!.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.jti).toMatch(/^[\w-]{16}$/);
  });

  it('logout answers success, and afterwards every token of the session is refused', async () => {
    const token = await t.login('acme', 'acme-pass');
    const refreshed = (await t.inject(token, { method: 'GET', url: '/api/company/refresh' })).json().access_token;
    const other = await t.login('acme', 'acme-pass');
    const res = await t.inject(refreshed, { method: 'GET', url: '/api/company/logout' });
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
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required', requestId: expect.any(String) });
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

  it('a token once accepted does not let a copy with another signature through', async () => {
    const token = await t.login('acme', 'acme-pass');
    expect((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
    const [h, p, s] = token.split('.');
    const at = 10;
    const other = `${h}.${p}.${s!.slice(0, at)}${s![at] === 'A' ? 'B' : 'A'}${s!.slice(at + 1)}`;
    await expectAll401(other);
    // and the same payload with the header's spelling changed
    await expectAll401(`${b64({ typ: 'JWT', alg: 'HS256' })}.${p}.${s}`);
    expect((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
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

  it('refuses a token accepted before once it has expired', async () => {
    const token = await t.login('acme', 'acme-pass');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const exp = Math.floor(Date.now() / 1000) + 2;
    const short = signHs256({ ...claims, exp }, t.config.jwtSecret);
    expect((await t.inject(short, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    await expectAll401(short);
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

describe('session lifetime (SESSION_MAX_HOURS) and refresh rotation', () => {
  const refresh = (token: string) => t.inject(token, { method: 'GET', url: '/api/company/refresh' });

  it('a refresh revokes the token it replaced', async () => {
    const first = await t.login('acme', 'acme-pass');
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const second = res.json().access_token as string;
    expect((await t.inject(second, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
    for (const url of ['/api/company/loginInfo', '/api/company/refresh', '/api/common/getCountry']) {
      const old = await t.inject(first, { method: 'GET', url });
      expect(old.statusCode, url).toBe(401);
      expect(old.json().code).toBe('UNAUTHORIZED');
    }
    // the replacement keeps working and can itself be refreshed
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('of concurrent refreshes of one token exactly one gets a new token', async () => {
    const token = await t.login('acme', 'acme-pass');
    const answers = await Promise.all([0, 1, 2, 3].map(() => refresh(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('refresh is refused SESSION_MAX_HOURS (12) after the login, and no token reaches past it', async () => {
    let token = await t.login('acme', 'acme-pass');
    const lifetimes: number[] = [];
    // the user keeps extending every 50 minutes: 13 refreshes reach 10 h 50 min
    for (let i = 0; i < 13; i++) {
      t.clock.advance(50 * 60_000);
      const res = await refresh(token);
      expect(res.statusCode, `refresh ${i + 1}`).toBe(200);
      token = res.json().access_token;
      lifetimes.push(res.json().expires_in);
    }
    expect(lifetimes.every((s) => s === 3600)).toBe(true);
    // at 11 h 40 min the next token ends with the session, 20 minutes later
    t.clock.advance(50 * 60_000);
    const short = await refresh(token);
    expect(short.statusCode).toBe(200);
    expect(short.json().expires_in).toBe(20 * 60);
    const claims = JSON.parse(Buffer.from(short.json().access_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(20 * 60);
    token = short.json().access_token;
    // at 12 h the session is over: refresh and every other call are refused
    t.clock.advance(20 * 60_000);
    const refused = await refresh(token);
    expect(refused.statusCode).toBe(401);
    expect((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(401);
    // a new login starts a new lifetime
    expect((await refresh(await t.login('acme', 'acme-pass'))).json().expires_in).toBe(3600);
  });

  it('SESSION_MAX_HOURS shorter than the token lifetime caps the first token too', async () => {
    const short = await createTestApp({ sessionMaxHours: 0.5 });
    try {
      await short.createCompany({ id: 'brief', password: 'brief-pass' });
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/company/login',
        payload: { id: 'brief', password: 'brief-pass', company_division: 'AUT' },
      });
      expect(res.json().expires_in).toBe(30 * 60);
    } finally {
      await short.close();
    }
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
