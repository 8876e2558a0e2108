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
import { formatAmount, formatDate, type MailContext, type MailTemplate } from '../../lib/mail/render';
import type { AttachmentResolver } from '../../lib/mail/worker';
import { companyMailTarget } from '../company/company.mail';
import { invoiceForMail, paymentForMail } from './settlement.repository';
import { createSettlementService } from './settlement.service';

export const INVOICE_NEW: MailTemplate = {
  en: {
    subject: 'New invoice {code}',
    lines: ['A new invoice was issued to your company.', 'Invoice: {code}', 'Amount: {amount}', 'Issuance deadline: {deadline}'],
    action: 'Open the invoice list',
  },
  ko: {
    subject: '새 청구서 {code}',
    lines: ['회사에 새 청구서가 발행되었습니다.', '청구서: {code}', '금액: {amount}', '발행 기한: {deadline}'],
    action: '청구서 목록 열기',
  },
  es: {
    subject: 'Nueva factura {code}',
    lines: ['Se ha emitido una nueva factura a su empresa.', 'Factura: {code}', 'Importe: {amount}', 'Fecha límite de emisión: {deadline}'],
    action: 'Abrir la lista de facturas',
  },
  zh: {
    subject: '新发票 {code}',
    lines: ['已向贵公司开具新发票。', '发票：{code}', '金额：{amount}', '开票期限：{deadline}'],
    action: '打开发票列表',
  },
  ja: {
    subject: '新しい請求書 {code}',
    lines: ['貴社宛てに新しい請求書が発行されました。', '請求書：{code}', '金額：{amount}', '発行期限：{deadline}'],
    action: '請求書一覧を開く',
  },
};

export const PAYMENT_REGISTERED: MailTemplate = {
  en: {
    subject: 'Payment of {amount} registered',
    lines: ['A payment was registered for your company.', 'Amount: {amount}', 'Date: {date}', 'Invoices covered: {invoices}'],
    action: 'Open the payment list',
  },
  ko: {
    subject: '{amount} 결제가 등록되었습니다',
    lines: ['회사의 결제가 등록되었습니다.', '금액: {amount}', '날짜: {date}', '해당 청구서: {invoices}'],
    action: '결제 목록 열기',
  },
  es: {
    subject: 'Pago de {amount} registrado',
    lines: ['Se ha registrado un pago de su empresa.', 'Importe: {amount}', 'Fecha: {date}', 'Facturas cubiertas: {invoices}'],
    action: 'Abrir la lista de pagos',
  },
  zh: {
    subject: '已登记付款 {amount}',
    lines: ['已登记贵公司的一笔付款。', '金额：{amount}', '日期：{date}', '涉及发票：{invoices}'],
    action: '打开付款列表',
  },
  ja: {
    subject: '{amount} の入金を登録しました',
    lines: ['貴社の入金が登録されました。', '金額：{amount}', '日付：{date}', '対象の請求書：{invoices}'],
    action: '入金一覧を開く',
  },
};

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
