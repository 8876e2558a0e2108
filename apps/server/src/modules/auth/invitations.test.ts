/**
 * (issue 58) An owner invites a person by e-mail: the mail in the outbox carries a single-use link valid 72 hours;
 * the person chooses a login id and a password and logs in on the login page with the invitation's role. Used,
 * withdrawn, expired and foreign invitations are refused; a taken login id is refused.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/seed/companies';
import { companies, companyInvitations, companyUsers, mailOutbox } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helper';
import { rememberSecret } from '../../test/log-capture';

let t: TestContext;
const PASSWORD = 'invited-pass-58';

beforeAll(async () => {
  t = await createTestApp();
  rememberSecret(PASSWORD);
});
afterAll(() => t.close());
// a new per-client rate-limit window for each test (the public calls count with the password reset's)
beforeEach(() => t.clock.advance(61_000));

const invite = (token: string, payload: object) => t.inject(token, { method: 'POST', url: '/api/company/users/invitations', payload });
const pending = (token: string) => t.inject(token, { method: 'GET', url: '/api/company/users/invitations' });
const withdraw = (token: string, idx: number) => t.inject(token, { method: 'DELETE', url: `/api/company/users/invitations/${idx}` });
const show = (link: string) => t.inject(null, { method: 'GET', url: `/api/invitations/${link}` });
const accept = (link: string, payload: object) => t.inject(null, { method: 'POST', url: `/api/invitations/${link}/accept`, payload });
const loginRes = (id: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT' } });

/** The invitation mail of an address (the newest): its row, and the token of its link. */
async function mailTo(email: string) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipients, email)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(row, `no mail to ${email}`).toBeDefined();
  const m = /\/invitation\?token=([\w-]+)/.exec(row!.textBody);
  expect(m, row!.textBody).not.toBeNull();
  rememberSecret(m![1]!);
  return { row: row!, token: m![1]! };
}

let seq = 0;
const address = () => `person${++seq}.${Date.now()}@example.test`;
const newId = () => `invited${++seq}_${Date.now().toString(36)}`;

async function ownerOf(overrides: Parameters<TestContext['createCompany']>[0] = {}) {
  const company = await t.createCompany(overrides);
  return { company, owner: await t.login(company.id, company.password) };
}

