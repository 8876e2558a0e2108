/**
 * Each notification the modules raise lands in a real SMTP server's inbox with the right recipients,
 * language and link to its screen, and each can be switched off per company (notification settings).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, mailOutbox } from '../../db/schema';
import type { MailContext } from '../../lib/mail/render';
import { createTestApp, type TestContext } from '../../test/helper';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { notifyStatementReady } from '../copyright/copyright.mail';
import { insertInvoices, insertPayment } from '../settlement/settlement.factories';
import { notifyInvoiceNew, notifyPaymentRegistered } from '../settlement/settlement.mail';

let t: TestContext;
let inbox: SmtpInbox;
const ctx: MailContext = { publicUrl: 'https://portal.example.test', attachPdf: true };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ mail: inbox.mailConfig({ attachPdf: true, publicUrl: ctx.publicUrl }) });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
beforeEach(async () => {
  inbox.mails.length = 0;
  await t.db.delete(mailOutbox);
});

async function company(language: string, email = 'office@example.test, boss@example.test', emailInvoice = 'billing@example.test') {
  const c = await t.createCompany({ email, emailInvoice });
  await t.db
    .update(companies)
    .set({ mailLanguage: language as 'en' | 'ko' | 'es' | 'zh' | 'ja' })
    .where(eq(companies.idx, c.idx));
  return c;
}

async function delivered() {
  await t.app.mail.flush();
  return inbox.mails;
}

describe('new invoice', () => {
  it('goes to the email_invoice list in the company language, with code, amount, deadline, link and the PDF', async () => {
    const c = await company('ja');
    await t.db.transaction(async (tx) => {
      const [inv] = await insertInvoices(tx, c.idx, [{ code: 'INV-JA-1', amount: '1234567.50', currency: 'USD', dueDate: '2026-12-31' }]);
      await notifyInvoiceNew(tx, ctx, inv!.idx);
    });
    const [mail, ...more] = await delivered();
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual(['billing@example.test']);
    expect(mail!.subject).toBe('新しい請求書 INV-JA-1');
    expect(mail!.text).toContain('金額：$1,234,567.50');
    // the date as the screens write it, under the screens' name for it (the invoice list's "issuance deadline")
    expect(mail!.text).toContain('発行期限：2026/12/31');
    expect(mail!.text).toContain('https://portal.example.test/calculate/sale');
    expect(mail!.attachments).toEqual([expect.objectContaining({ filename: 'INV-JA-1.pdf', contentType: 'application/pdf' })]);
    expect(mail!.attachments[0]!.size).toBeGreaterThan(1000);
  });

  it('is raised once per invoice, and not at all when the company switched it off', async () => {
    const c = await company('en');
    const token = await t.login(c.id, c.password);
    const [inv] = await t.db.transaction(async (tx) => {
      const rows = await insertInvoices(tx, c.idx, [{ code: 'INV-TWICE' }]);
      await notifyInvoiceNew(tx, ctx, rows[0]!.idx);
      await notifyInvoiceNew(tx, ctx, rows[0]!.idx);
      return rows;
    });
    expect(inv).toBeDefined();
    expect(await delivered()).toHaveLength(1);

    const off = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/notificationSettings',
      payload: { notify_invoice: false, notify_payment: true, notify_qna: true, notify_statement: true, mail_language: 'en' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      notify_invoice: false,
      notify_payment: true,
      notify_qna: true,
      notify_statement: true,
      mail_language: 'en',
    });
    expect((await t.inject(token, { method: 'GET', url: '/api/company/notificationSettings' })).json()).toMatchObject({
      notify_invoice: false,
    });
    inbox.mails.length = 0;
    await t.db.transaction(async (tx) => {
      const rows = await insertInvoices(tx, c.idx, [{ code: 'INV-OFF' }]);
      await notifyInvoiceNew(tx, ctx, rows[0]!.idx);
    });
    expect(await delivered()).toHaveLength(0);
  });
});

describe('payment registered', () => {
  it('goes to the email list in the company language with amount, date and the invoices covered', async () => {
    const c = await company('es');
    await t.db.transaction(async (tx) => {
      const invs = await insertInvoices(tx, c.idx, [
        { code: 'INV-ES-2', amount: '500.00' },
        { code: 'INV-ES-1', amount: '700.25' },
      ]);
      const p = await insertPayment(
        tx,
        c.idx,
        invs.map((i) => ({ idx: i.idx, amount: i.amount })),
        { amount: '1200.25', dDate: '2026-03-20', currency: 'USD' },
      );
      await notifyPaymentRegistered(tx, ctx, p.idx);
    });
    const [mail] = await delivered();
    expect(mail!.to.sort()).toEqual(['boss@example.test', 'office@example.test']);
    expect(mail!.subject.replace(/\s/g, ' ')).toBe('Pago de 1200,25 US$ registrado');
    expect(mail!.text).toContain('Fecha: 20/03/2026');
    expect(mail!.text).toContain('Facturas cubiertas: INV-ES-1, INV-ES-2');
    expect(mail!.text).toContain('https://portal.example.test/calculate/sale');
  });
});

describe('Q&A replies and comments', () => {
  const post = (token: string, body: { title: string; content: string; parentIdx?: number }) =>
    t.inject(token, { method: 'POST', url: '/api/help/bbs/qna', payload: body });

  it("mail the post's company when another company replies or comments; its own writing mails nothing", async () => {
    const owner = await company('ko', 'owner@example.test');
    const other = await company('en', 'other@example.test');
    const ownerToken = await t.login(owner.id, owner.password);
    const otherToken = await t.login(other.id, other.password);
    const created = await post(ownerToken, { title: '배송 문의', content: '<p>언제 오나요?</p>' });
    expect(created.statusCode, created.body).toBe(200);
    const idx = created.json<{ idx: number }>().idx;

    // its own reply and comment: nothing
    expect((await post(ownerToken, { title: 'Re', content: '<p>추가</p>', parentIdx: idx })).statusCode).toBe(200);
    expect(
      (await t.inject(ownerToken, { method: 'POST', url: '/api/help/bbs_comment/qna', payload: { bbs_idx: idx, content: 'me' } }))
        .statusCode,
    ).toBe(200);
    expect(await delivered()).toHaveLength(0);

    expect((await post(otherToken, { title: 'Re: 배송', content: '<p>Tomorrow</p>', parentIdx: idx })).statusCode).toBe(200);
    expect(
      (await t.inject(otherToken, { method: 'POST', url: '/api/help/bbs_comment/qna', payload: { bbs_idx: idx, content: 'hi' } }))
        .statusCode,
    ).toBe(200);
    const mails = await delivered();
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.to.join() === 'owner@example.test')).toBe(true);
    expect(mails.map((m) => m.subject)).toEqual(['질문 "배송 문의"에 새 답변이 있습니다', '질문 "배송 문의"에 새 답변이 있습니다']);
    expect(mails.map((m) => m.text.includes('새 답글')).filter(Boolean)).toHaveLength(1);
    expect(mails.map((m) => m.text.includes('새 댓글')).filter(Boolean)).toHaveLength(1);
    expect(mails[0]!.text).toContain(`https://portal.example.test/help/bbs/qna/view/${idx}`);
  });

  it('a company that switched Q&A mails off gets none', async () => {
    const owner = await company('en', 'quiet@example.test');
    const other = await company('en', 'talker@example.test');
    await t.db.update(companies).set({ notifyQna: false }).where(eq(companies.idx, owner.idx));
    const idx = (await post(await t.login(owner.id, owner.password), { title: 'Quiet', content: '<p>q</p>' })).json<{ idx: number }>().idx;
    expect((await post(await t.login(other.id, other.password), { title: 'Re', content: '<p>a</p>', parentIdx: idx })).statusCode).toBe(
      200,
    );
    expect(await delivered()).toHaveLength(0);
  });
});

describe('royalty statement ready', () => {
  it('goes to the email list in the company language, once per company and period, naming each statement and currency', async () => {
    const c = await company('zh', 'author@example.test');
    const statements = [
      { number: `RS-202610-${c.idx}-USD-v1`, currency: 'USD' },
      { number: `RS-202610-${c.idx}-KRW-v1`, currency: 'KRW' },
    ];
    await t.db.transaction(async (tx) => {
      await notifyStatementReady(tx, ctx, { companyIdx: c.idx, period: '2026-10', statements });
      await notifyStatementReady(tx, ctx, { companyIdx: c.idx, period: '2026-10', statements });
    });
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['author@example.test']);
    expect(mails[0]!.subject).toBe('2026-10 版税结算单已就绪');
    expect(mails[0]!.text).toContain(`RS-202610-${c.idx}-KRW-v1 (KRW)\nRS-202610-${c.idx}-USD-v1 (USD)`);
    expect(mails[0]!.text).toContain('https://portal.example.test/copyright/royalty');
  });
});

describe('mail language', () => {
  it("is the company's choice in its notification settings, else the language of its country", async () => {
    const jp = await t.createCompany({ country: 'JPN', emailInvoice: 'jp@example.test' });
    const token = await t.login(jp.id, jp.password);
    const settings = await t.inject(token, { method: 'GET', url: '/api/company/notificationSettings' });
    expect(settings.json()).toMatchObject({ mail_language: null });
    const invoiceMail = async (code: string) => {
      inbox.mails.length = 0;
      await t.db.transaction(async (tx) => {
        const [inv] = await insertInvoices(tx, jp.idx, [{ code, amount: '1500.00', currency: 'USD' }]);
        await notifyInvoiceNew(tx, ctx, inv!.idx);
      });
      return (await delivered())[0]!;
    };
    expect((await invoiceMail('INV-JP-1')).subject).toBe('新しい請求書 INV-JP-1');
    const chosen = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/notificationSettings',
      payload: { notify_invoice: true, notify_payment: true, notify_qna: true, notify_statement: true, mail_language: 'ko' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await invoiceMail('INV-JP-2')).subject).toBe('새 청구서 INV-JP-2');
    const bad = await t.inject(token, {
      method: 'PATCH',
      url: '/api/company/notificationSettings',
      payload: { notify_invoice: true, notify_payment: true, notify_qna: true, notify_statement: true, mail_language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a password reset mail is written in the language of the page that asked for it', async () => {
    const c = await company('ko', 'reset@example.test');
    const d = await company('ko', 'reset2@example.test');
    const ask = async (language?: string, who = c) => {
      inbox.mails.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/company/passwordReset/request',
        payload: language ? { id: who.id, language } : { id: who.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await delivered())[0]!;
    };
    expect((await ask('es')).subject).toBe('Restablecer la contraseña del Portal de Editoriales');
    expect((await ask('ja')).subject).toBe('パブリッシャーポータルのパスワード再設定');
    // no page language (or one the portal has not): the company's mail language
    expect((await ask()).subject).toBe('퍼블리셔 포털 비밀번호 재설정');
    expect((await ask('fr-FR', d)).subject).toBe('퍼블리셔 포털 비밀번호 재설정');
  });
});
