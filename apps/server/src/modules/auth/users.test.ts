/**
 * (issue 58) Users of a company: a user's login, the role on every call, an owner's changes (role, suspend,
 * reactivate, remove) taking effect at once, and the company never left without an active owner.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserRole } from '@portal/contract';
import { DEMO_PASSWORD, insertUser } from '../../db/seed/companies';
import { seedDemo } from '../../db/seed/demo';
import { createTokenSigner } from '../../plugins/auth';
import { createTestApp, type TestContext } from '../../test/helper';
import { rememberSecret } from '../../test/log-capture';
import type { TestCompany } from '../../test/factories';

let t: TestContext;
const PASSWORD = 'user-pass-58';

beforeAll(async () => {
  t = await createTestApp();
  rememberSecret(PASSWORD);
});
afterAll(() => t.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const get = (token: string, url: string) => t.inject(token, { method: 'GET', url });
const patchUser = (token: string, idx: number, payload: object) =>
  t.inject(token, { method: 'PATCH', url: `/api/company/users/${idx}`, payload });
const removeUser = (token: string, idx: number) => t.inject(token, { method: 'DELETE', url: `/api/company/users/${idx}` });

/** A company with its login (an owner) and one user per given role. */
async function companyWith(roles: TUserRole[]) {
  const company = await t.createCompany();
  const users: { idx: number; loginId: string }[] = [];
  for (const [i, role] of roles.entries()) {
    const loginId = `${company.id}-${role}-${i}`;
    users.push({
      idx: await insertUser(t.db, { companyIdx: company.idx, loginId, name: `${role} ${i}`, email: '', role }, PASSWORD),
      loginId,
    });
  }
  const owner = await t.login(company.id, company.password);
  const list = (await get(owner, '/api/company/users')).json().dataset as { idx: number; company_login: boolean }[];
  const loginUser = list.find((u) => u.company_login)!.idx;
  return { company, owner, users, loginUser };
}

describe('a user logs in with its own id (issue 58)', () => {
  let c: Awaited<ReturnType<typeof companyWith>>;
  beforeAll(async () => {
    c = await companyWith(['accounting']);
  });

  it("the company's login is its first user, an owner; the token carries the user and its role", async () => {
    const info = (await get(c.owner, '/api/company/loginInfo')).json();
    expect(info.user).toEqual({ idx: c.loginUser, id: c.company.id, name: expect.any(String), role: 'owner', two_step: false });
    expect(claimsOf(c.owner)).toMatchObject({ sub: String(c.company.idx), uid: c.loginUser, role: 'owner' });
  });

  it("a user's id and password log that user in: loginInfo names it, the company's fields are the company's", async () => {
    const token = await t.login(c.users[0]!.loginId, PASSWORD);
    expect(claimsOf(token)).toMatchObject({ sub: String(c.company.idx), uid: c.users[0]!.idx, role: 'accounting' });
    const info = (await get(token, '/api/company/loginInfo')).json();
    expect(info).toMatchObject({
      idx: c.company.idx,
      id: c.company.id,
      user: { idx: c.users[0]!.idx, id: c.users[0]!.loginId, role: 'accounting' },
    });
    // its role opens settlement, not copyright nor the users
    expect((await get(token, '/api/calculate/buyInvoiceSend')).statusCode).toBe(200);
    const refused = await get(token, '/api/copyright/royalty');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NO_PERMISSION', message: 'no permission', requestId: expect.any(String) });
    expect((await get(token, '/api/company/users')).statusCode).toBe(403);
  });

  it("the user's last login shows in the owner's list", async () => {
    const list = (await get(c.owner, '/api/company/users')).json();
    expect(list.total_cnt).toBe(2);
    expect(list.dataset[0]).toMatchObject({ idx: c.loginUser, id: c.company.id, role: 'owner', status: 'active', company_login: true });
    expect(list.dataset[1]).toMatchObject({ idx: c.users[0]!.idx, role: 'accounting', status: 'active', company_login: false });
    expect(list.dataset[1].last_login_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(JSON.stringify(list)).not.toMatch(/hash|password/i);
  });

  it('a wrong password of a user is a login failure like any other', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/login',
      payload: { id: c.users[0]!.loginId, password: 'wrong-pass', company_division: 'AUT' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN_FAILED');
  });

  it("a token without a user claim (issued before users existed) is its session's user: the company's login", async () => {
    const { sid } = claimsOf(c.owner) as { sid: string };
    const old = createTokenSigner(t.config.jwtSecret)({ sub: String(c.company.idx), sid, div: 'AUT' }, 600);
    const res = await get(old, '/api/company/loginInfo');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ idx: c.loginUser, role: 'owner' });
    // a token naming another user than its session's is refused
    const forged = createTokenSigner(t.config.jwtSecret)({ sub: String(c.company.idx), sid, div: 'AUT', uid: c.users[0]!.idx }, 600);
    expect((await get(forged, '/api/company/loginInfo')).statusCode).toBe(401);
  });

  it('refresh keeps the user and its role', async () => {
    const token = await t.login(c.users[0]!.loginId, PASSWORD);
    const res = await get(token, '/api/company/refresh');
    expect(res.statusCode).toBe(200);
    const fresh = res.json().access_token as string;
    expect(claimsOf(fresh)).toMatchObject({ uid: c.users[0]!.idx, role: 'accounting' });
    expect((await get(fresh, '/api/company/loginInfo')).json().user.idx).toBe(c.users[0]!.idx);
  });
});

