import {
  INVOICE_ITEMS,
  INVOICES_EXPORT_BASE_NAME,
  PAYMENT_TYPES,
  PAYMENTS_EXPORT_BASE_NAME,
  type TExportLang,
  type TSettlementExportFormat,
  type TSettlementFilter,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { ExportColumn, WorkbookOptions } from '../../lib/export';
import { SETTLEMENT_EXPORT_TEXTS, type SettlementExportTexts } from './export-labels';
import * as repo from './settlement.repository';
import { itemsOf } from './settlement.service';

export interface SettlementExportRequest {
  filter: TSettlementFilter;
  lang?: TExportLang | undefined;
  format?: TSettlementExportFormat | undefined;
  fileName?: string | undefined;
}

const itemLabel = (t: SettlementExportTexts, item: string) =>
  (INVOICE_ITEMS as readonly string[]).includes(item) ? (t.items[item] ?? item) : t.items.unknown!;
const paymentTypeLabel = (t: SettlementExportTexts, type: string) =>
  t.paymentTypes[(PAYMENT_TYPES as readonly string[]).includes(type) ? type : 'remittance']!;

/** Columns of the invoice export after the running number: the list's, with its labels (spec §3, §4, §8). */
export function invoiceColumns(lang: TExportLang = 'en'): ExportColumn<repo.InvoiceExportDb>[] {
  const t = SETTLEMENT_EXPORT_TEXTS[lang];
  return [
    { key: 'code', label: t.code, width: 14, value: (r) => r.code },
    { key: 'title', label: t.title, width: 24, value: (r) => r.title },
    { key: 'issuer', label: t.issuer, width: 8, value: (r) => t.issuers[r.issuer] ?? r.issuer },
    { key: 'state', label: t.state, width: 8, value: (r) => (r.state === 'P' ? t.states.P : t.states.S) },
    { key: 'item', label: t.item, width: 12, value: (r) => itemLabel(t, r.item) },
    { key: 'amount', label: t.amount, width: 14, type: 'money', currencyKey: 'currency', value: (r) => r.amount },
    { key: 'currency', label: t.currency, width: 6, value: (r) => r.currency_name },
    { key: 'created_at', label: t.createdAt, width: 16, type: 'datetime', value: (r) => r.local_created_at },
    { key: 'due_date', label: t.dueDate, width: 10, type: 'date', value: (r) => r.due_date },
    { key: 'payment_state', label: t.paymentState, width: 10, value: (r) => t.paymentStates[r.payment_state] },
  ];
}

/** Columns of the payment export after the running number. */
export function paymentColumns(lang: TExportLang = 'en'): ExportColumn<repo.PaymentExportDb>[] {
  const t = SETTLEMENT_EXPORT_TEXTS[lang];
  return [
    { key: 'd_name', label: t.dName, width: 16, value: (r) => r.d_name },
    { key: 'd_payment', label: t.dPayment, width: 14, type: 'money', currencyKey: 'currency', value: (r) => r.d_payment },
    { key: 'currency', label: t.currency, width: 6, value: (r) => r.currency_name },
    { key: 'd_date', label: t.dDate, width: 10, type: 'date', value: (r) => r.d_date },
    { key: 'd_type', label: t.dType, width: 12, value: (r) => paymentTypeLabel(t, r.d_type) },
    { key: 'employee_name', label: t.employeeName, width: 14, value: (r) => r.employee_name },
  ];
}

const keyOf = (day: string, idx: number): repo.ExportKey => ({ day, idx });

/**
 * The invoice and payment lists as files (lib/export streams them): the list's filter and order, in
 * keyset batches on (day, idx) through the list's index, so a narrow date filter reads only its rows.
 */
export function createSettlementExports({ db, timeZone }: { db: Db; timeZone: string }) {
  return {
    async invoices(companyIdx: number, q: SettlementExportRequest): Promise<WorkbookOptions<repo.InvoiceExportDb, repo.ExportKey>> {
      const lang = q.lang ?? 'en';
      const format = q.format ?? 'xlsx';
      const items = itemsOf(q.filter);
      return {
        fileName: q.fileName ?? `${INVOICES_EXPORT_BASE_NAME}.${format}`,
        format,
        sheetName: SETTLEMENT_EXPORT_TEXTS[lang].invoicesSheet,
        numbered: SETTLEMENT_EXPORT_TEXTS[lang].no,
        columns: invoiceColumns(lang),
        currencies: await repo.exportCurrencySymbols(db),
        rows: {
          fetch: (after, limit) => repo.invoiceExportBatch(db, companyIdx, q.filter, items, after, limit, timeZone),
          key: (r) => keyOf(r.sort_day, r.idx),
        },
      };
    },
    async payments(companyIdx: number, q: SettlementExportRequest): Promise<WorkbookOptions<repo.PaymentExportDb, repo.ExportKey>> {
      const lang = q.lang ?? 'en';
      const format = q.format ?? 'xlsx';
      const items = itemsOf(q.filter);
      return {
        fileName: q.fileName ?? `${PAYMENTS_EXPORT_BASE_NAME}.${format}`,
        format,
        sheetName: SETTLEMENT_EXPORT_TEXTS[lang].paymentsSheet,
        numbered: SETTLEMENT_EXPORT_TEXTS[lang].no,
        columns: paymentColumns(lang),
        currencies: await repo.exportCurrencySymbols(db),
        rows: {
          fetch: (after, limit) => repo.paymentExportBatch(db, companyIdx, q.filter, items, after, limit),
          key: (r) => keyOf(r.d_date, r.idx),
        },
      };
    },
  };
}
