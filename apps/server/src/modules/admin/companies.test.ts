import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, mailOutbox } from '../../db/schema';
import { insertUser } from '../../db/seed/companies';
import { createOperator } from '../../test/factories';
import { rememberSecret } from '../../test/log-capture';
import { createTestApp, type TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';

const DB = process.env.TEST_DB ?? 'pglite';
let t: TestContext;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  const o = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: o.id, password: o.password } });
  op = res.json().access_token;
  for (const p of ['Initial-pass-1', 'Reset-pass-22', 'Changed-pass-3', 'Imported-pw-4', 'Other-pw-55']) rememberSecret(p);
}, 60_000);
afterAll(() => t.close());

const companyLogin = (id: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT' } });
const post = (url: string, payload?: object, bearer = op) => t.inject(bearer, { method: 'POST', url, payload: payload ?? {} });
const get = (url: string, bearer = op) => t.inject(bearer, { method: 'GET', url });
/** a company route that is not open while a password change is pending */
const settings = (token: string) => get('/api/company/notificationSettings', token);
const auditOf = async (target: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => `${a.actorKind}:${a.action}`);

const importCsv = (csv: string, query = '', bearer = op, fileName = 'companies.csv') =>
  importJob(t, bearer, 'companies', fileName, csv, query);

describe(`admin companies (${DB})`, () => {
  it('creates a company with a must-change password; 409 for a taken id, 400 naming an unknown country or division', async () => {
    const res = await post('/api/admin/companies', {
      id: 'new-pub',
      company_name: 'New Publisher',
      country: 'kor',
      password: 'Initial-pass-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      id: 'new-pub',
      company_name: 'New Publisher',
      country: 'KOR',
      code_company_division: 'AUT',
      active: true,
      must_change_password: true,
      has_password: true,
    });
    const again = await post('/api/admin/companies', { id: 'new-pub', company_name: 'X', country: 'KOR', password: 'Initial-pass-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    const bad = await post('/api/admin/companies', {
      id: 'other-pub',
      company_name: 'X',
      country: 'XXX',
      code_company_division: 'NOPE',
      password: 'Initial-pass-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['country', 'code_company_division']);
    const short = await post('/api/admin/companies', { id: 'other-pub', company_name: 'X', country: 'KOR', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect((await get('/api/admin/companies?search=other-pub')).json().total_cnt).toBe(0);
    expect(await auditOf('new-pub')).toEqual(['operator:company.create']);
  });

  it('lists newest first, searches the login id and the name (wildcards literal), pages in SQL', async () => {
    for (const n of [1, 2, 3]) await t.createCompany({ id: `list-co-${n}`, companyName: `Listed ${n}% Books` });
    const all = await get('/api/admin/companies?search=list-co');
    expect(all.statusCode).toBe(200);
    expect(all.json().total_cnt).toBe(3);
    expect(all.json().dataset.map((c: { id: string }) => c.id)).toEqual(['list-co-3', 'list-co-2', 'list-co-1']);
    const page = (await get('/api/admin/companies?search=LISTED&start=1&length=1')).json();
    expect(page).toMatchObject({ total_cnt: 3, dataset: [{ id: 'list-co-2', has_password: true, must_change_password: false }] });
    expect((await get('/api/admin/companies?search=2%25')).json().dataset.map((c: { id: string }) => c.id)).toEqual(['list-co-2']);
    expect((await get('/api/admin/companies?search=_')).json().total_cnt).toBe(0);
    expect((await get('/api/admin/companies?length=1000')).statusCode).toBe(400);
    // every order both ways (issue 59), as plain SQL orders the same companies: login id, name, registration
    const orders = { id: 'c.id', company_name: 'c.company_name', created_at: 'c.idx' } as const;
    for (const [key, col] of Object.entries(orders))
      for (const dir of ['asc', 'desc'] as const) {
        const want = (
          (await t.db.execute(`select c.id from companies c order by ${col} ${dir}, c.idx ${dir} limit 7 offset 2`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows.map((r) => r.id);
        const got = (await get(`/api/admin/companies?start=2&length=7&sort=${key}&dir=${dir}`)).json();
        expect(
          got.dataset.map((c: { id: string }) => c.id),
          `${key} ${dir}`,
        ).toEqual(want);
      }
    expect((await get('/api/admin/companies?sort=email')).statusCode).toBe(400);
  });

  it('a must-change login opens only the password change (and its helpers); changing it lifts the limit', async () => {
    const login = await companyLogin('new-pub', 'Initial-pass-1');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().password_change_required).toBe(true);
    const token = login.json().access_token;
    const refused = await settings(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', requestId: refused.headers['x-request-id'] });
    expect((await get('/api/company/loginInfo', token)).statusCode).toBe(200);
    const check = await post('/api/common/passwordCheck', { id: 'new-pub', password: 'Initial-pass-1' }, token);
    expect(check.json()).toBe(true);
    const change = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate/',
      payload: { password_current: 'Initial-pass-1', password_change: 'Changed-pass-3' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await settings(token)).statusCode).toBe(200);
    const next = await companyLogin('new-pub', 'Changed-pass-3');
    expect(next.json().password_change_required).toBeUndefined();
    expect((await get('/api/admin/companies?search=new-pub')).json().dataset[0].must_change_password).toBe(false);
  });

  it('a reset ends every session at once and forces a change at the next login', async () => {
    const co = await t.createCompany({ id: 'reset-co', password: 'Other-pw-55' });
    const token = await t.login(co.id, co.password);
    expect((await settings(token)).statusCode).toBe(200);
    const res = await post('/api/admin/companies/reset-co/password', { password: 'Reset-pass-22' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ must_change_password: true, has_password: true });
    expect((await settings(token)).statusCode).toBe(401);
    expect((await companyLogin('reset-co', 'Other-pw-55')).statusCode).toBe(401);
    const login = await companyLogin('reset-co', 'Reset-pass-22');
    expect(login.json().password_change_required).toBe(true);
    expect((await post('/api/admin/companies/nobody-here/password', { password: 'Reset-pass-22' })).statusCode).toBe(404);
    expect(await auditOf('reset-co')).toEqual(['operator:company.password']);
  });

  it('deactivation refuses the login like a wrong password and ends sessions at once; reactivation lets it in again', async () => {
    const co = await t.createCompany({ id: 'deact-co', password: 'Other-pw-55' });
    const token = await t.login(co.id, co.password);
    expect((await settings(token)).statusCode).toBe(200);
    const res = await post('/api/admin/companies/deact-co/deactivate');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await settings(token)).statusCode).toBe(401);
    const refused = await companyLogin('deact-co', 'Other-pw-55');
    const wrong = await companyLogin('deact-co', 'wrong-password');
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'LOGIN_FAILED']);
    expect(refused.json().message).toBe(wrong.json().message);
    const back = await post('/api/admin/companies/deact-co/reactivate');
    expect(back.json().active).toBe(true);
    expect((await companyLogin('deact-co', 'Other-pw-55')).statusCode).toBe(200);
    expect(await auditOf('deact-co')).toEqual(['operator:company.deactivate', 'operator:company.reactivate']);
  });

  it("an inactive company's session is refused even when its session row survived", async () => {
    const co = await t.createCompany({ id: 'survivor-co', password: 'Other-pw-55' });
    const token = await t.login(co.id, co.password);
    // straight in the database: no session is revoked, only the flag changes
    await t.db.update(companies).set({ active: false }).where(eq(companies.idx, co.idx));
    expect((await settings(token)).statusCode).toBe(401);
  });

  it('scopes: a companies key manages companies, an import key does not; a company token never does', async () => {
    const keyOf = async (scope: string) => (await post('/api/admin/keys', { name: `${scope}-key`, scope })).json().key as string;
    const companiesKey = await keyOf('companies');
    const importKey = await keyOf('import');
    expect((await get('/api/admin/companies', companiesKey)).statusCode).toBe(200);
    const created = await post(
      '/api/admin/companies',
      { id: 'by-key', company_name: 'K', country: 'KOR', password: 'Initial-pass-1' },
      companiesKey,
    );
    expect(created.statusCode).toBe(200);
    expect(await auditOf('by-key')).toEqual(['key:company.create']);
    expect((await get('/api/admin/companies', importKey)).statusCode).toBe(403);
    expect((await post('/api/admin/companies/by-key/deactivate', {}, importKey)).statusCode).toBe(403);
    // a companies key reads the history of the companies imports only (it follows its own runs); an import key the others
    expect((await importCsv('id,company_name,country\nby-key,K,KOR\n', '?dryRun=true', companiesKey)).statusCode).toBe(202);
    expect((await importCsv('id,company_name,country\nby-key,K,KOR\n', '', importKey)).statusCode).toBe(403);
    const kindsSeenBy = async (key: string) => {
      const runs = await get('/api/admin/import-runs?start=0&length=100', key);
      expect(runs.statusCode).toBe(200);
      return new Set(runs.json<{ dataset: { kind: string }[] }>().dataset.map((r) => r.kind));
    };
    expect(await kindsSeenBy(companiesKey)).toEqual(new Set(['companies']));
    expect((await kindsSeenBy(importKey)).has('companies')).toBe(false);
    const co = await t.createCompany();
    const companyToken = await t.login(co.id, co.password);
    expect((await get('/api/admin/companies', companyToken)).statusCode).toBe(401);
    expect((await post(`/api/admin/companies/${co.id}/deactivate`, {}, companyToken)).statusCode).toBe(401);
  });
});

describe(`companies import: password and active (${DB})`, () => {
  const head = 'id,company_name,country,password,active';

  it('sets the initial password of a new company (must change); a company with a password keeps its own', async () => {
    const first = await importCsv(`${head}\nimp-one,Imported One,KOR,Imported-pw-4,\nimp-two,Imported Two,KOR,,\n`);
    expect(first.json()).toMatchObject({ committed: true, created: 2 });
    expect((await companyLogin('imp-one', 'Imported-pw-4')).json().password_change_required).toBe(true);
    const list = (await get('/api/admin/companies?search=imp-')).json().dataset;
    expect(list.map((c: { id: string; has_password: boolean }) => [c.id, c.has_password])).toEqual([
      ['imp-two', false],
      ['imp-one', true],
    ]);
    // imp-two gets one now (an update); imp-one's is not replaced
    const second = await importCsv(`${head}\nimp-one,Imported One,KOR,Other-pw-55,\nimp-two,Imported Two,KOR,Other-pw-55,\n`);
    expect(second.json()).toMatchObject({ committed: true, created: 0, updated: 1, unchanged: 1 });
    expect((await companyLogin('imp-one', 'Imported-pw-4')).statusCode).toBe(200);
    expect((await companyLogin('imp-one', 'Other-pw-55')).statusCode).toBe(401);
    expect((await companyLogin('imp-two', 'Other-pw-55')).statusCode).toBe(200);
    const short = await importCsv(`${head}\nimp-three,Imported Three,KOR,short,\n`);
    expect(short.json()).toMatchObject({ committed: false, errors: [{ row: 2, column: 'password' }] });
  });

  it('active N deactivates (sessions end), empty leaves it, Y reactivates', async () => {
    const token = await t.login('imp-two', 'Other-pw-55');
    expect((await settings(token)).statusCode).toBe(403); // must change: still a live session
    const off = await importCsv(`${head}\nimp-two,Imported Two,KOR,,N\n`);
    expect(off.json()).toMatchObject({ committed: true, updated: 1 });
    expect((await settings(token)).statusCode).toBe(401);
    expect((await companyLogin('imp-two', 'Other-pw-55')).statusCode).toBe(401);
    expect((await importCsv(`${head}\nimp-two,Imported Two,KOR,,\n`)).json()).toMatchObject({ unchanged: 1 });
    expect((await importCsv(`${head}\nimp-two,Imported Two,KOR,,maybe\n`)).json()).toMatchObject({
      committed: false,
      errors: [{ column: 'active' }],
    });
    expect((await importCsv(`${head}\nimp-two,Imported Two,KOR,,y\n`)).json()).toMatchObject({ updated: 1 });
    expect((await companyLogin('imp-two', 'Other-pw-55')).statusCode).toBe(200);
  });
});

describe(`import history (${DB})`, () => {
  it("(issue 58) a user's login id is taken: a new company may not have it, from the console (409) or an import (the row's error)", async () => {
    const owner = await t.createCompany();
    await insertUser(t.db, { companyIdx: owner.idx, loginId: 'taken-by-user', name: 'U', email: '', role: 'viewer' }, 'Other-pw-55');
    const res = await post('/api/admin/companies', { id: 'taken-by-user', company_name: 'X', country: 'KOR', password: 'Initial-pass-1' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: "The login id taken-by-user is a user's login already.",
      requestId: expect.any(String),
    });
    const imported = await importCsv('id,company_name,country\ntaken-by-user,X,KOR\nfree-login-58,Y,KOR\n');
    expect(imported.json()).toMatchObject({
      committed: false,
      errors: [{ row: 2, column: 'id', message: "The login id taken-by-user is a user's login already." }],
    });
    expect((await get('/api/admin/companies?search=taken-by-user')).json().total_cnt).toBe(0);
    expect((await get('/api/admin/companies?search=free-login-58')).json().total_cnt).toBe(0);
  });

  it('records committed, dry, rejected and unreadable runs; the report names its run; the detail keeps the errors', async () => {
    const before = (await get('/api/admin/import-runs')).json().total_cnt as number;
    const committed = await importCsv('id,company_name,country\nhist-one,History One,KOR\n', '', op, 'hist.csv');
    const dry = await importCsv('id,company_name,country\nhist-two,History Two,KOR\n', '?dryRun=true', op, 'dry.csv');
    const rejected = await importCsv('id,company_name,country\nhist-three,,KOR\nhist-four,Four,XXX\n', '', op, 'bad.csv');
    const unreadable = await importCsv('not a spreadsheet', '', op, 'broken.xlsx');
    expect(unreadable.run).toMatchObject({ status: 'done', committed: false, error_count: 1 });
    const ids = [committed, dry, rejected].map((r) => r.json().run_id as number);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);

    const list = (await get('/api/admin/import-runs?length=4')).json();
    expect(list.total_cnt).toBe(before + 4);
    expect(list.dataset.map((r: { file_name: string; dry_run: boolean; committed: boolean; error_count: number }) => r)).toMatchObject([
      { file_name: 'broken.xlsx', committed: false, error_count: 1, actor_kind: 'operator', status: 'done', phase: 'finished' },
      { id: ids[2], file_name: 'bad.csv', committed: false, dry_run: false, rows: 2, error_count: 2 },
      { id: ids[1], file_name: 'dry.csv', committed: false, dry_run: true, created: 1, error_count: 0 },
      { id: ids[0], file_name: 'hist.csv', committed: true, created: 1, kind: 'companies' },
    ]);
    const detail = await get(`/api/admin/import-runs/${ids[2]}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: ids[2],
      report: {
        run_id: ids[2],
        committed: false,
        errors: [
          { row: 2, column: 'company_name' },
          { row: 3, column: 'country' },
        ],
      },
    });
    expect(detail.json().report).toEqual({ ...rejected.json() });
    expect((await get('/api/admin/import-runs/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/import-runs?start=1&length=1')).json().dataset[0].id).toBe(ids[2]);
  });
});

describe(`a change of a company's e-mail lists or password is audited and told at the old addresses (issue 56, ${DB})`, () => {
  const mailsOf = async (companyIdx: number) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.companyIdx, companyIdx))).filter((m) => m.kind === 'account_changed');
  const auditRows = async (target: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => `${a.actorKind}:${a.actor}:${a.action}`);

  it('a password reset by an operator: the audit names the operator, the mail goes to the email and invoice lists in the company language', async () => {
    const co = await t.createCompany({ email: 'boss@old.test, desk@old.test', emailInvoice: 'bills@old.test', mailLanguage: 'ja' });
    const res = await post(`/api/admin/companies/${co.id}/password`, { password: 'Reset-pass-22' });
    expect(res.statusCode, res.body).toBe(200);
    const operatorId = (await t.inject(op, { method: 'GET', url: '/api/admin/audit?length=1' })).json().dataset[0].actor as string;
    expect(await auditRows(co.id)).toEqual([`operator:${operatorId}:company.password`]);
    const [mail, ...more] = await mailsOf(co.idx);
    expect(more).toEqual([]);
    expect(mail!.recipients.split(',').sort()).toEqual(['bills@old.test', 'boss@old.test', 'desk@old.test']);
    expect(mail!.locale).toBe('ja');
    expect(mail!.subject).toBe(`パブリッシャーポータルのアカウント ${co.id} が変更されました`);
    expect(mail!.textBody).toContain('パスワード');
    expect(mail!.textBody).not.toContain('Reset-pass-22');
  });

  it('an e-mail change by a companies import: audited with the key, told to the old addresses only (never the new), in one mail', async () => {
    const co = await t.createCompany({ email: 'owner@old.test', emailInvoice: 'ar@old.test', mailLanguage: 'en' });
    const key = (await post('/api/admin/keys', { name: 'crm sync', scope: 'companies' })).json().key as string;
    const csv = `id,company_name,country,email,email_invoice\n${co.id},Company ${co.id},KOR,attacker@new.test,ar@old.test\n`;
    const res = await importCsv(csv, '', key);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ committed: true, updated: 1 });
    expect(await auditRows(co.id)).toEqual(['key:crm sync:company.email']);
    const mails = await mailsOf(co.idx);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipients.split(',').sort()).toEqual(['ar@old.test', 'owner@old.test']);
    expect(mails[0]!.subject).toBe(`Your Publisher Portal account ${co.id} was changed`);
    expect(mails[0]!.textBody).toContain('notification e-mail addresses');
    expect(mails[0]!.textBody).not.toContain('attacker@new.test');
    // the same file again changes nothing: no entry, no mail
    await importCsv(csv, '', key);
    expect(await mailsOf(co.idx)).toHaveLength(1);
    // a dry run tells nobody
    const dry = `id,company_name,country,email,email_invoice\n${co.id},Company ${co.id},KOR,other@new.test,x@new.test\n`;
    expect((await importCsv(dry, '?dryRun=true', key)).json()).toMatchObject({ committed: false, updated: 1 });
    expect(await mailsOf(co.idx)).toHaveLength(1);
    expect(await auditRows(co.id)).toEqual(['key:crm sync:company.email']);
  });

  it('an initial password given by an import to an existing company without one is a password change; a new company is told nothing', async () => {
    const fresh = `imp-new-${Date.now().toString(36)}`;
    const first = await importCsv(`id,company_name,country,email\n${fresh},Fresh,KOR,fresh@old.test\n`);
    expect(first.json()).toMatchObject({ committed: true, created: 1 });
    const [row] = await t.db.select({ idx: companies.idx }).from(companies).where(eq(companies.id, fresh));
    expect(await mailsOf(row!.idx)).toEqual([]);
    const second = await importCsv(`id,company_name,country,email,password\n${fresh},Fresh,KOR,fresh@old.test,Imported-pw-4\n`);
    expect(second.json()).toMatchObject({ committed: true, updated: 1 });
    expect((await auditRows(fresh)).filter((a) => a.endsWith('company.password'))).toHaveLength(1);
    const mails = await mailsOf(row!.idx);
    expect(mails.map((m) => m.recipients)).toEqual(['fresh@old.test']);
  });
});

