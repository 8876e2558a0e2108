/**
 * (issue 58) 2-step login (TOTP, RFC 6238): enrolment, login with a code, each code once, ±1 step, recovery codes,
 * wrong codes throttled like passwords, an owner's requirement and the set-up gate, and turning it off.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, insertUser } from '../../db/seed/companies';
import { seedDemo } from '../../db/seed/demo';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { rememberSecret } from '../../test/log-capture';

let t: TestContext;
const PASSWORD = 'two-step-pass-58';

beforeAll(async () => {
  t = await createTestApp();
  rememberSecret(PASSWORD);
});
afterAll(() => t.close());

/** The code an authenticator app shows for `secret` at the test clock's time plus `steps` steps. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: t.clock.now().getTime() + steps * 30_000,
  });

const login = (id: string, password: string, otp?: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT', ...(otp ? { otp } : {}) } });
const post = (token: string, url: string, payload: object = {}) => t.inject(token, { method: 'POST', url, payload });
const put = (token: string, url: string, payload: object) => t.inject(token, { method: 'PUT', url, payload });
const get = (token: string, url: string) => t.inject(token, { method: 'GET', url });

/** A new user (editorial) of a new company, logged in; the company's owner token too. */
async function newUser(role: 'editorial' | 'accounting' = 'editorial') {
  const company = await t.createCompany();
  const loginId = `${company.id}-u`;
  const idx = await insertUser(t.db, { companyIdx: company.idx, loginId, name: 'U', email: '', role }, PASSWORD);
  return { company, loginId, idx, token: await t.login(loginId, PASSWORD), owner: await t.login(company.id, company.password) };
}

