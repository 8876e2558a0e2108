import type { AppConfig } from '../../config';
/**
 * The one place mails are raised. Every write path (the API's modules, the operator import, seeds)
 * calls these inside the transaction that writes the event, so the mail is committed with it or not
 * at all. Each reads the company's lists, language and switches itself; a dedupe key makes a second
 * raise of the same event a no-op.
 *
 * Why functions and not AFTER INSERT triggers: the mail is rendered here in the company's language
 * with locale-formatted amounts, which SQL cannot do; the callers are few and all in this server.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { languageOfCountry, MAIL_LANGUAGES } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { bbsPosts, buyInvoices, buyPaymentInvoices, buyPayments, companies, currencies } from '../../db/schema';
import { enqueue, recipientList } from './outbox';
import { ACCOUNT_CHANGE_WHAT, formatAmount, formatDate, mailLocale, QNA_WHAT, renderMail } from './templates';

/** What building a mail needs from the configuration. */
export interface MailContext {
  /** the portal's public address, no trailing slash (links) */
  publicUrl: string;
  /** MAIL_ATTACH_PDF */
  attachPdf?: boolean;
}

/** The mail context of a configuration (links to PUBLIC_URL, MAIL_ATTACH_PDF): the server, the CLI and the statements share it. */
export function mailContextOf(config: Pick<AppConfig, 'mail' | 'port'>): MailContext {
  return { publicUrl: config.mail?.publicUrl ?? `http://localhost:${config.port}`, attachPdf: config.mail?.attachPdf ?? false };
}

/** The portal's pages the mails link to. */
export const MAIL_PATHS = {
  invoices: '/calculate/sale',
  payments: '/calculate/sale',
  statements: '/copyright/royalty',
  qnaPost: (idx: number) => `/help/bbs/qna/view/${idx}`,
  passwordReset: (token: string) => `/password-reset/confirm?token=${encodeURIComponent(token)}`,
  login: '/login',
} as const;

function findCompany(tx: DbOrTx, companyIdx: number) {
  return tx
    .select({
      idx: companies.idx,
      id: companies.id,
      name: companies.companyName,
      email: companies.email,
      emailInvoice: companies.emailInvoice,
      mailLanguage: companies.mailLanguage,
      country: companies.country,
      notifyInvoice: companies.notifyInvoice,
      notifyPayment: companies.notifyPayment,
      notifyQna: companies.notifyQna,
      notifyStatement: companies.notifyStatement,
    })
    .from(companies)
    .where(eq(companies.idx, companyIdx))
    .limit(1)
    .then((r) => r[0] && { ...r[0], language: r[0].mailLanguage ?? languageOfCountry(r[0].country) });
}

/**
 * The password-reset link of a company (auth module): to its `email` list, in the language of the page that
 * asked for it (`language`), else the company's mail language.
 */
export async function enqueuePasswordReset(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; token: string; minutes: number; language?: string },
) {
  const c = await findCompany(tx, a.companyIdx);
  if (!c) return undefined;
  const asked = (a.language ?? '').slice(0, 2).toLowerCase();
  const locale = mailLocale((MAIL_LANGUAGES as readonly string[]).includes(asked) ? asked : c.language);
  const link = ctx.publicUrl + MAIL_PATHS.passwordReset(a.token);
  const mail = renderMail('password_reset', locale, { company: c.name, id: c.id, minutes: String(a.minutes) }, link);
  return enqueue(tx, { ...mail, kind: 'password_reset', to: recipientList(c.email), locale, companyIdx: c.idx });
}

/** A new invoice → the company's `email_invoice` list (with the PDF when MAIL_ATTACH_PDF=1). */
export async function notifyInvoiceNew(tx: DbOrTx, ctx: MailContext, invoiceIdx: number) {
  const [inv] = await tx
    .select({
      companyIdx: buyInvoices.companyIdx,
      code: buyInvoices.code,
      amount: buyInvoices.amount,
      due: buyInvoices.dueDate,
      currency: currencies.name,
    })
    .from(buyInvoices)
    .innerJoin(currencies, eq(currencies.idx, buyInvoices.currencyIdx))
    .where(eq(buyInvoices.idx, invoiceIdx));
  if (!inv) return undefined;
  const c = await findCompany(tx, inv.companyIdx);
  if (!c?.notifyInvoice) return undefined;
  const locale = mailLocale(c.language);
  const values = {
    company: c.name,
    code: inv.code,
    amount: formatAmount(locale, inv.amount, inv.currency),
    deadline: formatDate(locale, inv.due),
  };
  const mail = renderMail('invoice_new', locale, values, ctx.publicUrl + MAIL_PATHS.invoices);
  return enqueue(tx, {
    ...mail,
    kind: 'invoice_new',
    to: recipientList(c.emailInvoice),
    locale,
    companyIdx: c.idx,
    dedupeKey: `invoice_new:${invoiceIdx}`,
    attachment: ctx.attachPdf ? `invoice_pdf:${c.idx}:${inv.code}` : undefined,
  });
}

