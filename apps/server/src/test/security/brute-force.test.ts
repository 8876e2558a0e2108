/**
 * Brute force (ASVS V2.2, OWASP API4:2023) on the fake clock, no sleeping: after the per-account
 * limit every call that checks a password answers 429 with Retry-After, an attacker who keeps
 * going does not extend the lock, and the real user, from another client, logs in once the
 * attacker stops and Retry-After has passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT, WINDOW_MS } from '../../modules/auth/throttle';
import { createTestApp, type TestContext } from '../helper';
import { loadOperations, type Operation } from './openapi';

let t: TestContext;
let ops: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  ops = await loadOperations(t.app);
});
afterAll(() => t.close());

const ATTACKER = '203.0.113.66';
const USER = '198.51.100.20';
const login = (id: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT' }, remoteAddress: ip });

describe('brute force', () => {
  it('locks the account after the limit, ignores the attacker while locked, and lets the user in after Retry-After', async () => {
    const victim = await t.createCompany({ password: 'victim-pass-1' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      // the attacker rotates addresses: the per-account limit still holds
      const res = await login(victim.id, `guess-${i}`, `203.0.113.${i % 50}`);
      expect(res.statusCode).toBe(401);
      t.clock.advance(10_000);
    }
    const blocked = await login(victim.id, 'guess-x', ATTACKER);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= WINDOW_MS / 1000).toBe(true);

    // the right password from the user's own client is refused too while locked: no oracle
    expect((await login(victim.id, victim.password, USER)).statusCode).toBe(429);

    // an attacker who keeps hammering while locked does not push the unlock time further
    for (let i = 0; i < 30; i++) {
      t.clock.advance(1000);
      const res = await login(victim.id, `more-${i}`, ATTACKER);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(retryAfter - i);
    }
    // the attacker stops; Retry-After passes on the clock; the user logs in from another client
    t.clock.advance(retryAfter * 1000);
    const ok = await login(victim.id, victim.password, USER);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
  }, 120_000);

  it('counts the other password checks (passwordCheck, passwordUpdate) towards the same lock', async () => {
    const victim = await t.createCompany({ password: 'victim-pass-2' });
    const token = await t.login(victim.id, victim.password);
    const update = ops.find((o) => o.method === 'PATCH' && o.path.startsWith('/api/company/passwordUpdate'));
    const wrongCheck = (i: number) =>
      t.inject(token, { method: 'GET', url: `/api/common/passwordCheck?id=${victim.id}&password=wrong-${i}`, remoteAddress: ATTACKER });
    const wrongUpdate = (i: number) =>
      t.inject(token, { method: 'PATCH', url: update!.path, payload: { password_current: `wrong-${i}`, password_change: 'new-pass-123' }, remoteAddress: ATTACKER });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = update && i % 2 ? await wrongUpdate(i) : await wrongCheck(i);
      expect(res.statusCode).toBeLessThan(500);
      t.clock.advance(1000);
    }
    const check = await wrongCheck(999);
    expect(check.statusCode).toBe(429);
    expect(Number(check.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(victim.id, victim.password, USER)).statusCode).toBe(429);
    if (update) {
      const res = await t.inject(token, { method: 'PATCH', url: update.path, payload: { password_current: victim.password, password_change: 'new-pass-123' } });
      expect(res.statusCode).toBe(429);
    } else console.log('[brute force] no PATCH company/passwordUpdate yet: only passwordCheck counted');
    t.clock.advance(WINDOW_MS);
    expect((await login(victim.id, victim.password, USER)).statusCode).toBe(200);
  }, 120_000);

  it('another account from the attacker’s network is not locked by the victim’s lock', async () => {
    const other = await t.createCompany({ password: 'other-pass-1' });
    expect((await login(other.id, other.password, '192.0.2.10')).statusCode).toBe(200);
  });
});