describe("an owner's changes take effect at once (issue 58)", () => {
  it('a suspended user: its live token answers 401 at once, its login is refused; reactivated, it logs in again (old tokens stay ended)', async () => {
    const c = await companyWith(['editorial']);
    const user = c.users[0]!;
    const token = await t.login(user.loginId, PASSWORD);
    expect((await get(token, '/api/company/copyright/books')).statusCode).toBe(200);
    expect((await patchUser(c.owner, user.idx, { status: 'suspended' })).statusCode).toBe(200);
    expect((await get(token, '/api/company/copyright/books')).statusCode).toBe(401);
    expect((await get(token, '/api/company/loginInfo')).statusCode).toBe(401);
    await expect(t.login(user.loginId, PASSWORD)).rejects.toThrow(/401/);
    expect((await get(c.owner, '/api/company/users')).json().dataset[1].status).toBe('suspended');
    expect((await patchUser(c.owner, user.idx, { status: 'active' })).statusCode).toBe(200);
    expect((await get(token, '/api/company/loginInfo')).statusCode).toBe(401);
    const again = await t.login(user.loginId, PASSWORD);
    expect((await get(again, '/api/company/copyright/books')).statusCode).toBe(200);
  });

  it("a new role applies to the user's live token on its next call", async () => {
    const c = await companyWith(['accounting']);
    const user = c.users[0]!;
    const token = await t.login(user.loginId, PASSWORD);
    expect((await get(token, '/api/calculate/buyInvoiceSend')).statusCode).toBe(200);
    expect((await patchUser(c.owner, user.idx, { role: 'editorial' })).statusCode).toBe(200);
    expect((await get(token, '/api/calculate/buyInvoiceSend')).statusCode).toBe(403);
    expect((await get(token, '/api/company/copyright/books')).statusCode).toBe(200);
    expect((await get(token, '/api/company/loginInfo')).json().user.role).toBe('editorial');
  });

  it('a removed user: its token answers 401 at once, its login is refused, it leaves the list', async () => {
    const c = await companyWith(['viewer']);
    const user = c.users[0]!;
    const token = await t.login(user.loginId, PASSWORD);
    expect((await get(token, '/api/calculate/buyInvoiceSend')).statusCode).toBe(200);
    expect((await removeUser(c.owner, user.idx)).statusCode).toBe(200);
    expect((await get(token, '/api/calculate/buyInvoiceSend')).statusCode).toBe(401);
    await expect(t.login(user.loginId, PASSWORD)).rejects.toThrow(/401/);
    expect((await get(c.owner, '/api/company/users')).json().total_cnt).toBe(1);
  });

  it("another company's user is not found; a body with neither role nor status is a 400", async () => {
    const a = await companyWith(['viewer']);
    const b = await companyWith([]);
    expect((await patchUser(b.owner, a.users[0]!.idx, { role: 'owner' })).statusCode).toBe(404);
    expect((await removeUser(b.owner, a.users[0]!.idx)).statusCode).toBe(404);
    expect((await patchUser(a.owner, a.users[0]!.idx, {})).statusCode).toBe(400);
    expect((await patchUser(a.owner, a.users[0]!.idx, { role: 'admin' })).statusCode).toBe(400);
    expect((await get(a.owner, '/api/company/users')).json().dataset[1].role).toBe('viewer');
  });
});

