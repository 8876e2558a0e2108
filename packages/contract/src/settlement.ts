// Schemas of the settlement calls (spec §7 "Settlement" and "Files", §3 buy invoice / payment).
import { z } from 'zod';
import { RANGE_IN_ORDER, ZDate, ZIdxParam, ZListResponse, ZMoney, ZPaging, jsonSearchValue, sortQuery, type TSort } from './common';
import { exportBody } from './copyright';
import { ORDER_TYPE_FILTERS } from './enums';

const settlementShape = {
  startDate: ZDate.optional(),
  endDate: ZDate.optional(),
  orderTypes: z.array(z.enum(ORDER_TYPE_FILTERS)).max(ORDER_TYPE_FILTERS.length).optional(),
};
/** (addition, issue 59) The search box of a settlement tab: free text, trimmed; empty means no search. */
const ZKeyword = z.string().trim().max(100).optional();

/**
 * The search form of both settlement tabs (spec §9): a date range and the order-type choices
 * ("credit only" = onCredit, "including consignment" = consignment, which selects credit and
 * consignment items, prepayment; see ORDER_TYPE_ITEMS). An empty `orderTypes` means every item.
 * Invoices are filtered on their registration day, payments on their deposit date.
 */
export const ZSettlementFilter = z
  .object(settlementShape)
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TSettlementFilter = z.infer<typeof ZSettlementFilter>;

/**
 * The invoices tab's search: the spec's keys, and (addition, issue 59) `keyword`, which the invoice's code or
 * title contains (ignoring case), and `overdue: true`, only the invoices marked overdue (something owed and the
 * due date before today in the business time zone).
 */
export const ZInvoiceFilter = z
  .object({ ...settlementShape, keyword: ZKeyword, overdue: z.boolean().optional() })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TInvoiceFilter = z.infer<typeof ZInvoiceFilter>;

/**
 * The payments tab's search: the spec's keys, and (addition, issue 59) `keyword`: the depositor's name contains it
 * (ignoring case), or, when it reads as an amount (parseAmountKeyword: "1,234,000", "1234000", "12.50"), the
 * payment's amount equals it exactly.
 */
export const ZPaymentFilter = z
  .object({ ...settlementShape, keyword: ZKeyword })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TPaymentFilter = z.infer<typeof ZPaymentFilter>;

const ZBuyInvoiceQuery = ZPaging.extend({ search_value: jsonSearchValue(ZInvoiceFilter) });
const ZBuyPaymentQuery = ZPaging.extend({ search_value: jsonSearchValue(ZPaymentFilter) });

/**
 * A search keyword read as an amount, as a decimal string ('1234000', '12.5'), or null. Digits with thousands
 * separators (',' '.' ' ', the ones the five languages show) and at most one decimal separator followed by one
 * or two digits: no currency of the portal has more than two minor-unit digits, so a separator followed by
 * exactly three digits groups thousands ('1.234.000' in Spanish, '1,234,000' in English), and one followed by
 * one or two ends the amount ('12,50' in Spanish, '12.50' in English). Anything else (letters, a sign, '1,23,4')
 * is not an amount.
 */
export function parseAmountKeyword(text: string): string | null {
  const t = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const whole = m[1]!.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  // '1.234' and '1,234' group thousands (three digits after the separator), never a decimal
  if (whole.length > 12) return null;
  return m[2] ? `${whole}.${m[2]}` : whole;
}

/**
 * (addition, issue 59) The invoice list's orders, named by the row's fields: registration day (the default,
 * newest first), code, issuance deadline, amount and payment status (unpaid, partial, paid; then by
 * registration day). Each is served by an index led by the company.
 */
export const INVOICE_SORTS = ['created_at', 'code', 'due_date', 'amount', 'balance_state'] as const;
export type TInvoiceSortKey = (typeof INVOICE_SORTS)[number];
export const INVOICE_SORT_DEFAULT: TSort<TInvoiceSortKey> = { key: 'created_at', dir: 'desc' };
export const ZBuyInvoiceListQuery = ZBuyInvoiceQuery.extend(sortQuery(INVOICE_SORTS));
export type TBuyInvoiceListQuery = z.infer<typeof ZBuyInvoiceListQuery>;

/** (addition, issue 59) The payment list's orders: deposit date (the default, newest first) and amount. */
export const PAYMENT_SORTS = ['d_date', 'd_payment'] as const;
export type TPaymentSortKey = (typeof PAYMENT_SORTS)[number];
export const PAYMENT_SORT_DEFAULT: TSort<TPaymentSortKey> = { key: 'd_date', dir: 'desc' };
export const ZBuyPaymentListQuery = ZBuyPaymentQuery.extend(sortQuery(PAYMENT_SORTS));
export type TBuyPaymentListQuery = z.infer<typeof ZBuyPaymentListQuery>;

