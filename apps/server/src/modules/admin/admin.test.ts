import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, type TestCompany, type TestOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';

let t: TestContext;
let op: TestOperator;
let company: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  op = await createOperator(t.db);
  company = await t.createCompany({ password: 'company-pass-1' });
});
afterAll(() => t.close());

async function operatorLogin(id: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id, password } });
}
async function operatorToken(o: TestOperator = op) {
  const res = await operatorLogin(o.id, o.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}
async function createKey(token: string, name: string, scope: string) {
  const res = await t.inject(token, { method: 'POST', url: '/api/admin/keys', payload: { name, scope } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ idx: number; key: string; prefix: string }>();
}

describe('operator login', () => {
  it('answers a token that opens the admin area, and no-store', async () => {
    const res = await operatorLogin(op.id, op.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const keys = await t.inject(res.json().access_token, { method: 'GET', url: '/api/admin/keys' });
    expect(keys.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown id and a deactivated operator alike, with the request id', async () => {
    const inactive = await createOperator(t.db, { active: false });
    for (const [id, password] of [
      [op.id, 'wrong-password'],
      ['nobody-here', op.password],
      [inactive.id, inactive.password],
    ] as const) {
      const res = await operatorLogin(id, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', requestId: res.headers['x-request-id'] });
    }
  });

  it("a company's password does not log in as an operator, and an operator's token dies when the operator is deactivated", async () => {
    expect((await operatorLogin(company.id, company.password)).statusCode).toBe(401);
    const other = await createOperator(t.db);
    const token = await operatorToken(other);
    expect((await t.inject(token, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(200);
    const { operators } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(operators).set({ active: false }).where(eq(operators.idx, other.idx));
    const res = await t.inject(token, { method: 'GET', url: '/api/admin/audit' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('operator sessions (issue 56)', () => {
  const audit = (token: string) => t.inject(token, { method: 'GET', url: '/api/admin/audit' });

  it('logout revokes the token at once; another session of the same operator lives on', async () => {
    const token = await operatorToken();
    const other = await operatorToken();
    expect((await audit(token)).statusCode).toBe(200);
    const out = await t.inject(token, { method: 'POST', url: '/api/admin/logout' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ status: 'success' });
    const after = await audit(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.inject(token, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
    expect((await audit(other)).statusCode).toBe(200);
    // a key has no session to end
    const { key } = await createKey(other, 'no logout', 'import');
    expect((await t.inject(key, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });

  it('deactivating an operator refuses its live token at once and its login; reactivating lets it log in again (not the old token); an operator cannot deactivate itself', async () => {
    const boss = await operatorToken();
    const other = await createOperator(t.db);
    const live = await operatorToken(other);
    expect((await audit(live)).statusCode).toBe(200);
    const off = await t.inject(boss, { method: 'POST', url: `/api/admin/operators/${other.idx}/deactivate` });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ idx: other.idx, login_id: other.id, active: false });
    expect((await audit(live)).statusCode).toBe(401);
    expect((await operatorLogin(other.id, other.password)).statusCode).toBe(401);
    const on = await t.inject(boss, { method: 'POST', url: `/api/admin/operators/${other.idx}/reactivate` });
    expect(on.json()).toMatchObject({ active: true });
    // the sessions ended with the deactivation stay ended
    expect((await audit(live)).statusCode).toBe(401);
    expect((await audit(await operatorToken(other))).statusCode).toBe(200);
    const self = await t.inject(boss, { method: 'POST', url: `/api/admin/operators/${op.idx}/deactivate` });
    expect(self.statusCode).toBe(409);
    expect((await t.inject(boss, { method: 'POST', url: '/api/admin/operators/999999/deactivate' })).statusCode).toBe(404);
    const entries = (await audit(boss)).json().dataset.map((e: { action: string; target: string }) => `${e.action} ${e.target}`);
    expect(entries.slice(0, 2)).toEqual([`operator.reactivate ${other.id}`, `operator.deactivate ${other.id}`]);
    // operators only: no key opens these routes
    const { key } = await createKey(boss, 'ops key', 'companies');
    expect((await t.inject(key, { method: 'POST', url: `/api/admin/operators/${other.idx}/deactivate` })).statusCode).toBe(401);
    expect((await t.inject(key, { method: 'GET', url: '/api/admin/operators' })).statusCode).toBe(401);
  });

  it("the operator list shows each operator with its last use (login or call, to the minute), and the key list its keys' last use", async () => {
    const fresh = await createOperator(t.db);
    const boss = await operatorToken();
    const listed = async () =>
      (await t.inject(boss, { method: 'GET', url: '/api/admin/operators' })).json<{
        dataset: { idx: number; login_id: string; active: boolean; last_used_at: string | null }[];
      }>().dataset;
    expect((await listed()).find((o) => o.idx === fresh.idx)).toMatchObject({ login_id: fresh.id, active: true, last_used_at: null });
    const token = await operatorToken(fresh);
    const loggedIn = (await listed()).find((o) => o.idx === fresh.idx)!.last_used_at;
    expect(loggedIn).toBe(t.clock.now().toISOString());
    // a call within the minute is not a write; one later moves the last use
    t.clock.advance(30_000);
    await audit(token);
    expect((await listed()).find((o) => o.idx === fresh.idx)!.last_used_at).toBe(loggedIn);
    t.clock.advance(31_000);
    await audit(token);
    expect((await listed()).find((o) => o.idx === fresh.idx)!.last_used_at).toBe(t.clock.now().toISOString());

    const { idx, key } = await createKey(boss, 'used key', 'import');
    await t.inject(key, { method: 'GET', url: '/api/admin/import-runs' });
    const keys = (await t.inject(boss, { method: 'GET', url: '/api/admin/keys' })).json<{
      dataset: { idx: number; last_used_at: string | null }[];
    }>();
    expect(keys.dataset.find((k) => k.idx === idx)!.last_used_at).toBe(t.clock.now().toISOString());
  });
});

describe('operator API keys', () => {
  it('shows the key once, lists it by prefix without the key or its hash, records its last use, and revokes it at once', async () => {
    const token = await operatorToken();
    const created = await createKey(token, 'erp nightly', 'import');
    expect(created.key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const list = await t.inject(token, { method: 'GET', url: '/api/admin/keys' });
    const listed = list.json().dataset.find((k: { idx: number }) => k.idx === created.idx);
    expect(listed).toMatchObject({ name: 'erp nightly', scope: 'import', revoked_at: null, last_used_at: null });
    expect(list.body).not.toContain(created.key);
    expect(Object.keys(listed)).not.toContain('key');

    // a key opens no operator-only route (keys, audit), whatever its scope
    const byKey = await t.inject(created.key, { method: 'GET', url: '/api/admin/keys' });
    expect(byKey.statusCode).toBe(401);
    expect(byKey.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: byKey.headers['x-request-id'] });

    const revoked = await t.inject(token, { method: 'DELETE', url: `/api/admin/keys/${created.idx}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const missing = await t.inject(token, { method: 'DELETE', url: '/api/admin/keys/999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad scope and a blank name', async () => {
    const token = await operatorToken();
    for (const payload of [
      { name: 'x', scope: 'everything' },
      { name: ' ', scope: 'import' },
    ]) {
      const res = await t.inject(token, { method: 'POST', url: '/api/admin/keys', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('areas stay apart', () => {
  it("a company's token opens no admin route, an operator's token and a key open no company route", async () => {
    const companyToken = await t.login(company.id, company.password);
    const token = await operatorToken();
    const { key } = await createKey(token, 'companies job', 'companies');
    for (const url of ['/api/admin/keys', '/api/admin/audit', '/api/admin/mails']) {
      const res = await t.inject(companyToken, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    for (const bearer of [token, key]) {
      const res = await t.inject(bearer, { method: 'GET', url: '/api/company/loginInfo' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    // the same company token still works where it belongs
    expect((await t.inject(companyToken, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('records key creation and revocation with who did it, newest first, paged', async () => {
    const token = await operatorToken();
    const { idx } = await createKey(token, 'audited key', 'content');
    await t.inject(token, { method: 'DELETE', url: `/api/admin/keys/${idx}` });
    const res = await t.inject(token, { method: 'GET', url: '/api/admin/audit?start=0&length=2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dataset).toHaveLength(2);
    expect(body.total_cnt).toBeGreaterThanOrEqual(2);
    expect(body.dataset[0]).toMatchObject({ actor_kind: 'operator', actor: op.id, action: 'key.revoke', target: 'audited key (content)' });
    expect(body.dataset[1]).toMatchObject({ actor_kind: 'operator', actor: op.id, action: 'key.create', target: 'audited key (content)' });
  });
});
