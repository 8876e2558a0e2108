import {
  INVOICE_ITEMS,
  INVOICE_UPLOAD_PATH,
  ORDER_TYPE_ITEMS,
  paymentUploadPath,
  type TBuyInvoiceDetail,
  type TBuyInvoiceList,
  type TBuyPaymentDetail,
  type TBuyPaymentList,
  type TFileInfo,
  type TInvoiceFilter,
  type TPaymentFilter,
  type TPaymentInvoiceRow,
  type TSettlementFilter,
  type TInvoiceSortKey,
  type TPaymentSortKey,
  type TSortDir,
  dayIn,
  fromMinor,
  toMinor,
} from '@portal/contract';
import { DEFAULT_TIME_ZONE } from '../../lib/imports/columns';
import { DEFAULT_ISSUER, type IssuerConfig } from '../../config';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/cache/change-feed';
import { createDerivedCache } from '../../lib/cache/derived';
import type { FileStore } from '../../lib/file-store';
import { notFound } from '../../lib/errors';
import { clampPaging } from '../../lib/lists';
import { sortOf } from '../../lib/lists/sort';
import { createSingleFlight } from '../../lib/single-flight';
import * as repo from './settlement.repository';

export const PAYMENT_NS = 'buy_payment';

/**
 * The order-type choices restrict the invoice item to the union of what each selects ("including
 * consignment" is credit and consignment, spec §9); none chosen means every item.
 */
export const itemsOf = (filter: TSettlementFilter): readonly string[] | null => {
  const chosen = filter.orderTypes ?? [];
  if (chosen.length === 0) return null;
  return INVOICE_ITEMS.filter((i) => chosen.some((o) => ORDER_TYPE_ITEMS[o].includes(i)));
};

/** `buy_invoice` or `buy_payment/<idx>`; anything else is not a settlement file location. */
export function parseUploadPath(uploadPath: string): { kind: 'invoice' } | { kind: 'payment'; paymentIdx: number } | null {
  if (uploadPath === INVOICE_UPLOAD_PATH) return { kind: 'invoice' };
  const m = /^buy_payment\/([1-9]\d{0,9})$/.exec(uploadPath);
  if (m) {
    const n = Number(m[1]);
    if (n <= 2_147_483_647) return { kind: 'payment', paymentIdx: n };
  }
  return null;
}

const hasControlChars = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** `name.ext` → name and extension (the last dot); a name without a dot has no extension. */
export function splitFileName(fileName: string) {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { name: fileName, extension: '' };
  return { name: fileName.slice(0, dot), extension: fileName.slice(dot + 1) };
}

export interface DownloadableFile {
  storageKey: string;
  name: string;
  extension: string;
  mime: string;
}

/** A list row with its balance (paid, partially paid, unpaid; outstanding; overdue as its SQL read it against the business day). */
const invoiceRow = (r: repo.InvoiceRowDb) => ({
  ...r,
  pdf: `${r.code}.pdf`,
  payment_state: r.buy_payment_idx === null ? ('N' as const) : ('Y' as const),
  ...repo.balanceOf(r),
});

/** Invoice and payment list filters whose figures are kept at most (the least recently used go first). */
const LIST_SUMS_MAX = 200;
/** What the lists' figures are read from: the settlement tables, and the currencies they name (docs/cache-topics.md). */
const LIST_SUMS_TOPICS = ['settlement', 'reference'] as const;

/** Per-currency count and exact sum of a page's rows, in currency order (as the database's totals are). */
function pageTotals(rows: readonly repo.InvoiceRowDb[]): repo.InvoiceTotalDb[] {
  const per = new Map<string, { icon: string; cnt: number; cents: bigint }>();
  for (const r of rows) {
    const t = per.get(r.currency_name) ?? { icon: r.currency_icon, cnt: 0, cents: 0n };
    t.cnt++;
    t.cents += toMinor(r.amount);
    per.set(r.currency_name, t);
  }
  return [...per]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, t]) => ({ currency, currency_icon: t.icon, cnt: t.cnt, amount: fromMinor(t.cents) }));
}

