/**
 * The settlement's mails: a new invoice (with its PDF when MAIL_ATTACH_PDF is on) and a registered
 * payment, raised by the settlement imports inside their transaction; and the attachment resolver that
 * turns an invoice mail's reference into the PDF when the worker sends it.
 */
import { screenHref } from '@portal/contract/screens';
import type { IssuerConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { enqueueMail, recipientList } from '../../lib/mail/outbox';
import { formatAmount, formatDate, mailTemplate, type MailContext } from '../../lib/mail/render';
import type { AttachmentResolver } from '../../lib/mail/worker';
import { companyMailTarget } from '../company/company.mail';
import { invoiceForMail, paymentForMail } from './settlement.repository';
import { createSettlementService } from './settlement.service';

export const INVOICE_NEW = mailTemplate('invoiceNew');

export const PAYMENT_REGISTERED = mailTemplate('paymentRegistered');

/** The attachment reference of an invoice's PDF: `invoice_pdf:<company idx>:<code>`. */
const INVOICE_PDF_REF = /^invoice_pdf:(\d+):(.+)$/;

/** A new invoice → the company's `email_invoice` list (with the PDF when MAIL_ATTACH_PDF is on); once per invoice. */
export async function notifyInvoiceNew(tx: DbOrTx, ctx: MailContext, invoiceIdx: number) {
  const inv = await invoiceForMail(tx, invoiceIdx);
  const c = inv && (await companyMailTarget(tx, inv.companyIdx));
  if (!inv || !c?.notifyInvoice) return undefined;
  return enqueueMail(tx, ctx, {
    kind: 'invoice_new',
    template: INVOICE_NEW,
    locale: c.locale,
    values: {
      company: c.name,
      code: inv.code,
      amount: formatAmount(c.locale, inv.amount, inv.currency),
      deadline: formatDate(c.locale, inv.due),
    },
    path: screenHref('/calculate/sale'),
    to: recipientList(c.emailInvoice),
    companyIdx: c.idx,
    dedupeKey: `invoice_new:${invoiceIdx}`,
    attachment: ctx.attachPdf ? `invoice_pdf:${c.idx}:${inv.code}` : undefined,
  });
}

/** A payment registered → the company's `email` list, with amount, date and the invoices it covered; once per payment. */
export async function notifyPaymentRegistered(tx: DbOrTx, ctx: MailContext, paymentIdx: number) {
  const pay = await paymentForMail(tx, paymentIdx);
  const c = pay && (await companyMailTarget(tx, pay.companyIdx));
  if (!pay || !c?.notifyPayment) return undefined;
  return enqueueMail(tx, ctx, {
    kind: 'payment_registered',
    template: PAYMENT_REGISTERED,
    locale: c.locale,
    values: {
      company: c.name,
      amount: formatAmount(c.locale, pay.amount, pay.currency),
      date: formatDate(c.locale, pay.day),
      invoices: pay.invoices.join(', ') || '-',
    },
    path: screenHref('/calculate/sale'),
    to: recipientList(c.email),
    companyIdx: c.idx,
    dedupeKey: `payment_registered:${paymentIdx}`,
  });
}

/** The mail worker's attachments (lib/mail/worker.ts): an invoice mail's PDF, as the invoice list serves it. */
export function invoicePdfAttachments(deps: { db: Db; files: FileStore; issuer?: IssuerConfig }): AttachmentResolver {
  const settlement = createSettlementService(deps);
  return async (ref) => {
    const m = INVOICE_PDF_REF.exec(ref);
    if (!m) return undefined;
    const file = await settlement.invoicePdf(Number(m[1]), m[2]!);
    const content = await deps.files.get(file.storageKey);
    return content ? { filename: `${m[2]}.pdf`, content, contentType: 'application/pdf' } : undefined;
  };
}
