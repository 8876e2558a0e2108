/**
 * (issue 58) A user's sessions (device, address, login, last use; end one or all others) and the company's activity
 * log (who changed what, who downloaded exports), read by owners only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../db/seed/companies';
import { createTestApp, type TestContext } from '../../test/helper';
import { rememberSecret } from '../../test/log-capture';

let t: TestContext;
const PASSWORD = 'user-pass-58s';

beforeAll(async () => {
  t = await createTestApp();
  rememberSecret(PASSWORD);
});
afterAll(() => t.close());

const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const get = (token: string, url: string) => t.inject(token, { method: 'GET', url });
const del = (token: string, url: string) => t.inject(token, { method: 'DELETE', url });
async function loginAs(id: string, password: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/company/login',
    headers: { 'user-agent': userAgent },
    payload: { id, password, company_division: 'AUT' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}
interface SessionRow {
  id: string;
  user_agent: string;
  ip: string;
  logged_in_at: string;
  last_used_at: string | null;
  current: boolean;
}

describe("a user's sessions (issue 58)", () => {
  it("lists the live sessions of the caller's own user with device, address and login time; the current one marked", async () => {
    const company = await t.createCompany();
    const phone = await loginAs(company.id, company.password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari');
    const desk = await loginAs(company.id, company.password, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131');
    // another user of the same company: its sessions are its own
    await insertUser(t.db, { companyIdx: company.idx, loginId: `${company.id}-acc`, name: 'Acc', email: '', role: 'accounting' }, PASSWORD);
    const other = await loginAs(`${company.id}-acc`, PASSWORD, 'Other/1.0');

    const res = await get(desk, '/api/company/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as { dataset: SessionRow[]; total_cnt: number };
    expect(list.total_cnt).toBe(2);
    const byId = new Map(list.dataset.map((s) => [s.id, s]));
    expect(byId.get(sidOf(desk))).toMatchObject({ user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131', current: true, ip: '127.0.0.1' });
    expect(byId.get(sidOf(phone))).toMatchObject({ user_agent: expect.stringContaining('iPhone'), current: false });
    expect(byId.has(sidOf(other))).toBe(false);
    expect(Date.parse(byId.get(sidOf(desk))!.logged_in_at)).not.toBeNaN();
    // the listing call itself was a use of the session
    expect(byId.get(sidOf(desk))!.last_used_at).not.toBeNull();
  });

  it('a refreshed session keeps its device and login time in the list', async () => {
    const company = await t.createCompany();
    const token = await loginAs(company.id, company.password, 'Refresher/2.0');
    const before = (await get(token, '/api/company/sessions')).json().dataset[0] as SessionRow;
    const next = (await get(token, '/api/company/refresh')).json().access_token as string;
    const after = (await get(next, '/api/company/sessions')).json() as { dataset: SessionRow[] };
    expect(after.dataset).toHaveLength(1);
    expect(after.dataset[0]).toMatchObject({
      id: sidOf(next),
      user_agent: 'Refresher/2.0',
      logged_in_at: before.logged_in_at,
      current: true,
    });
  });

  it('one session ended from the list is refused at once; the others go on', async () => {
    const company = await t.createCompany();
    const a = await loginAs(company.id, company.password, 'A/1');
    const b = await loginAs(company.id, company.password, 'B/1');
    // b is checked (and remembered by the process) before it ends
    expect((await get(b, '/api/company/loginInfo')).statusCode).toBe(200);
    const res = await del(a, `/api/company/sessions/${sidOf(b)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', ended: 1 });
    expect((await get(b, '/api/company/loginInfo')).statusCode).toBe(401);
    expect((await get(a, '/api/company/loginInfo')).statusCode).toBe(200);
    // ended already, unknown, or another user's: 404
    expect((await del(a, `/api/company/sessions/${sidOf(b)}`)).statusCode).toBe(404);
    const stranger = await t.createCompany();
    const s = await loginAs(stranger.id, stranger.password, 'S/1');
    expect((await del(a, `/api/company/sessions/${sidOf(s)}`)).statusCode).toBe(404);
    expect((await get(s, '/api/company/loginInfo')).statusCode).toBe(200);
    expect((await del(a, '/api/company/sessions/not-a-uuid')).statusCode).toBe(400);
  });

  it('"end all others" ends every session of the user but the current one; other users keep theirs', async () => {
    const company = await t.createCompany();
    await insertUser(t.db, { companyIdx: company.idx, loginId: `${company.id}-ed`, name: 'Ed', email: '', role: 'editorial' }, PASSWORD);
    const keep = await loginAs(company.id, company.password, 'Keep/1');
    const o1 = await loginAs(company.id, company.password, 'O/1');
    const o2 = await loginAs(company.id, company.password, 'O/2');
    const editor = await loginAs(`${company.id}-ed`, PASSWORD, 'E/1');
    const res = await del(keep, '/api/company/sessions');
    expect(res.json()).toEqual({ status: 'success', ended: 2 });
    expect((await get(o1, '/api/company/loginInfo')).statusCode).toBe(401);
    expect((await get(o2, '/api/company/loginInfo')).statusCode).toBe(401);
    expect((await get(keep, '/api/company/loginInfo')).statusCode).toBe(200);
    expect((await get(editor, '/api/company/loginInfo')).statusCode).toBe(200);
    expect((await get(keep, '/api/company/sessions')).json().total_cnt).toBe(1);
  });

  it('every role sees and ends its own sessions', async () => {
    const company = await t.createCompany();
    await insertUser(t.db, { companyIdx: company.idx, loginId: `${company.id}-v`, name: 'V', email: '', role: 'viewer' }, PASSWORD);
    const v1 = await loginAs(`${company.id}-v`, PASSWORD, 'V/1');
    const v2 = await loginAs(`${company.id}-v`, PASSWORD, 'V/2');
    expect((await get(v1, '/api/company/sessions')).json().total_cnt).toBe(2);
    expect((await del(v1, `/api/company/sessions/${sidOf(v2)}`)).statusCode).toBe(200);
    expect((await get(v2, '/api/company/sessions')).statusCode).toBe(401);
  });
});

describe("the company's activity log (issue 58)", () => {
  it("records who changed what and who downloaded an export; owners read their company's entries only", async () => {
    const company = await t.createCompany();
    await insertUser(t.db, { companyIdx: company.idx, loginId: `${company.id}-acc`, name: 'Acc', email: '', role: 'accounting' }, PASSWORD);
    const owner = await loginAs(company.id, company.password, 'Owner/1');
    const accountant = await loginAs(`${company.id}-acc`, PASSWORD, 'Acc/1');

    // an owner's change of the notification settings, a refused change (no entry), an accountant's export
    const settings = (await get(owner, '/api/company/notificationSettings')).json();
    expect(
      (await t.inject(owner, { method: 'PATCH', url: '/api/company/notificationSettings', payload: { ...settings, notify_qna: false } }))
        .statusCode,
    ).toBe(200);
    expect((await t.inject(accountant, { method: 'PATCH', url: '/api/company/notificationSettings', payload: settings })).statusCode).toBe(
      403,
    );
    const exported = await t.inject(accountant, { method: 'POST', url: '/api/calculate/exportBuyInvoiceSend', payload: {} });
    expect(exported.statusCode, exported.body).toBe(200);
    // another company's activity is not in this one's log
    const stranger = await t.createCompany();
    const s = await loginAs(stranger.id, stranger.password, 'S/1');
    const ss = (await get(s, '/api/company/notificationSettings')).json();
    await t.inject(s, { method: 'PATCH', url: '/api/company/notificationSettings', payload: ss });

    const waitFor = async (n: number) => {
      // written after the answer: wait until it is there
      for (let i = 0; i < 50; i++) {
        const r = (await get(owner, '/api/company/activity')).json() as { dataset: { actor: string; action: string }[]; total_cnt: number };
        if (r.total_cnt >= n) return r;
        await new Promise((res) => setTimeout(res, 20));
      }
      throw new Error('activity not recorded');
    };
    const log = await waitFor(2);
    expect(log.total_cnt).toBe(2);
    expect(log.dataset.map((e) => [e.actor, e.action])).toEqual([
      [`${company.id}-acc`, 'export.invoices'],
      [company.id, 'notifications.update'],
    ]);
    expect(log.dataset[0]).toMatchObject({ actor_kind: 'user', at: expect.stringMatching(/Z$/) });

    // filters: an action prefix, one user
    const q = (f: object) => `/api/company/activity?search_value=${encodeURIComponent(JSON.stringify(f))}`;
    expect((await get(owner, q({ action: 'export.' }))).json().dataset.map((e: { action: string }) => e.action)).toEqual([
      'export.invoices',
    ]);
    expect((await get(owner, q({ actor: company.id }))).json().total_cnt).toBe(1);
    expect((await get(owner, `/api/company/activity?dir=asc`)).json().dataset[0].action).toBe('notifications.update');

    // owners only
    expect((await get(accountant, '/api/company/activity')).statusCode).toBe(403);
    expect((await get(accountant, '/api/company/activity')).json().message).toBe('no permission');
  });

  it('a password change names the user', async () => {
    const company = await t.createCompany();
    const owner = await loginAs(company.id, company.password, 'Owner/1');
    const changed = await t.inject(owner, {
      method: 'PATCH',
      url: '/api/company/passwordUpdate',
      payload: { password_current: company.password, password_change: `${company.password}-2x` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (let i = 0; i < 50; i++) {
      if ((await get(owner, '/api/company/activity')).json().total_cnt >= 1) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    const log = (await get(owner, '/api/company/activity')).json() as { dataset: { actor: string; action: string; target: string }[] };
    expect(log.dataset).toEqual([expect.objectContaining({ actor: company.id, action: 'password.change', target: '' })]);
  });

  it("an owner's change of a user is recorded with the change, naming the user's idx", async () => {
    const company = await t.createCompany();
    const userIdx = await insertUser(
      t.db,
      { companyIdx: company.idx, loginId: `${company.id}-x`, name: 'X', email: '', role: 'viewer' },
      PASSWORD,
    );
    const owner = await loginAs(company.id, company.password, 'Owner/1');
    expect(
      (await t.inject(owner, { method: 'PATCH', url: `/api/company/users/${userIdx}`, payload: { role: 'editorial' } })).statusCode,
    ).toBe(200);
    // a refused change (another company's user: 404) records nothing
    expect(
      (await t.inject(owner, { method: 'PATCH', url: '/api/company/users/2147483647', payload: { role: 'editorial' } })).statusCode,
    ).toBe(404);
    const log = (await get(owner, '/api/company/activity')).json() as { dataset: { actor: string; action: string; target: string }[] };
    expect(log.dataset).toEqual([expect.objectContaining({ actor: company.id, action: 'user.update', target: String(userIdx) })]);
  });
});
