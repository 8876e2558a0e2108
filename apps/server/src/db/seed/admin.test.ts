import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { DEMO_OPERATOR, seedAdmin } from './admin';
import type { SeedContext } from './registry';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: DEMO_OPERATOR.id, password } });

describe('the demo operator (demo seed only)', () => {
  it('logs in to the admin area with its password after the seed, and a second seed changes nothing', async () => {
    expect((await login(DEMO_OPERATOR.password)).statusCode).toBe(401);
    const ctx = { db: t.db, now: new Date() } as SeedContext;
    await seedAdmin(ctx);
    await seedAdmin(ctx); // seeding an existing database again must not fail on the unique login id
    const res = await login(DEMO_OPERATOR.password);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login('wrong-password')).statusCode).toBe(401);
    // the token opens the console's API
    const audit = await t.inject(res.json<{ access_token: string }>().access_token, { method: 'GET', url: '/api/admin/audit' });
    expect(audit.statusCode).toBe(200);
  });
});