export function createSettlementService(deps: {
  db: Db;
  files: FileStore;
  issuer?: IssuerConfig;
  /** the business time zone (config timeZone): an invoice is overdue from the day after its due date there */
  timeZone?: string;
  /** the clock (config now): today in the business time zone is its day */
  now?: () => Date;
  /** the change feed: the invoice list keeps its filter's figures until a settlement write (without it they are read every time) */
  changes?: Pick<ChangeFeed, 'stamp' | 'caughtUp' | 'onChange'>;
}) {
  const { db, files, issuer = DEFAULT_ISSUER, timeZone = DEFAULT_TIME_ZONE } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => dayIn(now(), timeZone);
  const kept = deps.changes ? createDerivedCache(deps.changes, { max: LIST_SUMS_MAX }).derived : null;

  /**
   * The filter's total and per-currency totals, kept per company and filter until a write to the settlement tables
   * is announced (lib/cache/derived): every page of a filter reads them once. From the summary tables, or for a
   * keyword or the overdue filter summed over the matching rows, then also per business day (the overdue ones
   * change at midnight without a write).
   */
  function filterSums(companyIdx: number, filter: TInvoiceFilter, items: readonly string[] | null, day: string) {
    const read = () => repo.invoiceFilterSums(db, companyIdx, filter, items, day);
    const key = `settlement.invoices|${companyIdx}|${repo.invoiceFilterOnRows(filter) ? day : ''}|${JSON.stringify(filter)}`;
    return kept ? kept(LIST_SUMS_TOPICS, key, read) : read();
  }
  /** The payment list's total and per-currency totals of a filter, kept as the invoice list's are. */
  function paymentSums(companyIdx: number, filter: TPaymentFilter, items: readonly string[] | null) {
    const read = () => repo.paymentFilterSums(db, companyIdx, filter, items);
    return kept ? kept(LIST_SUMS_TOPICS, `settlement.payments|${companyIdx}|${JSON.stringify(filter)}`, read) : read();
  }

  /**
   * A page of invoices (newest registration day first) through listPage, with the filter's kept totals. A keyword
   * search counts its matches itself (lib/lists: a common word's total is a lower bound, `total_at_least`); its
   * per-currency totals are then summed only when its total is exact (otherwise none: a lower bound has no sum).
   */
  async function invoices(
    companyIdx: number,
    q: { start: number; length: number; search_value: TInvoiceFilter; sort?: TInvoiceSortKey; dir?: TSortDir },
  ): Promise<TBuyInvoiceList> {
    const filter = q.search_value;
    const items = itemsOf(filter);
    const paging = clampPaging(q);
    const day = today();
    let sums: ReturnType<typeof filterSums> | undefined;
    const kept = () => (sums ??= filterSums(companyIdx, filter, items, day));
    // without a keyword the totals are asked at once (they answer the count); with one, after the page
    if (!filter.keyword) void kept().catch(() => undefined);
    const { total, atLeast, rows } = await repo.invoicePage(
      db,
      companyIdx,
      filter,
      items,
      day,
      paging,
      () => kept().then((s) => s.total),
      sortOf(repo.INVOICE_SORT, q),
    );
    const totals = atLeast ? [] : (await kept()).totals;
    return {
      total_cnt: total,
      ...(atLeast && { total_at_least: true }),
      dataset: rows.map((r, i) => ({ no: paging.start + i + 1, ...invoiceRow(r) })),
      totals,
      page_totals: pageTotals(rows),
    };
  }

  /** One invoice of the company with its lines; another company's (or none) is 404. */
  async function invoice(companyIdx: number, invoiceIdx: number): Promise<TBuyInvoiceDetail> {
    const inv = await repo.findInvoice(db, companyIdx, invoiceIdx, today());
    if (!inv) throw notFound('invoice not found');
    const lines = await repo.invoiceLines(db, inv.idx);
    const total = (pick: (l: (typeof lines)[number]) => string) => fromMinor(lines.reduce((s, l) => s + toMinor(pick(l)), 0n));
    return {
      ...invoiceRow(inv),
      lines: lines.map((l) => ({ ...l, line_no: Number(l.line_no), qty: Number(l.qty) })),
      supply_total: total((l) => l.supply_amount),
      vat_total: total((l) => l.vat_amount),
      approval_number: inv.approval_number,
    };
  }

  async function payments(
    companyIdx: number,
    q: { start: number; length: number; search_value: TPaymentFilter; sort?: TPaymentSortKey; dir?: TSortDir },
  ): Promise<TBuyPaymentList> {
    const filter = q.search_value;
    const items = itemsOf(filter);
    const paging = clampPaging(q);
    let sums: ReturnType<typeof paymentSums> | undefined;
    const kept = () => (sums ??= paymentSums(companyIdx, filter, items));
    // without a keyword the totals are asked at once (they answer the count); with one, after the page (as invoices)
    if (!filter.keyword) void kept().catch(() => undefined);
    const { total, atLeast, rows } = await repo.paymentPage(
      db,
      companyIdx,
      filter,
      items,
      paging,
      () => kept().then((s) => s.total),
      sortOf(repo.PAYMENT_SORT, q),
    );
    const totals = atLeast ? [] : (await kept()).totals;
    return {
      total_cnt: total,
      ...(atLeast && { total_at_least: true }),
      dataset: rows.map((r, i) => ({ no: paging.start + i + 1, ...r })),
      totals,
    };
  }

  async function paymentFiles(companyIdx: number, paymentIdx: number): Promise<TFileInfo[]> {
    return (await repo.listFiles(db, PAYMENT_NS, companyIdx, paymentIdx)).map((f) => ({ ...f, size: Number(f.size) }));
  }

  async function payment(companyIdx: number, paymentIdx: number): Promise<TBuyPaymentDetail[]> {
    const p = await repo.findPayment(db, companyIdx, paymentIdx);
    if (!p) throw notFound('payment not found');
    return [{ ...p, upload_path: paymentUploadPath(p.idx), files: await paymentFiles(companyIdx, p.idx) }];
  }

  async function paymentInvoices(companyIdx: number, paymentIdx: number): Promise<TPaymentInvoiceRow[]> {
    const p = await repo.findPayment(db, companyIdx, paymentIdx);
    if (!p) throw notFound('payment not found');
    return repo.paymentInvoices(db, companyIdx, paymentIdx);
  }

  async function allFiles(companyIdx: number, uploadPath: string): Promise<TFileInfo[]> {
    const where = parseUploadPath(uploadPath);
    if (!where || where.kind !== 'payment') throw notFound();
    if (!(await repo.findPayment(db, companyIdx, where.paymentIdx))) throw notFound();
    return paymentFiles(companyIdx, where.paymentIdx);
  }

  /** One PDF rendering per invoice at a time in this process; callers asking meanwhile share its result. */
  const pdfFlights = createSingleFlight<string, DownloadableFile>();

  /**
   * The invoice PDF, made on first download and kept in the file store; made again when the
   * invoice changed after it was stored (e.g. it was paid), so the status printed is current.
   * Concurrent first downloads render once (single-flight here; across processes the unique key
   * on the stored file decides, and the loser drops its own file and serves the winner's).
   */
  const invoicePdf = (companyIdx: number, code: string) => pdfFlights.run(`${companyIdx}/${code}`, () => storeInvoicePdf(companyIdx, code));

  async function storeInvoicePdf(companyIdx: number, code: string): Promise<DownloadableFile> {
    const stored = await repo.findFile(db, { uploadPath: INVOICE_UPLOAD_PATH, companyIdx, name: code, extension: 'pdf' });
    const inv = await repo.invoiceForPdf(db, companyIdx, code);
    if (!inv) throw notFound();
    if (stored && stored.refIdx === inv.idx && stored.createdAt >= inv.updatedAt) return stored;
    // pdfkit and the Korean font load on the first download, not at server start
    const { renderInvoicePdf } = await import('./invoice-pdf');
    const pdf = await renderInvoicePdf(inv, issuer);
    const storageKey = files.newKey(INVOICE_UPLOAD_PATH, 'pdf');
    const { size } = await files.put(storageKey, pdf);
    let result: { old: { storageKey: string }[]; inserted: boolean };
    try {
      result = await db.transaction(async (tx) => {
        // only PDFs made before the invoice's last change go: one another process stored meanwhile is current and wins
        const old = await repo.deleteStaleInvoicePdfs(tx, companyIdx, inv.idx, inv.code, inv.updatedAt);
        const inserted = await repo.insertFileOnce(tx, {
          uploadPath: INVOICE_UPLOAD_PATH,
          companyIdx,
          refIdx: inv.idx,
          name: inv.code,
          extension: 'pdf',
          size,
          mime: 'application/pdf',
          storageKey,
        });
        return { old, inserted };
      });
    } catch (err) {
      await files.remove(storageKey).catch(() => undefined);
      throw err;
    }
    await Promise.all(result.old.map((o) => files.remove(o.storageKey).catch(() => undefined)));
    if (result.inserted) return { storageKey, name: inv.code, extension: 'pdf', mime: 'application/pdf' };
    // another process stored this invoice's PDF first: ours is not referenced by any row
    await files.remove(storageKey).catch(() => undefined);
    const winner = await repo.findInvoicePdf(db, companyIdx, inv.idx);
    if (!winner) throw notFound();
    return winner;
  }

  /** A file named by uploadPath + fileName, looked up in the database for the caller's company only. */
  async function download(companyIdx: number, uploadPath: string, fileName: string): Promise<DownloadableFile> {
    const where = parseUploadPath(uploadPath);
    // no stored name has control characters (and PostgreSQL refuses NUL in a text parameter)
    if (!where || hasControlChars(fileName)) throw notFound();
    const { name, extension } = splitFileName(fileName);
    if (where.kind === 'invoice') {
      if (extension.toLowerCase() !== 'pdf' || !name) throw notFound();
      return invoicePdf(companyIdx, name);
    }
    if (!(await repo.findPayment(db, companyIdx, where.paymentIdx))) throw notFound();
    const file = await repo.findFile(db, { uploadPath: PAYMENT_NS, companyIdx, refIdx: where.paymentIdx, name, extension });
    if (!file) throw notFound();
    return file;
  }

  return { invoices, invoice, payments, payment, paymentInvoices, allFiles, download, invoicePdf };
}
