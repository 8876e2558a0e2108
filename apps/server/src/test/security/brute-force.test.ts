/**
 * Brute force (OWASP Authentication cheat sheet "Login Throttling", ASVS V2.2) on the fake clock,
 * no sleeping. Failures slow down the (account, client) pair and the client that made them with
 * growing delays (429 + Retry-After); nobody else: the real user, from a client that has not been
 * failing, always logs in while an attacker hammers the same account. Current-password checks in
 * company settings have a budget of their own that never touches the login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SCHEDULE, PAIR_SCHEDULE, SETTINGS_SCHEDULE } from '../../modules/auth/throttle';
import { createTestApp, type TestContext } from '../helper';
import { createOperator, type TestCompany } from '../factories';

let t: TestContext;
let demo: TestCompany;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.createCompany({ id: 'demo', password: 'demo1234' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const login = (id: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/login',
    payload: { id, password, company_division: 'AUT' },
    remoteAddress: ip,
    headers,
  });
const retryAfterOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

function expectThrottled(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String), requestId: expect.any(String) });
  const after = retryAfterOf(res);
  expect(Number.isInteger(after) && after >= 1).toBe(true);
  return after;
}

describe(`operator login throttling (${process.env.TEST_DB ?? 'pglite'})`, () => {
  const adminLogin = (id: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id, password }, remoteAddress: ip });

  it("the company login's rule: one client guessing an operator is slowed down (429, also for the right password), the operator from another client always gets in", async () => {
    const operator = await createOperator(t.db, { id: 'ops-victim' });
    const attacker = '203.0.113.90';
    let checked = 0;
    for (let i = 1; i <= 120; i++) {
      const res = await adminLogin(operator.id, i === 120 ? operator.password : `guess-${i}`, attacker);
      if (res.statusCode === 401) checked++;
      else expectThrottled(res as Awaited<ReturnType<typeof login>>);
      if (i === 120) expect(res.statusCode).toBe(429);
      t.clock.advance(1000);
      if (i % 30 === 0)
        expect((await adminLogin(operator.id, operator.password, '198.51.100.90')).statusCode, `minute ${i / 60}`).toBe(200);
    }
    expect(checked).toBeGreaterThanOrEqual(PAIR_SCHEDULE.free);
    expect(checked).toBeLessThan(PAIR_SCHEDULE.free + 8);
    // an operator's failures are its own: a company of the same id, from the same client, is not slowed down
    const company = await t.createCompany({ id: 'ops-victim', password: 'same-id-pass-1' });
    expect((await login(company.id, company.password, attacker)).statusCode).toBe(200);
  }, 120_000);
});

describe(`login throttling (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('1,000 guesses at demo from one client: the real user, from another client, logs in every minute and always gets in', async () => {
    const attacker = '203.0.113.66';
    let checked = 0;
    let refused = 0;
    let userLogins = 0;
    for (let i = 1; i <= 1000; i++) {
      // the last guess is the right password: while the client has to wait it gets the same 429
      const res = await login('demo', i === 1000 ? demo.password : `guess-${i}`, attacker);
      if (res.statusCode === 401) checked++;
      else {
        expectThrottled(res);
        refused++;
      }
      if (i === 1000) expect(res.statusCode).toBe(429);
      t.clock.advance(1000);
      if (i % 60 === 0) {
        const ok = await login('demo', demo.password, '198.51.100.20');
        expect(ok.statusCode, `user's login at minute ${i / 60}`).toBe(200);
        userLogins++;
      }
    }
    expect(userLogins).toBe(16);
    // 1,000 s of hammering: the free failures, then one check per doubling delay
    expect(checked).toBeGreaterThanOrEqual(PAIR_SCHEDULE.free);
    expect(checked).toBeLessThanOrEqual(PAIR_SCHEDULE.free + 12);
    expect(refused).toBe(1000 - checked);
  }, 300_000);

  it('an attacker who waits out every Retry-After gets at most ~110 guesses a day at one account, and is never locked out for good', async () => {
    const victim = await t.createCompany({ password: 'victim-pass-1' });
    const attacker = '203.0.113.67';
    const start = t.clock.now().getTime();
    const waits: number[] = [];
    let checked = 0;
    while (t.clock.now().getTime() - start < 24 * 60 * MINUTE) {
      const res = await login(victim.id, `guess-${checked}`, attacker);
      if (res.statusCode === 401) {
        checked++;
        continue;
      }
      const after = expectThrottled(res);
      waits.push(after);
      t.clock.advance(after * 1000);
    }
    // 5 free, 10 doublings (1 s … 512 s), then one every 15 minutes
    expect(checked).toBeGreaterThan(90);
    expect(checked).toBeLessThanOrEqual(115);
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(PAIR_SCHEDULE.capMs / 1000);
    // and the owner, from their own client, was never affected
    expect((await login(victim.id, victim.password, '198.51.100.21')).statusCode).toBe(200);
  }, 300_000);

  it('an attacker spread over 50 accounts from one client is slowed down; other clients are not', async () => {
    const accounts: TestCompany[] = [];
    for (let i = 0; i < 50; i++) accounts.push(await t.createCompany({ password: `spray-pass-${i}` }));
    const sprayer = '203.0.113.99';
    const start = t.clock.now().getTime();
    const waits: number[] = [];
    const checkedAt: number[] = [];
    for (const account of accounts) {
      for (;;) {
        const res = await login(account.id, 'Password1!', sprayer);
        if (res.statusCode === 401) {
          checkedAt.push(t.clock.now().getTime() - start);
          break;
        }
        const after = expectThrottled(res);
        waits.push(after);
        // meanwhile the account's owner logs in from elsewhere
        expect((await login(account.id, account.password, '198.51.100.22')).statusCode).toBe(200);
        t.clock.advance(after * 1000);
      }
    }
    expect(checkedAt).toHaveLength(50);
    // the first failures are free, then every further one is delayed, growing to the cap
    expect(checkedAt.filter((ms) => ms === 0)).toHaveLength(CLIENT_SCHEDULE.free);
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(CLIENT_SCHEDULE.capMs / 1000);
    // about 40 guesses in the first hour instead of 50 at once
    expect(checkedAt.filter((ms) => ms < 60 * MINUTE).length).toBeLessThanOrEqual(42);
    expect(t.clock.now().getTime() - start).toBeGreaterThan(60 * MINUTE);
    // the right password from the sprayer's client waits too (no oracle)
    const own = accounts[0]!;
    expectThrottled(await login(own.id, own.password, sprayer));
  }, 300_000);

  it('a user who mistyped logs in after the short wait, and the pair starts afresh', async () => {
    const user = await t.createCompany({ password: 'typo-pass-1' });
    const ip = '198.51.100.30';
    for (let i = 0; i < PAIR_SCHEDULE.free; i++) expect((await login(user.id, `typo-${i}`, ip)).statusCode).toBe(401);
    expect(expectThrottled(await login(user.id, user.password, ip))).toBe(1);
    t.clock.advance(1000);
    expect((await login(user.id, user.password, ip)).statusCode).toBe(200);
    // after a success the pair's failures are forgotten: five free again
    for (let i = 0; i < PAIR_SCHEDULE.free; i++) expect((await login(user.id, `typo-${i}`, ip)).statusCode).toBe(401);
  });
});

describe('current-password checks in company settings', () => {
  it('have a budget of their own (per account) and never lock the login', async () => {
    const user = await t.createCompany({ password: 'settings-pass-1' });
    const ip = '198.51.100.40';
    const token = await t.login(user.id, user.password);
    const check = (password: string) =>
      t.inject(token, { method: 'GET', url: `/api/common/passwordCheck?id=${user.id}&password=${password}`, remoteAddress: ip });
    const update = (password: string) =>
      t.inject(token, {
        method: 'PATCH',
        url: '/api/company/passwordUpdate',
        payload: { password_current: password, password_change: 'new-pass-123' },
        remoteAddress: ip,
      });
    const answers: number[] = [];
    // far more wrong checks than the old shared limit (100) allowed, from the user's own client
    for (let i = 0; i < 120; i++) {
      const res = i % 2 ? await update(`wrong-${i}`) : await check(`wrong-${i}`);
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, SETTINGS_SCHEDULE.free)).toEqual([200, 400, 200, 400, 200].slice(0, SETTINGS_SCHEDULE.free));
    expect(answers.slice(SETTINGS_SCHEDULE.free)).toEqual(answers.slice(SETTINGS_SCHEDULE.free).map(() => 429));
    // the right current password while the wait lasts: the same 429, then true once it is over
    const early = await check(user.password);
    expect(early.statusCode).toBe(429);
    const after = retryAfterOf(early);
    expect(after).toBeGreaterThanOrEqual(1);
    // the login is untouched: the right password from the same client logs in at once
    expect((await login(user.id, user.password, ip)).statusCode).toBe(200);
    t.clock.advance(after * 1000);
    const late = await check(user.password);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toBe(true);
  }, 120_000);

  it('failed logins do not spend the settings budget', async () => {
    const user = await t.createCompany({ password: 'settings-pass-2' });
    const token = await t.login(user.id, user.password);
    for (let i = 0; i < 10; i++) await login(user.id, `wrong-${i}`, '203.0.113.70');
    const res = await t.inject(token, { method: 'GET', url: `/api/common/passwordCheck?id=${user.id}&password=${user.password}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
  });
});

describe('client address behind a reverse proxy (TRUST_PROXY)', () => {
  it('off by default: X-Forwarded-For is ignored, so an attacker cannot shed its delays by inventing addresses', async () => {
    const victim = await t.createCompany({ password: 'xff-pass-1' });
    const answers: number[] = [];
    for (let i = 0; i < PAIR_SCHEDULE.free + 3; i++) {
      const res = await login(victim.id, `guess-${i}`, '203.0.113.80', { 'x-forwarded-for': `192.0.2.${i}` });
      answers.push(res.statusCode);
    }
    expect(answers.slice(PAIR_SCHEDULE.free)).toEqual([429, 429, 429]);
  });

  for (const [name, trustProxy] of [
    ['a CIDR list', ['10.0.0.0/8']],
    ['a hop count', 1],
  ] as const) {
    it(`with ${name}: the real client behind the proxy is counted, not the proxy`, async () => {
      const behind = await createTestApp({ trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] });
      try {
        const victim = await behind.createCompany({ password: 'proxy-pass-1' });
        const via = (password: string, client: string) =>
          behind.app.inject({
            method: 'POST',
            url: '/api/company/login',
            payload: { id: victim.id, password, company_division: 'AUT' },
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': client },
          });
        let refused = 0;
        for (let i = 0; i < 110; i++) {
          const res = await via(`guess-${i}`, '203.0.113.90');
          if (res.statusCode === 429) refused++;
          behind.clock.advance(1000);
        }
        expect(refused).toBeGreaterThan(90);
        // another user behind the same proxy logs in at once
        expect((await via(victim.password, '198.51.100.50')).statusCode).toBe(200);
        // the attacker's own client still waits, even with the right password
        expect((await via(victim.password, '203.0.113.90')).statusCode).toBe(429);
      } finally {
        await behind.close();
      }
    }, 120_000);
  }
});
