import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminService } from '../modules/admin/admin.service';
import { createTestApp, type TestContext } from '../test/helper';
import { cliAdminService } from './admin-cli';
import { operatorCommand, UsageError } from './operator-cli';

const DB = process.env.TEST_DB ?? 'pglite';
let t: TestContext;
let admin: AdminService;

/** Runs one CLI command; its printed lines (a secret, when asked, is `asked`). */
async function run(args: string[], asked?: string) {
  const lines: string[] = [];
  await operatorCommand(admin, args, { out: (l) => lines.push(l), askSecret: async () => asked, user: 'ops-user' });
  return lines;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = cliAdminService(t.db, { tokenTtlMinutes: 60 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`npm run portal -- operator (${DB})`, () => {
  it('creates an operator who then logs in at /api/admin/login; the CLI is in the audit log', async () => {
    const out = await run(['create', 'ops.kim', '--password', 'cli-secret-1', '--name', 'Kim Ops']);
    expect(out.join('\n')).toMatch(/Operator ops\.kim created/);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: 'ops.kim', password: 'cli-secret-1' } });
    expect(login.statusCode, login.body).toBe(200);
    const audit = await t.inject(login.json().access_token, { method: 'GET', url: '/api/admin/audit' });
    expect(audit.json().dataset).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor_kind: 'cli', actor: 'ops-user', action: 'operator.create', target: 'ops.kim' }),
      ]),
    );
  });

  it('asks for the password when --password is left out, and refuses a short one or none', async () => {
    await run(['create', 'ops.lee'], 'asked-secret-2');
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: 'ops.lee', password: 'asked-secret-2' } });
    expect(login.statusCode).toBe(200);
    await expect(run(['create', 'ops.park'], 'short')).rejects.toThrow(UsageError);
    await expect(run(['create', 'ops.park'], undefined)).rejects.toThrow(/No password/);
    await expect(run(['create', 'ops.kim', '--password', 'cli-secret-9'])).rejects.toThrow(/exists already/);
  });

  it('creates a scoped key shown once that opens its scope, lists it, and revokes it at once', async () => {
    const out = await run(['key', 'create', 'erp-nightly', '--scope', 'import']);
    const key = out[1]!;
    expect(key).toMatch(/^ppk_/);
    const template = () => t.inject(key, { method: 'GET', url: '/api/admin/imports/invoices/template?format=csv' });
    expect((await template()).statusCode).toBe(200);
    const listed = await run(['key', 'list']);
    const row = listed.find((l) => l.includes('erp-nightly'))!;
    expect(row).toMatch(/import/);
    expect(row).not.toContain(key);
    const idx = row.split('  ')[0]!;
    expect((await run(['key', 'revoke', idx]))[0]).toMatch(/revoked/);
    expect((await template()).statusCode).toBe(401);
    await expect(run(['key', 'create', 'x', '--scope', 'everything'])).rejects.toThrow(/--scope is one of/);
  });

  it('lists operators with their last use, deactivates one (its live token refused at once) and reactivates it (issue 56)', async () => {
    await run(['create', 'ops.choi', '--password', 'cli-secret-7']);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: 'ops.choi', password: 'cli-secret-7' } });
    const token = login.json().access_token as string;
    const row = (await run(['list'])).find((l) => l.includes('ops.choi'))!;
    expect(row).toMatch(/ops\.choi .* active .* last used \d{4}-\d\d-\d\dT/);
    expect((await run(['deactivate', 'ops.choi']))[0]).toMatch(/deactivated; its sessions have ended/);
    expect((await t.inject(token, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await run(['list'])).find((l) => l.includes('ops.choi'))).toMatch(/deactivated/);
    expect((await run(['reactivate', 'ops.choi']))[0]).toMatch(/reactivated/);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: 'ops.choi', password: 'cli-secret-7' } });
    expect(again.statusCode).toBe(200);
    await expect(run(['deactivate', 'nobody-such'])).rejects.toThrow(/No operator nobody-such/);
    await expect(run(['deactivate'])).rejects.toThrow(UsageError);
  });
});