/** Sets up and turns on 2-step login for a logged-in user; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = await post(token, '/api/company/two-step/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await post(token, '/api/company/two-step/enable', { code: codeAt(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('enrolment', () => {
  it('setup answers a base32 secret, its otpauth URI and an SVG QR code; nothing is on until a code confirms it', async () => {
    const u = await newUser();
    const res = await post(u.token, '/api/company/two-step/setup');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Publisher%20Portal:/);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // pending: the login still takes the password alone, and loginInfo says it is off
    expect((await login(u.loginId, PASSWORD)).statusCode).toBe(200);
    expect((await get(u.token, '/api/company/loginInfo')).json().user.two_step).toBe(false);
  });

  it('a wrong code does not turn it on; the right one does and answers ten distinct recovery codes once', async () => {
    const u = await newUser();
    const { secret } = (await post(u.token, '/api/company/two-step/setup')).json<{ secret: string }>();
    const wrong = await post(u.token, '/api/company/two-step/enable', { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWO_STEP_FAILED');
    const ok = await post(u.token, '/api/company/two-step/enable', { code: codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await get(u.token, '/api/company/loginInfo')).json().user.two_step).toBe(true);
    // on: no second set-up, no second enable
    expect((await post(u.token, '/api/company/two-step/setup')).json().code).toBe('TWO_STEP_ENABLED');
    expect((await post(u.token, '/api/company/two-step/enable', { code: codeAt(secret) })).json().code).toBe('TWO_STEP_NOT_PENDING');
    // the server keeps hashes, not the codes
    const [row] = await t.db.select().from(companyUsers).where(eq(companyUsers.idx, u.idx));
    expect(row!.totpEnabledAt).toBeInstanceOf(Date);
  });
});

describe('login with 2-step login on', () => {
  it('the password alone answers 401 TWO_STEP_REQUIRED without a session; with the code it logs in', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    t.clock.advance(30_000);
    const asked = await login(u.loginId, PASSWORD);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'TWO_STEP_REQUIRED', requestId: expect.any(String) });
    expect(asked.json().access_token).toBeUndefined();
    // a wrong password with a right code is still LOGIN_FAILED (the code is not even looked at)
    expect((await login(u.loginId, 'wrong-password', codeAt(secret))).json().code).toBe('LOGIN_FAILED');
    const ok = await login(u.loginId, PASSWORD, codeAt(secret));
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ access_token: string }>().access_token;
    expect((await get(token, '/api/company/loginInfo')).json().user).toMatchObject({ id: u.loginId, two_step: true });
  });

  it('each code once: the same code again is refused, and so is an older one after a newer was used', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    t.clock.advance(30_000);
    const code = codeAt(secret);
    expect((await login(u.loginId, PASSWORD, code)).statusCode).toBe(200);
    const again = await login(u.loginId, PASSWORD, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_STEP_FAILED');
    // the next step's code is good; then the previous step's (still within the window) is not
    t.clock.advance(30_000);
    const previous = codeAt(secret, -1);
    expect((await login(u.loginId, PASSWORD, codeAt(secret))).statusCode).toBe(200);
    expect((await login(u.loginId, PASSWORD, previous)).json().code).toBe('TWO_STEP_FAILED');
  });

  it('a code of the step before or after is accepted; two steps away is refused', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    // the enrolment used the current step: move on so the window's steps are all unused
    t.clock.advance(5 * 30_000);
    expect((await login(u.loginId, PASSWORD, codeAt(secret, -2))).json().code).toBe('TWO_STEP_FAILED');
    expect((await login(u.loginId, PASSWORD, codeAt(secret, 2))).json().code).toBe('TWO_STEP_FAILED');
    expect((await login(u.loginId, PASSWORD, codeAt(secret, -1))).statusCode).toBe(200);
    expect((await login(u.loginId, PASSWORD, codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('a recovery code logs in once (typed in lower case without its dash too); used again it is refused', async () => {
    const u = await newUser();
    const { recovery } = await enrol(u.token);
    const first = recovery[3]!;
    expect((await login(u.loginId, PASSWORD, first.replace('-', '').toLowerCase())).statusCode).toBe(200);
    const again = await login(u.loginId, PASSWORD, first);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_STEP_FAILED');
    // the others still work, each once
    expect((await login(u.loginId, PASSWORD, recovery[7]!)).statusCode).toBe(200);
    // another user's recovery code is not this user's
    const other = await newUser();
    const theirs = (await enrol(other.token)).recovery[0]!;
    expect((await login(u.loginId, PASSWORD, theirs)).json().code).toBe('TWO_STEP_FAILED');
  });

  it('wrong codes are throttled like wrong passwords: after five, 429 RATE_LIMITED even for the right code', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    t.clock.advance(60_000);
    const wrong = codeAt(secret, 10);
    for (let i = 0; i < 5; i++) {
      const res = await login(u.loginId, PASSWORD, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TWO_STEP_FAILED');
    }
    const limited = await login(u.loginId, PASSWORD, codeAt(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // asking for the code (password right, none given) is no failure: once the wait is over the right code logs in
    t.clock.advance(2_000);
    expect((await login(u.loginId, PASSWORD, codeAt(secret))).statusCode).toBe(200);
  });

  it('a password-only login that only asks for the code counts no failure', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    t.clock.advance(30_000);
    for (let i = 0; i < 8; i++) expect((await login(u.loginId, PASSWORD)).json().code).toBe('TWO_STEP_REQUIRED');
    expect((await login(u.loginId, PASSWORD, codeAt(secret))).statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('takes the password; afterwards the password alone logs in again', async () => {
    const u = await newUser();
    const { secret } = await enrol(u.token);
    const wrong = await post(u.token, '/api/company/two-step/disable', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PASSWORD_MISMATCH');
    expect((await login(u.loginId, PASSWORD)).json().code).toBe('TWO_STEP_REQUIRED');
    expect((await post(u.token, '/api/company/two-step/disable', { password: PASSWORD })).statusCode).toBe(200);
    expect((await login(u.loginId, PASSWORD)).statusCode).toBe(200);
    expect((await login(u.loginId, PASSWORD, codeAt(secret, 1))).statusCode).toBe(200);
  });
});

describe("an owner requires 2-step login of the company's users", () => {
  it('only an owner sets it, and only once it has 2-step login itself', async () => {
    const u = await newUser();
    const byEditor = await put(u.token, '/api/company/two-step/policy', { require_2fa: true });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().code).toBe('NO_PERMISSION');
    const first = await put(u.owner, '/api/company/two-step/policy', { require_2fa: true });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('TWO_STEP_SETUP_FIRST');
  });

  it('a user without it gets a set-up-only token; once enrolled, everything opens; it cannot turn it off', async () => {
    const u = await newUser();
    await enrol(u.owner);
    expect((await put(u.owner, '/api/company/two-step/policy', { require_2fa: true })).statusCode).toBe(200);
    expect((await get(u.owner, '/api/company/loginInfo')).json().require_2fa).toBe(true);

    // the user's running session is gated at once
    const gated = await get(u.token, '/api/copyright/royalty');
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('TWO_STEP_SETUP_REQUIRED');

    // a new login says so in its answer; the token opens the set-up, loginInfo, logout
    const res = await login(u.loginId, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ two_step_setup_required: true });
    const token = res.json<{ access_token: string }>().access_token;
    expect((await get(token, '/api/company/loginInfo')).statusCode).toBe(200);
    expect((await get(token, '/api/copyright/royalty')).json().code).toBe('TWO_STEP_SETUP_REQUIRED');
    await enrol(token);
    expect((await get(token, '/api/copyright/royalty')).statusCode).toBe(200);
    const off = await post(token, '/api/company/two-step/disable', { password: PASSWORD });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_STEP_REQUIRED_BY_POLICY');

    // lifted: users without it log in as before
    const other = await insertUser(
      t.db,
      { companyIdx: u.company.idx, loginId: `${u.company.id}-v`, name: 'V', email: '', role: 'viewer' },
      PASSWORD,
    );
    expect(other).toBeGreaterThan(0);
    expect((await login(`${u.company.id}-v`, PASSWORD)).json().two_step_setup_required).toBe(true);
    expect((await put(u.owner, '/api/company/two-step/policy', { require_2fa: false })).statusCode).toBe(200);
    expect((await login(`${u.company.id}-v`, PASSWORD)).json().two_step_setup_required).toBeUndefined();
  });
});

describe('the demo seed', () => {
  it('demo-2step logs in with a code of the README secret', async () => {
    await seedDemo(t.db, t.config);
    // this file's wrong codes came from one client: its hour (CLIENT_SCHEDULE) is over
    t.clock.advance(61 * 60_000);
    expect((await login('demo-2step', DEMO_PASSWORD)).json().code).toBe('TWO_STEP_REQUIRED');
    const ok = await login('demo-2step', DEMO_PASSWORD, codeAt(DEMO_TOTP_SECRET));
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ access_token: string }>().access_token;
    expect((await get(token, '/api/company/loginInfo')).json()).toMatchObject({ id: 'demo', user: { role: 'editorial', two_step: true } });
  });
});

describe('operators of the console (ADMIN_REQUIRE_2FA)', () => {
  let a: TestContext;
  beforeAll(async () => {
    a = await createTestApp({ adminRequire2fa: true });
  });
  afterAll(() => a.close());

  const adminLogin = (id: string, password: string, otp?: string) =>
    a.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id, password, ...(otp ? { otp } : {}) } });
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    a.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const opCode = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: a.clock.now().getTime() + steps * 30_000 });

  it('an operator without 2-step login gets a set-up-only token; once enrolled its login needs a code; it cannot turn it off', async () => {
    const op = await createOperator(a.db);
    const first = await adminLogin(op.id, op.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ two_step_setup_required: true });
    const token = first.json<{ access_token: string }>().access_token;
    const gated = await call(token, 'GET', '/api/admin/operators');
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('TWO_STEP_SETUP_REQUIRED');
    expect((await call(token, 'GET', '/api/admin/two-step')).json()).toEqual({ two_step: false, required: true });

    const setup = await call(token, 'POST', '/api/admin/two-step/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json<{ secret: string; otpauth_uri: string }>();
    expect(otpauth_uri).toContain(encodeURIComponent(`admin:${op.id}`));
    const enabled = await call(token, 'POST', '/api/admin/two-step/enable', { code: opCode(secret) });
    expect(enabled.statusCode).toBe(200);
    const recovery = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(recovery).toHaveLength(10);
    // the running session opens everything now
    expect((await call(token, 'GET', '/api/admin/operators')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/admin/two-step')).json()).toEqual({ two_step: true, required: true });

    a.clock.advance(30_000);
    expect((await adminLogin(op.id, op.password)).json().code).toBe('TWO_STEP_REQUIRED');
    const code = opCode(secret);
    const ok = await adminLogin(op.id, op.password, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().two_step_setup_required).toBeUndefined();
    expect((await adminLogin(op.id, op.password, code)).json().code).toBe('TWO_STEP_FAILED');
    expect((await adminLogin(op.id, op.password, recovery[0]!)).statusCode).toBe(200);
    expect((await adminLogin(op.id, op.password, recovery[0]!)).json().code).toBe('TWO_STEP_FAILED');

    const off = await call(ok.json<{ access_token: string }>().access_token, 'POST', '/api/admin/two-step/disable', {
      password: op.password,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_STEP_REQUIRED_BY_POLICY');
  });

  it("an operator's wrong codes are throttled like its wrong passwords", async () => {
    const op = await createOperator(a.db);
    const token = (await adminLogin(op.id, op.password)).json<{ access_token: string }>().access_token;
    const { secret } = (await call(token, 'POST', '/api/admin/two-step/setup')).json<{ secret: string }>();
    await call(token, 'POST', '/api/admin/two-step/enable', { code: opCode(secret) });
    a.clock.advance(60_000);
    for (let i = 0; i < 5; i++) expect((await adminLogin(op.id, op.password, opCode(secret, 9))).json().code).toBe('TWO_STEP_FAILED');
    expect((await adminLogin(op.id, op.password, opCode(secret))).statusCode).toBe(429);
  });
});

describe('operators without ADMIN_REQUIRE_2FA', () => {
  it('log in with the password alone until they enrol; then the code is asked', async () => {
    const op = await createOperator(t.db);
    const login1 = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
    expect(login1.statusCode).toBe(200);
    expect(login1.json().two_step_setup_required).toBeUndefined();
    const token = login1.json<{ access_token: string }>().access_token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: auth })).statusCode).toBe(200);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/admin/two-step/setup', headers: auth })).json<{ secret: string }>();
    const on = await t.app.inject({ method: 'POST', url: '/api/admin/two-step/enable', headers: auth, payload: { code: codeAt(secret) } });
    expect(on.statusCode).toBe(200);
    const asked = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
    expect(asked.json().code).toBe('TWO_STEP_REQUIRED');
    // turning it off takes the password, then the password alone logs in again
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/two-step/disable',
      headers: auth,
      payload: { password: 'nope-nope' },
    });
    expect(wrong.json().code).toBe('PASSWORD_MISMATCH');
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/two-step/disable',
      headers: auth,
      payload: { password: op.password },
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } })).statusCode,
    ).toBe(200);
  });
});