/** (addition) An invoice's balance: nothing owed, part paid and part owed, nothing paid. */
export const BALANCE_STATES = ['paid', 'partial', 'unpaid'] as const;
export type TBalanceState = (typeof BALANCE_STATES)[number];

/** One row of "invoices sent" (spec §3 buy invoice row). */
export const ZBuyInvoiceRow = z.object({
  /** 1-based row number in the current order (spec "number") */
  no: z.number().int(),
  idx: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** KOR or USA */
  issuer: z.string(),
  /** P created, S sent (anything but P shows as sent) */
  state: z.string(),
  /** prepayment, onCredit, consignment, fulfillment, warehouse, copyright (unknown codes pass through) */
  item: z.string(),
  amount: ZMoney,
  currency_icon: z.string(),
  currency_name: z.string(),
  /** registration time (ISO) */
  created_at: z.string(),
  /** issuance deadline, YYYY-MM-DD */
  due_date: z.string(),
  /** the file name to ask `common/fileDownload` for: `<code>.pdf` */
  pdf: z.string(),
  /**
   * The payment that settled the invoice in full; null means unpaid (spec §4), which includes a partially
   * paid invoice: nothing still owed ever reads as paid (docs/decisions/vat-rounding.md)
   */
  buy_payment_idx: z.number().int().nullable(),
  /** Y paid / N unpaid, derived from buy_payment_idx: N while anything is owed (partially paid included) */
  payment_state: z.enum(['Y', 'N']),
  /** (addition) what the payments covering it settled: their covered amounts plus adjustments */
  paid_amount: ZMoney,
  /** (addition) amount − paid_amount: what is still owed */
  outstanding_amount: ZMoney,
  /** (addition) paid: nothing owed; partial: something paid, something owed; unpaid: nothing paid */
  balance_state: z.enum(BALANCE_STATES),
  /** (addition) something is owed and the due date is before today in the business time zone (config timeZone) */
  overdue: z.boolean(),
});
export type TBuyInvoiceRow = z.infer<typeof ZBuyInvoiceRow>;

/** Invoices (or payments) of one currency: how many and their exact sum (the shape of the royalty list's totals). */
export const ZInvoiceTotal = z.object({
  /** currencies.name, e.g. KRW */
  currency: z.string(),
  currency_icon: z.string(),
  cnt: z.number().int(),
  amount: ZMoney,
});
export type TInvoiceTotal = z.infer<typeof ZInvoiceTotal>;

export const ZBuyInvoiceList = ZListResponse(ZBuyInvoiceRow).extend({
  /** per-currency totals of the whole filtered set (every page), in currency order */
  totals: z.array(ZInvoiceTotal),
  /** per-currency totals of the rows of this page */
  page_totals: z.array(ZInvoiceTotal),
});
export type TBuyInvoiceList = z.infer<typeof ZBuyInvoiceList>;

export const ZBuyInvoiceParams = z.object({ buy_invoice_idx: ZIdxParam });

/**
 * A line of an invoice, in the invoice's currency; the lines add up to the invoice amount. `amount` is
 * supply value (공급가액, qty × unit price) + VAT (세액; 0 on a VAT-exempt line, 면세), as on the PDF.
 */
export const ZBuyInvoiceLine = z.object({
  line_no: z.number().int(),
  description: z.string(),
  qty: z.number().int(),
  unit_price: ZMoney,
  supply_amount: ZMoney,
  vat_amount: ZMoney,
  vat_exempt: z.boolean(),
  amount: ZMoney,
});
export type TBuyInvoiceLine = z.infer<typeof ZBuyInvoiceLine>;

/** `GET calculate/buyInvoiceSend/{buy_invoice_idx}` (addition): one invoice with its lines. */
export const ZBuyInvoiceDetail = ZBuyInvoiceRow.omit({ no: true }).extend({
  lines: z.array(ZBuyInvoiceLine),
  /** the lines' supply values and VAT added up (with `amount`, the totals the PDF prints) */
  supply_total: ZMoney,
  vat_total: ZMoney,
  /** 승인번호 of the NTS electronic original(s), ';' between two; null: none */
  approval_number: z.string().nullable(),
});
export type TBuyInvoiceDetail = z.infer<typeof ZBuyInvoiceDetail>;