/** A payment registered → the company's `email` list, with amount, date and the invoices it covered. */
export async function notifyPaymentRegistered(tx: DbOrTx, ctx: MailContext, paymentIdx: number) {
  const [pay] = await tx
    .select({ companyIdx: buyPayments.companyIdx, amount: buyPayments.dPayment, day: buyPayments.dDate, currency: currencies.name })
    .from(buyPayments)
    .innerJoin(currencies, eq(currencies.idx, buyPayments.currencyIdx))
    .where(eq(buyPayments.idx, paymentIdx));
  if (!pay) return undefined;
  const c = await findCompany(tx, pay.companyIdx);
  if (!c?.notifyPayment) return undefined;
  const covered = await tx
    .select({ code: buyInvoices.code })
    .from(buyPaymentInvoices)
    .innerJoin(buyInvoices, eq(buyInvoices.idx, buyPaymentInvoices.buyInvoiceIdx))
    .where(and(eq(buyPaymentInvoices.buyPaymentIdx, paymentIdx), eq(buyInvoices.companyIdx, pay.companyIdx)))
    .orderBy(buyInvoices.code);
  const locale = mailLocale(c.language);
  const values = {
    company: c.name,
    amount: formatAmount(locale, pay.amount, pay.currency),
    date: formatDate(locale, pay.day),
    invoices: covered.map((r) => r.code).join(', ') || '-',
  };
  const mail = renderMail('payment_registered', locale, values, ctx.publicUrl + MAIL_PATHS.payments);
  return enqueue(tx, {
    ...mail,
    kind: 'payment_registered',
    to: recipientList(c.email),
    locale,
    companyIdx: c.idx,
    dedupeKey: `payment_registered:${paymentIdx}`,
  });
}

/**
 * A reply to or a comment on a company's Q&A post (`postIdx`: the post replied to or commented on)
 * → that company's `email` list. Its own replies and comments raise nothing.
 */
export async function notifyQnaActivity(
  tx: DbOrTx,
  ctx: MailContext,
  a: { postIdx: number; what: 'reply' | 'comment'; sourceIdx: number; author: { type: string; idx: number } },
) {
  const [root] = await tx
    .select({
      idx: bbsPosts.idx,
      title: bbsPosts.title,
      type: bbsPosts.registrantType,
      owner: bbsPosts.registrantIdx,
      deleted: bbsPosts.deletedAt,
    })
    .from(bbsPosts)
    .where(eq(bbsPosts.idx, a.postIdx));
  if (!root || root.type !== 'company' || root.deleted) return undefined;
  if (a.author.type === 'company' && a.author.idx === root.owner) return undefined;
  const c = await findCompany(tx, root.owner);
  if (!c?.notifyQna) return undefined;
  const locale = mailLocale(c.language);
  const values = { company: c.name, title: root.title, what: QNA_WHAT[locale][a.what] };
  const mail = renderMail('qna_reply', locale, values, ctx.publicUrl + MAIL_PATHS.qnaPost(root.idx));
  return enqueue(tx, {
    ...mail,
    kind: 'qna_reply',
    to: recipientList(c.email),
    locale,
    companyIdx: c.idx,
    dedupeKey: `qna_${a.what}:${a.sourceIdx}`,
  });
}

/**
 * The royalty statements of a company and period issued in one run → one mail to the company's `email`
 * list naming each statement's number and currency. The statements run calls it once per company and
 * period, after issuing them; the numbers name the mail once (dedupe: a run that issues nothing new mails nothing).
 */
export async function notifyStatementReady(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; period: string; statements: { number: string; currency: string }[] },
) {
  if (a.statements.length === 0) return undefined;
  const c = await findCompany(tx, a.companyIdx);
  if (!c?.notifyStatement) return undefined;
  const locale = mailLocale(c.language);
  const sorted = [...a.statements].sort((x, y) => (x.number < y.number ? -1 : 1));
  const values = {
    company: c.name,
    period: a.period,
    list: sorted.map((s) => `${s.number} (${s.currency})`).join('\n'),
  };
  const mail = renderMail('statement_ready', locale, values, ctx.publicUrl + MAIL_PATHS.statements);
  const numbers = sorted.map((s) => s.number).join(',');
  return enqueue(tx, {
    ...mail,
    kind: 'statement_ready',
    to: recipientList(c.email),
    locale,
    companyIdx: c.idx,
    // the key holds 200 characters: a company's few statements of a period fit; more are named by their digest
    dedupeKey: `statement_ready:${numbers.length <= 180 ? numbers : createHash('sha256').update(numbers).digest('hex')}`,
  });
}

/** What a change of an account by the distributor touched. */
export type AccountChange = 'email' | 'email_invoice' | 'password';

/**
 * (issue 56) The distributor changed a company's e-mail lists or password (API, import, CLI, console) → the
 * addresses the company had before (its `email` and `email_invoice` lists as they were), in its language.
 * Always sent (no switch): someone who took the account over by changing its addresses is seen by the owner.
 */
export async function notifyAccountChanged(
  tx: DbOrTx,
  ctx: MailContext,
  a: { companyIdx: number; before: { email: string; emailInvoice: string }; changed: AccountChange[] },
) {
  const c = await findCompany(tx, a.companyIdx);
  if (!c || !a.changed.length) return undefined;
  const locale = mailLocale(c.language);
  const what = a.changed.map((w) => ACCOUNT_CHANGE_WHAT[locale][w]).join(', ');
  const mail = renderMail('account_changed', locale, { company: c.name, id: c.id, what }, ctx.publicUrl + MAIL_PATHS.login);
  const to = [...new Set([...recipientList(a.before.email), ...recipientList(a.before.emailInvoice)])];
  return enqueue(tx, { ...mail, kind: 'account_changed', to, locale, companyIdx: c.idx });
}