describe('the last active owner (issue 58)', () => {
  const expectLastOwner = async (res: { statusCode: number; json: () => { code: string; message: string } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_OWNER');
    expect(res.json().message).toMatch(/active owner/);
  };

  it('the only owner can neither be demoted, suspended nor removed', async () => {
    const c = await companyWith(['accounting']);
    await expectLastOwner(await patchUser(c.owner, c.loginUser, { role: 'viewer' }));
    await expectLastOwner(await patchUser(c.owner, c.loginUser, { status: 'suspended' }));
    await expectLastOwner(await removeUser(c.owner, c.loginUser));
    const info = (await get(c.owner, '/api/company/loginInfo')).json();
    expect(info.user.role).toBe('owner');
  });

  it("with a second owner: the company's login may be demoted, then the other owner is the last one", async () => {
    const c: { company: TestCompany; owner: string; users: { idx: number; loginId: string }[]; loginUser: number } = await companyWith([
      'owner',
    ]);
    const second = c.users[0]!;
    // the company's own login cannot be removed, even with another owner
    const res = await removeUser(c.owner, c.loginUser);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMPANY_LOGIN_USER');
    const secondToken = await t.login(second.loginId, PASSWORD);
    expect((await patchUser(secondToken, c.loginUser, { role: 'viewer' })).statusCode).toBe(200);
    // the company's login, now a viewer, is refused the owner's calls at once
    expect((await get(c.owner, '/api/company/users')).statusCode).toBe(403);
    await expectLastOwner(await patchUser(secondToken, second.idx, { role: 'accounting' }));
    await expectLastOwner(await patchUser(secondToken, second.idx, { status: 'suspended' }));
    await expectLastOwner(await removeUser(secondToken, second.idx));
    // a suspended owner does not count: promote the login back, suspend it, and the second is still the last active one
    expect((await patchUser(secondToken, c.loginUser, { role: 'owner' })).statusCode).toBe(200);
    expect((await patchUser(secondToken, c.loginUser, { status: 'suspended' })).statusCode).toBe(200);
    await expectLastOwner(await removeUser(secondToken, second.idx));
    expect((await get(c.owner, '/api/company/loginInfo')).statusCode).toBe(401);
  });
});

describe('the demo seed (issue 58)', () => {
  it("demo is its company's owner; demo-accounting, a second user of demo, sees settlement and not copyright", async () => {
    await seedDemo(t.db, t.config);
    const owner = await t.login('demo', DEMO_PASSWORD);
    expect((await get(owner, '/api/company/loginInfo')).json().user).toMatchObject({ id: 'demo', role: 'owner' });
    const accounting = await t.login('demo-accounting', DEMO_PASSWORD);
    const info = (await get(accounting, '/api/company/loginInfo')).json();
    expect(info).toMatchObject({ id: 'demo', user: { id: 'demo-accounting', role: 'accounting' } });
    expect((await get(accounting, '/api/calculate/buyInvoiceSend')).json().total_cnt).toBeGreaterThan(0);
    expect((await get(accounting, '/api/copyright/royalty')).statusCode).toBe(403);
    const users = (await get(owner, '/api/company/users')).json();
    expect(users.dataset.map((u: { id: string; role: string }) => [u.id, u.role])).toEqual([
      ['demo', 'owner'],
      ['demo-accounting', 'accounting'],
      ['demo-2step', 'editorial'],
    ]);
  });
});

describe('migration 0066 on a database that had no users (issue 58)', () => {
  it("makes every company's login its first user, an owner, and gives the live sessions to it: old tokens and logins keep working", async () => {
    const company = await t.createCompany({ firstName: '지은', lastName: '김', email: 'a@example.com,b@example.com' });
    const token = await t.login(company.id, company.password);
    const { sid } = claimsOf(token) as { sid: string };
    // a token of before the migration: no user claim
    const old = createTokenSigner(t.config.jwtSecret)({ sub: String(company.idx), sid, div: 'AUT' }, 600);
    // back to the state before the migration's data statements: no users, sessions without one (the last test of the file)
    await t.db.execute(sql`update sessions set user_idx = null`);
    await t.db.execute(sql`delete from company_users`);
    const migration = readFileSync(new URL('../../db/migrations/0066_company_users.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint').filter((x) => /FROM companies c|UPDATE sessions s/.test(x));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    const info = await get(old, '/api/company/loginInfo');
    expect(info.statusCode).toBe(200);
    expect(info.json().user).toMatchObject({ id: company.id, name: '지은 김', role: 'owner' });
    const users = (await get(old, '/api/company/users')).json();
    expect(users.dataset).toEqual([
      expect.objectContaining({ id: company.id, email: 'a@example.com', role: 'owner', status: 'active', company_login: true }),
    ]);
    const again = await t.login(company.id, company.password);
    expect((await get(again, '/api/company/loginInfo')).json().user.role).toBe('owner');
  });
});
