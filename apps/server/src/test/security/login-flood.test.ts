/**
 * A flood of logins cannot stall the server: per-client rate limits on login and refresh for every
 * outcome (plugins/rate-limit.ts), password hashing in a bounded queue that answers 503 at once
 * when full (lib/password.ts), and health/readiness that never wait behind user work.
 * Speed itself is measured by scripts/bench/login-flood.mjs, not here.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMigrationMillis } from '../../db/client';
import { RATE_LIMIT_POLICIES } from '../../plugins/rate-limit';
import { createTestApp, type TestContext } from '../helper';
import type { TestCompany } from '../factories';

let t: TestContext;
let acme: TestCompany;
beforeAll(async () => {
  t = await createTestApp();
  acme = await t.createCompany({ id: 'flood', password: 'flood-pass' });
});
afterAll(() => t.close());

const login = (ip: string, password = acme.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/login',
    payload: { id: acme.id, password, company_division: 'AUT' },
    remoteAddress: ip,
  });

describe(`per-client rate limits (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('company/login: every outcome counts; over the limit 429 with Retry-After, for that client only, until the window ends', async () => {
    const { max, timeWindow } = RATE_LIMIT_POLICIES.login;
    const ip = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) {
      // successes and failures alike (a wrong password now and then, below the failure throttle)
      const res = await login(ip, i % 10 === 0 ? 'wrong-pass' : acme.password);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max - Math.ceil(max / 10));
    expect(statuses.filter((s) => s === 401)).toHaveLength(Math.ceil(max / 10));
    const over = await login(ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String), requestId: expect.any(String) });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(timeWindow / 1000);
    // another client is not affected
    expect((await login('192.0.2.11')).statusCode).toBe(200);
    t.clock.advance(retryAfter * 1000);
    expect((await login(ip)).statusCode).toBe(200);
  });

  it('company/refresh: every outcome counts, also refused tokens, and the limit is checked before the token', async () => {
    const { max } = RATE_LIMIT_POLICIES.refresh;
    const ip = '192.0.2.20';
    let token = await t.login(acme.id, acme.password);
    const refresh = (tok: string) => t.inject(tok, { method: 'GET', url: '/api/company/refresh', remoteAddress: ip });
    for (let i = 0; i < max; i++) {
      const res = i % 5 === 4 ? await refresh('not.a.token') : await refresh(token);
      if (i % 5 === 4) expect(res.statusCode).toBe(401);
      else {
        expect(res.statusCode).toBe(200);
        token = res.json().access_token;
      }
    }
    const over = await refresh(token);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the token was not spent by the refused call: after the window it refreshes
    t.clock.advance(Number(over.headers['retry-after']) * 1000);
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it('other calls are not rate limited', async () => {
    const token = await t.login(acme.id, acme.password);
    for (let i = 0; i < 2 * RATE_LIMIT_POLICIES.login.max; i++) {
      expect((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo', remoteAddress: '192.0.2.30' })).statusCode).toBe(200);
    }
  });
});

describe('bounded password hashing', () => {
  it('a login that finds the hashing queue full answers 503 with Retry-After at once; the others log in', async () => {
    const small = await createTestApp({ hashConcurrency: 1, hashMaxWaiting: 1 });
    try {
      const c = await small.createCompany({ password: 'queue-pass-1' });
      // 12 logins at once from 12 clients (no per-client limit applies): one hashes, one waits
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          small.app.inject({
            method: 'POST',
            url: '/api/company/login',
            payload: { id: c.id, password: c.password, company_division: 'AUT' },
            remoteAddress: `198.51.100.${100 + i}`,
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(r.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // a 503 is not a failed login: the same clients log in right after
      for (const r of busy.slice(0, 3)) {
        const ip = `198.51.100.${100 + answers.indexOf(r)}`;
        const again = await small.app.inject({
          method: 'POST',
          url: '/api/company/login',
          payload: { id: c.id, password: c.password, company_division: 'AUT' },
          remoteAddress: ip,
        });
        expect(again.statusCode).toBe(200);
      }
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('health and readiness', () => {
  it('/api/health answers while user work holds the database; /api/ready does not queue behind the pool', async () => {
    // user work holds the embedded database (one session: every other statement waits for it) or
    // every connection of the pool: transactions kept open until both have answered
    const hold = t.driver === 'pglite' ? 1 : 5;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: hold }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute('select 1');
        await released;
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const [health, ready] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/ready' }),
    ]);
    release();
    await Promise.all(held);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    if (t.driver === 'pg') {
      // its own connection: a pool taken by user work does not make the server look unready
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    } else {
      // the embedded database stays taken for longer than the readiness timeout: 503, not a hang
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
      expect(Number(ready.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
  }, 30_000);

  it('/api/ready answers 503 while a migration of this build is not applied, 200 once it is', async () => {
    // the newest migration as if this build ran before its database was migrated (a rolling deploy)
    const [newest] = (
      (await t.db.execute(
        sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    expect(Number(newest!.created_at)).toBe(latestMigrationMillis());
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database migrations are not applied.',
        requestId: expect.any(String),
      });
      expect(ready.headers['retry-after']).toBe('5');
      // liveness stays up: the process is fine, only the database lags behind it
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'ready' });
  });

  it('with the database gone, /api/health still answers 200 and /api/ready 503, both without a token', async () => {
    const gone = await createTestApp();
    try {
      await gone.database.close();
      const health = await gone.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const ready = await gone.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) });
    } finally {
      // (closing the app after its database may fail: the change feed cannot unlisten)
      await gone.close().catch(() => rmSync(gone.config.dataDir, { recursive: true, force: true }));
    }
  }, 60_000);
});