describe(`the console edits a company's profile and e-mail lists (issue 59, ${DB})`, () => {
  const mailsOf = async (companyIdx: number) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.companyIdx, companyIdx))).filter((m) => m.kind === 'account_changed');
  const auditRows = async (target: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => `${a.actorKind}:${a.actor}:${a.action}`);
  const patch = (id: string, payload: object, bearer = op) =>
    t.inject(bearer, { method: 'PATCH', url: `/api/admin/companies/${encodeURIComponent(id)}`, payload });
  /** the profile screen's fields, every required one filled */
  const profile = (over: object = {}) => ({
    company_name: 'Edited Books',
    first_name: 'Minji',
    last_name: 'Kim',
    registration_number: '123-45-67890',
    site_url: 'https://edited.example',
    country: 'KOR',
    zipcode: '04524',
    addressLine1: '1 Sejong-daero',
    addressLine2: '',
    city: '',
    state: '',
    business_conditions: 'Publishing',
    item: 'Books',
    telephone: '02-123-4567',
    fax: '',
    email: 'boss@old.test,desk@old.test',
    email_invoice: 'bills@old.test',
    ...over,
  });

  it('an edit of the profile and the e-mail lists: saved, audited with the operator, mailed once to the old addresses only', async () => {
    const co = await t.createCompany({ email: 'boss@old.test,desk@old.test', emailInvoice: 'bills@old.test', mailLanguage: 'ko' });
    const operatorId = (await t.inject(op, { method: 'GET', url: '/api/admin/audit?length=1' })).json().dataset[0].actor as string;
    const shown = await get(`/api/admin/companies/${co.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ idx: co.idx, id: co.id, company_name: `Company ${co.id}`, email: 'boss@old.test,desk@old.test' });

    // the profile alone: one company.update entry, no mail
    const first = await patch(co.id, profile());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: co.id,
      company_name: 'Edited Books',
      telephone: '02-123-4567',
      email_invoice: 'bills@old.test',
    });
    expect((await get(`/api/admin/companies/${co.id}`)).json()).toEqual(first.json());
    expect(await auditRows(co.id)).toEqual([`operator:${operatorId}:company.update`]);
    expect(await mailsOf(co.idx)).toEqual([]);

    // both e-mail lists (as lists or comma-separated, as the profile screen takes them): an entry each, one mail to the old addresses
    const second = await patch(co.id, profile({ email: ['new@new.test'], email_invoice: 'ar@new.test, bills@old.test' }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ email: 'new@new.test', email_invoice: 'ar@new.test,bills@old.test' });
    expect((await auditRows(co.id)).sort()).toEqual(
      [
        `operator:${operatorId}:company.update`,
        `operator:${operatorId}:company.email`,
        `operator:${operatorId}:company.email_invoice`,
      ].sort(),
    );
    const [mail, ...more] = await mailsOf(co.idx);
    expect(more).toEqual([]);
    expect(mail!.recipients.split(',').sort()).toEqual(['bills@old.test', 'boss@old.test', 'desk@old.test']);
    expect(mail!.locale).toBe('ko');
    expect(mail!.textBody).toContain('알림 이메일 주소, 청구서 이메일 주소');
    expect(mail!.textBody).not.toContain('new@new.test');

    // the same again changes nothing: no entry, no mail
    expect((await patch(co.id, profile({ email: 'new@new.test', email_invoice: 'ar@new.test,bills@old.test' }))).statusCode).toBe(200);
    expect(await auditRows(co.id)).toHaveLength(3);
    expect(await mailsOf(co.idx)).toHaveLength(1);
    // the audit log filtered by the company: its three entries, newest first
    const sv = encodeURIComponent(JSON.stringify({ company: co.id }));
    const audit = await get(`/api/admin/audit?length=10&search_value=${sv}`);
    expect(audit.json().total_cnt).toBe(3);
  });

  it("the profile screen's rules: every bad field named at once, an unknown country, the login id read-only, nothing written", async () => {
    const co = await t.createCompany({ email: 'keep@old.test', emailInvoice: 'keep@old.test' });
    const bad = await patch(
      co.id,
      profile({ company_name: '', telephone: 'call me', email: 'not-an-address', site_url: 'ftp://x', city: '' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toBeTruthy();
    expect(
      bad
        .json()
        .issues.map((i: { path: string; message: string }) => `${i.path}:${i.message}`)
        .sort(),
    ).toEqual(['body.company_name:required', 'body.email.0:email', 'body.site_url:url', 'body.telephone:phone'].sort());
    // a country other than KOR needs its city and state, as on the profile screen
    const abroad = await patch(co.id, profile({ country: 'USA' }));
    expect(
      abroad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.city', 'body.state']);
    const unknown = await patch(co.id, profile({ country: 'XXX', city: 'X', state: 'Y' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'body.country', message: 'country' }]);
    const renamed = await patch(co.id, profile({ id: 'someone-else' }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().issues).toEqual([{ path: 'body.id', message: 'readOnly' }]);
    expect((await patch('no-such-company', profile())).statusCode).toBe(404);
    expect((await get(`/api/admin/companies/${co.id}`)).json()).toMatchObject({ company_name: `Company ${co.id}`, email: 'keep@old.test' });
    expect(await auditRows(co.id)).toEqual([]);
    expect(await mailsOf(co.idx)).toEqual([]);
  });

  it('needs the companies scope: a companies key edits (audited as the key), an import key and a company token do not', async () => {
    const co = await t.createCompany({ email: 'owner@old.test', emailInvoice: 'owner@old.test' });
    const keyOf = async (scope: string) => (await post('/api/admin/keys', { name: `edit-${scope}`, scope })).json().key as string;
    const importKey = await keyOf('import');
    const contentKey = await keyOf('content');
    for (const key of [importKey, contentKey]) {
      expect((await get(`/api/admin/companies/${co.id}`, key)).statusCode).toBe(403);
      expect((await patch(co.id, profile({ email: 'attacker@new.test' }), key)).statusCode).toBe(403);
    }
    const companyToken = await t.login(co.id, co.password);
    expect((await patch(co.id, profile({ email: 'attacker@new.test' }), companyToken)).statusCode).toBe(401);
    expect(await auditRows(co.id)).toEqual([]);
    expect(await mailsOf(co.idx)).toEqual([]);
    const companiesKey = await keyOf('companies');
    expect((await patch(co.id, profile({ email: 'owner@old.test', email_invoice: 'owner@old.test' }), companiesKey)).statusCode).toBe(200);
    expect(await auditRows(co.id)).toEqual(['key:edit-companies:company.update']);
  });
});
