/**
 * Forgotten password through the API and a real SMTP server: the link arrives in the company's
 * language at its `email` list, works once within 30 minutes, sets the password and ends every
 * session; unknown ids get the same answer after the same minimum time.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, mailOutbox, passwordResetTokens } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helper';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { RESET_ANSWER_MS, RESET_MAILS_PER_HOUR } from './password-reset';
import { RESET_REQUESTS } from './throttle';

let t: TestContext;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ mail: inbox.mailConfig() });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
beforeEach(() => {
  inbox.mails.length = 0;
  // a new per-client rate-limit window for each test
  t.clock.advance(61_000);
});

/** A reset request from an address (default 127.0.0.1), in a page's language when given. */
const request = (id: string, remoteAddress = '127.0.0.1', language?: string) =>
  t.inject(null, {
    method: 'POST',
    url: '/api/company/passwordReset/request',
    payload: language ? { id, language } : { id },
    remoteAddress,
  });
const confirm = (token: string, password: string) =>
  t.inject(null, { method: 'POST', url: '/api/company/passwordReset/confirm', payload: { token, password } });
const check = (token: string) => t.inject(null, { method: 'POST', url: '/api/company/passwordReset/check', payload: { token } });
const login = (id: string, password: string, language?: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT', language } });

/** The token of the link in the one mail received. */
async function linkToken(): Promise<string> {
  await t.app.mail.flush();
  const [mail] = await inbox.waitFor(1);
  const m = /https:\/\/portal\.example\.test\/password-reset\/confirm\?token=([\w-]+)/.exec(mail!.text);
  expect(m, mail!.text).not.toBeNull();
  return m![1]!;
}

describe('forgotten password', () => {
  it('mails a link in the company language to its email list; the link sets the password once and ends every session', async () => {
    const c = await t.createCompany({ email: 'boss@example.test, office@example.test', emailInvoice: 'billing@example.test' });
    // the login records the UI language in use
    const res = await login(c.id, c.password, 'ko');
    expect(res.statusCode).toBe(200);
    const session = res.json<{ access_token: string }>().access_token;
    expect((await t.db.select({ l: companies.uiLanguage }).from(companies).where(eq(companies.idx, c.idx)))[0]!.l).toBe('ko');

    const asked = await request(`  ${c.id} `);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: 'success' });
    const token = await linkToken();
    const [mail] = inbox.mails;
    expect(mail!.to.sort()).toEqual(['boss@example.test', 'office@example.test']);
    expect(mail!.subject).toBe('퍼블리셔 포털 비밀번호 재설정');
    expect(mail!.text).toContain(`${c.id} 계정의 비밀번호 재설정이 요청되었습니다.`);
    expect(mail!.html).toContain('새 비밀번호 설정');

    // only a hash of the token is stored
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.companyIdx, c.idx));
    expect(stored.map((s) => s.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);

    const done = await confirm(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'success' });
    expect((await login(c.id, c.password)).statusCode).toBe(401);
    expect((await login(c.id, 'brand-new-pass')).statusCode).toBe(200);
    // the session from before the reset is over
    expect((await t.inject(session, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(401);

    // used once: a second use is refused with the request id
    const again = await confirm(token, 'another-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', requestId: expect.any(String) });
    expect((await login(c.id, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('the mail is in the language of the page that asked for it (the web sends it)', async () => {
    const c = await t.createCompany({ email: 'zh@example.test' });
    await request(c.id, '127.0.0.1', 'zh');
    await linkToken();
    expect(inbox.mails[0]!.subject).toBe('重置出版商门户密码');
  });

  it('refuses an expired link (after 30 minutes) and an unknown token', async () => {
    const c = await t.createCompany({ email: 'late@example.test' });
    await request(c.id);
    const token = await linkToken();
    t.clock.advance(30 * 60_000 + 1000);
    const res = await confirm(token, 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await login(c.id, c.password)).statusCode).toBe(200);
    expect((await confirm('x'.repeat(43), 'brand-new-pass')).json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });

  it('the page can ask whether its link is still good before a password is typed: live, then used, expired or unknown', async () => {
    const c = await t.createCompany({ email: 'check@example.test' });
    await request(c.id);
    const token = await linkToken();
    const live = await check(token);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'success' });
    expect(live.headers['cache-control']).toBe('no-store');
    // asking spends nothing: asked twice, the link still sets the password
    expect((await check(token)).statusCode).toBe(200);
    expect((await confirm(token, 'brand-new-pass')).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', requestId: expect.any(String) });

    t.clock.advance(61_000);
    inbox.mails.length = 0;
    await request(c.id);
    const expiring = await linkToken();
    expect((await check(expiring)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1000);
    expect((await check(expiring)).json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await check('x'.repeat(43))).json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await check('')).json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('a new password follows the password rules (at least 7 characters)', async () => {
    const c = await t.createCompany({ email: 'short@example.test' });
    await request(c.id);
    const token = await linkToken();
    const res = await confirm(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    // the token was not spent by the refused call
    expect((await confirm(token, 'long-enough')).statusCode).toBe(200);
  });

  it('answers an unknown id exactly like a known one, after the same minimum time, and mails nothing', async () => {
    const c = await t.createCompany({ email: 'known@example.test' });
    const timed = async (id: string) => {
      const started = performance.now();
      const res = await request(id);
      return { res, ms: performance.now() - started };
    };
    const known = await timed(c.id);
    const unknown = await timed('nobody-has-this-id');
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.body).toBe(known.res.body);
    expect(Object.keys(unknown.res.headers).sort()).toEqual(Object.keys(known.res.headers).sort());
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset'));
    expect(rows.filter((r) => r.recipients.includes('known@example.test'))).toHaveLength(1);
    expect(rows.filter((r) => r.companyIdx === null)).toHaveLength(0);
  });

  it('limits requests per id, known or not (429 with Retry-After), and mails at most 3 links an hour', async () => {
    const c = await t.createCompany({ email: 'many@example.test' });
    for (const id of [c.id, 'nobody-either']) {
      for (let i = 0; i < RESET_REQUESTS.max; i++) {
        t.clock.advance(61_000);
        expect((await request(id)).statusCode).toBe(200);
      }
      t.clock.advance(1000);
      const over = await request(id);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', requestId: expect.any(String) });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.companyIdx, c.idx));
    expect(rows).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it("requests from strangers' addresses never use up the owner's budget: the owner still gets a link (issue 56)", async () => {
    const c = await t.createCompany({ email: 'owner@example.test' });
    // two strangers each spend their whole budget on the owner's id (and get its links mailed, up to the cap per client)
    for (const stranger of ['203.0.113.7', '198.51.100.9']) {
      for (let i = 0; i < RESET_REQUESTS.max; i++) {
        t.clock.advance(61_000);
        expect((await request(c.id, stranger)).statusCode).toBe(200);
      }
      expect((await request(c.id, stranger)).statusCode).toBe(429);
    }
    await t.app.mail.flush();
    await inbox.waitFor(2 * RESET_MAILS_PER_HOUR);
    inbox.mails.length = 0;
    // the owner, from its own address, is neither refused nor left without a link
    t.clock.advance(61_000);
    const own = await request(c.id, '192.0.2.44');
    expect(own.statusCode).toBe(200);
    const token = await linkToken();
    expect(inbox.mails[0]!.to).toEqual(['owner@example.test']);
    expect((await confirm(token, 'owners-new-pass')).statusCode).toBe(200);
  });

  it('limits requests per client across ids (20 in 15 minutes), whatever the ids', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= RESET_REQUESTS.clientMax; i++) {
      t.clock.advance(10_000);
      codes.push((await request(`sprayed-${i}`, '203.0.113.99')).statusCode);
    }
    expect(codes.slice(0, RESET_REQUESTS.clientMax).every((s) => s === 200)).toBe(true);
    expect(codes[RESET_REQUESTS.clientMax]).toBe(429);
    // another client is not slowed down by it
    expect((await request('sprayed-0', '203.0.113.100')).statusCode).toBe(200);
  });

  it('limits requests per client (10 a minute)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await request(`someone-${i}`)).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