/** One row of "payment complete" (spec §3 buy payment row). */
export const ZBuyPaymentRow = z.object({
  no: z.number().int(),
  idx: z.number().int(),
  d_name: z.string(),
  d_payment: ZMoney,
  currency_icon: z.string(),
  currency_name: z.string(),
  /** deposit date, YYYY-MM-DD */
  d_date: z.string(),
  /** credit_card, check, cash; anything else shows as remittance */
  d_type: z.string(),
  employee_name: z.string(),
  created_at: z.string(),
});
export type TBuyPaymentRow = z.infer<typeof ZBuyPaymentRow>;
export const ZBuyPaymentList = ZListResponse(ZBuyPaymentRow).extend({
  /** (addition) per-currency totals of the whole filtered set (every page), in currency order */
  totals: z.array(ZInvoiceTotal),
});
export type TBuyPaymentList = z.infer<typeof ZBuyPaymentList>;

/** A stored file as listed by `common/getAllFiles` (spec §3 file). */
export const ZFileInfo = z.object({
  idx: z.number().int(),
  name: z.string(),
  extension: z.string(),
  size: z.number().int(),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;

export const ZBuyPaymentParams = z.object({ buy_payment_idx: ZIdxParam });

/** `GET calculate/buyPayment/{idx}`: an array whose first item is read (spec §7). */
export const ZBuyPaymentDetail = z.object({
  idx: z.number().int(),
  d_name: z.string(),
  d_date: z.string(),
  currency_idx: z.number().int(),
  currency_icon: z.string(),
  currency_name: z.string(),
  d_payment: ZMoney,
  d_type: z.string(),
  d_type_info: z.string(),
  d_comment: z.string(),
  employee_name: z.string(),
  created_at: z.string(),
  /** the attachments; download with uploadPath `buy_payment/<idx>` */
  upload_path: z.string(),
  files: z.array(ZFileInfo),
});
export type TBuyPaymentDetail = z.infer<typeof ZBuyPaymentDetail>;
export const ZBuyPaymentDetailResponse = z.array(ZBuyPaymentDetail);

export const ZBuyPaymentCompleteDetailQuery = z.object({ buy_payment_idx: ZIdxParam });

/** An invoice covered by a payment: the invoice's amount, and what this payment covered of it. */
export const ZPaymentInvoiceRow = z.object({
  idx: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** the invoice's amount (spec §3 invoice row) */
  amount: ZMoney,
  /** (addition) the amount this payment applied to the invoice */
  covered_amount: ZMoney,
  /** (addition) what this payment settled of it without money (e.g. bank charges), and why */
  adjustment: ZMoney,
  adjustment_reason: z.string(),
  /** (addition) what the invoice still owes after every payment covering it */
  outstanding_amount: ZMoney,
  currency_icon: z.string(),
  currency_name: z.string(),
  created_day: z.string(),
  due_day: z.string(),
});
export type TPaymentInvoiceRow = z.infer<typeof ZPaymentInvoiceRow>;
export const ZPaymentInvoiceList = z.array(ZPaymentInvoiceRow);

/**
 * uploadPath of the settlement files: `buy_invoice` (invoice PDFs, fileName `<code>.pdf`) or
 * `buy_payment/<buy_payment_idx>` (a payment's attachments). Anything else answers 404.
 */
export const INVOICE_UPLOAD_PATH = 'buy_invoice';
export const paymentUploadPath = (buyPaymentIdx: number) => `buy_payment/${buyPaymentIdx}`;

export const ZFileDownloadBody = z.object({
  uploadPath: z.string().min(1).max(200),
  fileName: z.string().min(1).max(300),
});
export type TFileDownloadBody = z.infer<typeof ZFileDownloadBody>;
/** @alias the same schema as the query of the GET form */
export const ZFileDownloadQuery = ZFileDownloadBody;
export const ZGetAllFilesQuery = z.object({ uploadPath: z.string().min(1).max(200) });
export const ZFileList = z.array(ZFileInfo);

// ── exports (addition, issue 17) ───────────────────────────────────────────────────────────────
/** (addition) The invoice or payment list as a file: the list's search_value (a JSON string or an object), as every export's body. */
export const ZInvoiceExportBody = exportBody(jsonSearchValue(ZInvoiceFilter));
export const ZPaymentExportBody = exportBody(jsonSearchValue(ZPaymentFilter));
export type TSettlementExportBody = z.input<typeof ZInvoiceExportBody>;

/** Default download names (the extension follows the format). */
export const INVOICES_EXPORT_BASE_NAME = 'Invoices';
export const PAYMENTS_EXPORT_BASE_NAME = 'Payments';
