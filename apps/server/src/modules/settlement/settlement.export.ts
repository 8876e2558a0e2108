import {
  amountText,
  dayIn,
  exportFileName,
  INVOICE_ITEMS,
  INVOICES_EXPORT_BASE_NAME,
  PAYMENT_TYPES,
  PAYMENTS_EXPORT_BASE_NAME,
  type TExportLang,
  type TExportFormat,
  type TInvoiceFilter,
  type TPaymentFilter,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { ExportColumn, WorkbookOptions } from '../../lib/export';
import { fillText, LOCALES } from '../../lib/locales';
import * as repo from './settlement.repository';
import { itemsOf } from './settlement.service';

export interface SettlementExportRequest<F extends TInvoiceFilter | TPaymentFilter = TInvoiceFilter> {
  filter: F;
  lang?: TExportLang | undefined;
  format?: TExportFormat | undefined;
  fileName?: string | undefined;
}

/** The exports' words: the settlement screens' (fields, tabs, totals) and their code labels (common enums). */
const wordsOf = (lang: TExportLang) => ({ ...LOCALES[lang].settlement, enums: LOCALES[lang].common.enums });
type Words = ReturnType<typeof wordsOf>;

const itemLabel = ({ invoiceItem }: Words['enums'], item: string) =>
  (INVOICE_ITEMS as readonly string[]).includes(item) ? ((invoiceItem as Record<string, string>)[item] ?? item) : invoiceItem.unknown;
const paymentTypeLabel = ({ paymentType }: Words['enums'], type: string) =>
  (paymentType as Record<string, string>)[(PAYMENT_TYPES as readonly string[]).includes(type) ? type : 'remittance']!;

/** An invoice of the export with its balance (repo.balanceOf, as the list has it). */
export type InvoiceExportRow = repo.InvoiceExportDb & repo.InvoiceBalance;

/**
 * Columns of the invoice export after the running number: the list's, with its labels (spec §3, §4, §8).
 * Amounts have their currency's minor-unit digits (amountText: the same digits in the CSV as in the xlsx
 * format); the payment status says partially paid, with the paid and outstanding amounts and overdue beside it.
 */
export function invoiceColumns(lang: TExportLang = 'en'): ExportColumn<InvoiceExportRow>[] {
  const { fields: t, enums: e } = wordsOf(lang);
  const money = (key: 'amount' | 'paid_amount' | 'outstanding_amount', label: string): ExportColumn<InvoiceExportRow> => ({
    key,
    label,
    width: 14,
    type: 'money',
    currencyKey: 'currency',
    value: (r) => amountText(r[key], r.currency_name),
  });
  return [
    { key: 'code', label: t.code, width: 14, value: (r) => r.code },
    { key: 'title', label: t.title, width: 24, value: (r) => r.title },
    { key: 'issuer', label: t.issuer, width: 8, value: (r) => (e.issuer as Record<string, string>)[r.issuer] ?? r.issuer },
    { key: 'state', label: t.state, width: 8, value: (r) => (r.state === 'P' ? e.invoiceState.P : e.invoiceState.S) },
    { key: 'item', label: t.item, width: 12, value: (r) => itemLabel(e, r.item) },
    money('amount', t.amount),
    { key: 'currency', label: t.currency, width: 6, value: (r) => r.currency_name },
    { key: 'created_at', label: t.createdAt, width: 10, type: 'date', value: (r) => r.created_day },
    { key: 'due_date', label: t.dueDate, width: 10, type: 'date', value: (r) => r.due_date },
    { key: 'payment_state', label: t.paymentState, width: 12, value: (r) => e.balanceState[r.balance_state] },
    money('paid_amount', t.paidAmount),
    money('outstanding_amount', t.outstandingAmount),
    { key: 'overdue', label: t.overdue, width: 8, value: (r) => (r.overdue ? t.overdue : '') },
  ];
}

/** Columns of the payment export after the running number. */
export function paymentColumns(lang: TExportLang = 'en'): ExportColumn<repo.PaymentExportDb>[] {
  const { fields: t, enums: e } = wordsOf(lang);
  return [
    { key: 'd_name', label: t.dName, width: 16, value: (r) => r.d_name },
    {
      key: 'd_payment',
      label: t.dPayment,
      width: 14,
      type: 'money',
      currencyKey: 'currency',
      value: (r) => amountText(r.d_payment, r.currency_name),
    },
    { key: 'currency', label: t.currency, width: 6, value: (r) => r.currency_name },
    { key: 'd_date', label: t.dDate, width: 10, type: 'date', value: (r) => r.d_date },
    { key: 'd_type', label: t.dType, width: 12, value: (r) => paymentTypeLabel(e, r.d_type) },
    { key: 'employee_name', label: t.employeeName, width: 14, value: (r) => r.employee_name },
  ];
}

const keyOf = (day: string, idx: number): repo.ExportKey => ({ day, idx });

/**
 * The invoice and payment lists as files (lib/export streams them): the list's filter and order in one
 * statement through the list's index (keyset on (day, idx) where it is read in batches), so a narrow
 * date filter reads only its rows.
 */
export function createSettlementExports({ db, timeZone, now = () => new Date() }: { db: Db; timeZone: string; now?: () => Date }) {
  /**
   * The list's per-currency totals of the filter (the list's own query) as total rows: the label where the
   * list's text column is, the currency, the exact sum in the currency's minor unit (amountText, as the rows).
   */
  const totalRows = (totals: repo.InvoiceTotalDb[], lang: TExportLang, label: string, textKey: string, amountKey: string) =>
    totals.map((t) => ({
      [textKey]: fillText(label, lang, { currency: t.currency, count: Number(t.cnt) }),
      currency: t.currency,
      [amountKey]: amountText(t.amount, t.currency),
    }));

  return {
    async invoices(companyIdx: number, q: SettlementExportRequest): Promise<WorkbookOptions<InvoiceExportRow, repo.ExportKey>> {
      const lang = q.lang ?? 'en';
      const format = q.format ?? 'xlsx';
      const items = itemsOf(q.filter);
      const today = dayIn(now(), timeZone);
      const w = wordsOf(lang);
      return {
        fileName: q.fileName ?? exportFileName(INVOICES_EXPORT_BASE_NAME, format),
        format,
        sheetName: w.tabs.invoices,
        numbered: w.fields.no,
        columns: invoiceColumns(lang),
        ...(await repo.exportCurrencies(db)),
        totals: totalRows(
          (await repo.invoiceSums(db, companyIdx, q.filter, items, today)).totals,
          lang,
          w.totals.filter,
          'title',
          'amount',
        ),
        rows: {
          db,
          sql: (after, limit) => repo.invoiceExportSql(companyIdx, q.filter, items, today, after, limit),
          key: (r) => keyOf(r.sort_day, r.idx),
          map: (r) => ({ ...r, ...repo.balanceOf(r) }),
        },
      };
    },
    async payments(
      companyIdx: number,
      q: SettlementExportRequest<TPaymentFilter>,
    ): Promise<WorkbookOptions<repo.PaymentExportDb, repo.ExportKey>> {
      const lang = q.lang ?? 'en';
      const format = q.format ?? 'xlsx';
      const items = itemsOf(q.filter);
      const w = wordsOf(lang);
      return {
        fileName: q.fileName ?? exportFileName(PAYMENTS_EXPORT_BASE_NAME, format),
        format,
        sheetName: w.tabs.payments,
        numbered: w.fields.no,
        columns: paymentColumns(lang),
        ...(await repo.exportCurrencies(db)),
        totals: totalRows(
          (await repo.paymentFilterSums(db, companyIdx, q.filter, items)).totals,
          lang,
          w.totals.payments,
          'd_name',
          'd_payment',
        ),
        rows: {
          db,
          sql: (after, limit) => repo.paymentExportSql(companyIdx, q.filter, items, after, limit),
          key: (r) => keyOf(r.d_date, r.idx),
        },
      };
    },
  };
}