describe('an owner invites a person (issue 58)', () => {
  it('mails a single-use 72-hour link in the company language; the person accepts and logs in with the role', async () => {
    const { company, owner } = await ownerOf({ companyName: '한빛출판', firstName: '지은', lastName: '김' });
    const email = address();
    const res = await invite(owner, { email, role: 'accounting', name: '박회계' });
    expect(res.statusCode, res.body).toBe(200);
    const { idx } = res.json<{ status: string; idx: number }>();
    expect(res.json()).toEqual({ status: 'success', idx: expect.any(Number) });

    // the mail: to the invited address alone, in Korean (a KOR company), naming company, inviter, role and the 72 hours
    const { row, token } = await mailTo(email);
    expect(row).toMatchObject({ kind: 'invitation', locale: 'ko', companyIdx: company.idx });
    expect(row.subject).toContain('한빛출판');
    expect(row.textBody).toContain('박회계 님, 안녕하세요.');
    expect(row.textBody).toContain('회계 역할');
    expect(row.textBody).toContain('72시간');
    // only the token's SHA-256 is kept; the invitation expires 72 hours from now
    const [stored] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.idx, idx));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(72 * 3_600_000);

    // the owner's pending list shows it
    const list = (await pending(owner)).json();
    expect(list).toMatchObject({ total_cnt: 1, dataset: [{ idx, email, name: '박회계', role: 'accounting' }] });

    // the accept page's call names the company and the role
    const shown = await show(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ company_name: '한빛출판', email, role: 'accounting', name: '박회계', language: 'ko' });

    const loginId = newId();
    const done = await accept(token, { login_id: loginId, name: '박회계', password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: 'success' });

    // the new user logs in on the login page with its own id; loginInfo names it with the invitation's role
    const login = await loginRes(loginId, PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    const userToken = login.json<{ access_token: string }>().access_token;
    const info = (await t.inject(userToken, { method: 'GET', url: '/api/company/loginInfo' })).json();
    expect(info).toMatchObject({ idx: company.idx, id: company.id, user: { id: loginId, name: '박회계', role: 'accounting' } });
    // its role: settlement yes, copyright and the users no
    expect((await t.inject(userToken, { method: 'GET', url: '/api/calculate/buyInvoiceSend' })).statusCode).toBe(200);
    expect((await t.inject(userToken, { method: 'GET', url: '/api/copyright/royalty' })).statusCode).toBe(403);

    // the invitation is spent (by whom), the list is empty, the user is in the owner's list with the invited address
    const [spent] = await t.db.select().from(companyInvitations).where(eq(companyInvitations.idx, idx));
    const [user] = await t.db.select().from(companyUsers).where(eq(companyUsers.loginId, loginId));
    expect(spent!.acceptedUser).toBe(user!.idx);
    expect(user).toMatchObject({ companyIdx: company.idx, email, role: 'accounting', status: 'active', companyLogin: false });
    expect((await pending(owner)).json()).toEqual({ dataset: [], total_cnt: 0 });

    // the link works once: reused, it is refused like an unknown one and makes no second user
    const again = await accept(token, { login_id: newId(), name: 'x', password: PASSWORD });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND', requestId: expect.any(String) });
    expect((await show(token)).json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    const users = await t.db.select().from(companyUsers).where(eq(companyUsers.companyIdx, company.idx));
    expect(users).toHaveLength(2);

    // the company's activity log: the owner invited the address, the person joined with its login id
    const log = (await t.inject(owner, { method: 'GET', url: '/api/company/activity?dir=asc' })).json();
    expect(log.dataset.map((e: { actor: string; action: string; target: string }) => [e.actor, e.action, e.target])).toEqual([
      [company.id, 'user.invite', email],
      [loginId, 'user.join', email],
    ]);
  });

  it('the mail is written in the language given, else the company mail language', async () => {
    const { owner } = await ownerOf({ country: 'USA' });
    const en = address();
    expect((await invite(owner, { email: en, role: 'viewer' })).statusCode).toBe(200);
    const enMail = (await mailTo(en)).row;
    expect(enMail.locale).toBe('en');
    // no name: the greeting names the address
    expect(enMail.textBody).toContain(`Hello ${en},`);
    expect(enMail.textBody).toContain('as viewer');
    expect(enMail.textBody).toContain('72 hours');
    const ja = address();
    expect((await invite(owner, { email: ja, role: 'editorial', language: 'ja' })).statusCode).toBe(200);
    const jaMail = await mailTo(ja);
    expect(jaMail.row.locale).toBe('ja');
    expect(jaMail.row.textBody).toContain('編集として');
    expect((await show(jaMail.token)).json()).toMatchObject({ language: 'ja', role: 'editorial' });
  });

  it('an expired link answers 410 and makes no user; a fresh invitation of the same address replaces the old link', async () => {
    const { company, owner: first } = await ownerOf();
    const email = address();
    await invite(first, { email, role: 'viewer' });
    const { token } = await mailTo(email);
    // 72 hours on: expired (the owner's session too: it logs in again)
    t.clock.advance(72 * 3_600_000 + 1_000);
    const owner = await t.login(company.id, company.password);
    const shown = await show(token);
    expect(shown.statusCode).toBe(410);
    expect(shown.json()).toMatchObject({ code: 'INVITATION_EXPIRED' });
    const late = await accept(token, { login_id: newId(), name: 'Late', password: PASSWORD });
    expect(late.statusCode).toBe(410);
    expect((await pending(owner)).json().total_cnt).toBe(0);

    // invited again: a new link; inviting once more withdraws the previous live one
    await invite(owner, { email, role: 'viewer' });
    const second = (await mailTo(email)).token;
    await invite(owner, { email: email.toUpperCase(), role: 'editorial' });
    const third = (await mailTo(email.toUpperCase())).token;
    expect((await show(second)).statusCode).toBe(404);
    expect((await show(third)).json()).toMatchObject({ role: 'editorial' });
    expect((await pending(owner)).json().dataset.map((i: { role: string }) => i.role)).toEqual(['editorial']);
    const users = await t.db.select().from(companyUsers).where(eq(companyUsers.companyIdx, company.idx));
    expect(users).toHaveLength(1);
  });

  it("a withdrawn invitation is refused; withdrawing another company's answers 404 and leaves it working", async () => {
    const a = await ownerOf();
    const b = await ownerOf();
    const email = address();
    const idx = (await invite(a.owner, { email, role: 'viewer' })).json().idx as number;
    const { token } = await mailTo(email);
    const foreign = await withdraw(b.owner, idx);
    expect(foreign.statusCode).toBe(404);
    expect((await show(token)).statusCode).toBe(200);
    expect((await pending(b.owner)).json().total_cnt).toBe(0);

    expect((await withdraw(a.owner, idx)).json()).toEqual({ status: 'success' });
    expect((await pending(a.owner)).json().total_cnt).toBe(0);
    expect((await show(token)).json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    const refused = await accept(token, { login_id: newId(), name: 'W', password: PASSWORD });
    expect(refused.statusCode).toBe(404);
    expect((await withdraw(a.owner, idx)).statusCode).toBe(404);
  });

  it("a login id that is a user's or a company's answers 409 LOGIN_TAKEN and keeps the link usable", async () => {
    const { company, owner } = await ownerOf();
    const other = await t.createCompany();
    const email = address();
    await invite(owner, { email, role: 'editorial' });
    const { token } = await mailTo(email);
    for (const taken of [other.id, company.id]) {
      const res = await accept(token, { login_id: taken, name: 'Taken', password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LOGIN_TAKEN' });
    }
    // a company whose id is in companies alone (no login user row): still taken
    await t.db.execute(sql`delete from company_users where company_idx = ${other.idx} and company_login`);
    expect((await accept(token, { login_id: other.id, name: 'Taken', password: PASSWORD })).statusCode).toBe(409);
    const ok = await accept(token, { login_id: newId(), name: 'Fine', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it("the password follows the password rules; the login id's characters are checked", async () => {
    const { owner } = await ownerOf();
    const email = address();
    await invite(owner, { email, role: 'viewer' });
    const { token } = await mailTo(email);
    const short = await accept(token, { login_id: newId(), name: 'N', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([expect.objectContaining({ message: 'minLength:7' })]);
    const bad = await accept(token, { login_id: 'has space', name: 'N', password: PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([expect.objectContaining({ message: 'loginIdChars' })]);
    // nothing was spent
    expect((await show(token)).statusCode).toBe(200);
  });

  it('two accepts at once make one user', async () => {
    const { company, owner } = await ownerOf();
    const email = address();
    await invite(owner, { email, role: 'viewer' });
    const { token } = await mailTo(email);
    const answers = await Promise.all([
      accept(token, { login_id: newId(), name: 'One', password: PASSWORD }),
      accept(token, { login_id: newId(), name: 'Two', password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const users = await t.db
      .select()
      .from(companyUsers)
      .where(and(eq(companyUsers.companyIdx, company.idx), eq(companyUsers.companyLogin, false)));
    expect(users).toHaveLength(1);
  });

  it("only owners invite, list and withdraw (403 NO_PERMISSION); an active user's address answers 409 ALREADY_USER", async () => {
    const { company, owner } = await ownerOf();
    const loginId = `${company.id}-acc`;
    await insertUser(t.db, { companyIdx: company.idx, loginId, name: 'Acc', email: 'acc@example.test', role: 'accounting' }, PASSWORD);
    const accounting = await t.login(loginId, PASSWORD);
    const email = address();
    const refused = await invite(accounting, { email, role: 'owner' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NO_PERMISSION' });
    expect((await pending(accounting)).statusCode).toBe(403);
    const idx = (await invite(owner, { email, role: 'viewer' })).json().idx as number;
    expect((await withdraw(accounting, idx)).statusCode).toBe(403);
    expect((await pending(owner)).json().total_cnt).toBe(1);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.companyIdx, company.idx));
    expect(rows).toHaveLength(1);

    const dup = await invite(owner, { email: 'ACC@example.test', role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_USER' });
    const invalid = await invite(owner, { email: 'not-an-address', role: 'viewer' });
    expect(invalid.statusCode).toBe(400);
    expect((await invite(owner, { email: address(), role: 'boss' })).statusCode).toBe(400);
  });

  it('an unknown token answers 404 like a used one', async () => {
    const res = await show('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    expect((await accept('y'.repeat(43), { login_id: newId(), name: 'N', password: PASSWORD })).statusCode).toBe(404);
    // no company was touched
    expect((await t.db.select().from(companies)).length).toBeGreaterThan(0);
  });
});
