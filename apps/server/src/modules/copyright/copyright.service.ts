import {
  BOOKS_EXPORT_BASE_NAME,
  ROYALTY_EXPORT_BASE_NAME,
  exportFileName,
  type TBook,
  type TCopyrightBookRow,
  type TCopyrightBooksFilter,
  type TExportFormat,
  type TExportLang,
  type TCopyrightBooksResponse,
  type TPaging,
  type TRoyaltyFilter,
  type TRoyaltyResponse,
  type TRoyaltyRow,
  type TRoyaltyTotal,
  type TRoyaltySortKey,
  type TCopyrightBookSortKey,
  type TSortDir,
  normalizeMoney,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { createDerivedCache } from '../../lib/cache/derived';
import type { ChangeFeed } from '../../lib/cache/change-feed';
import type { AuthService } from '../auth/auth.service';
import * as repo from './copyright.repository';
import { sortOf } from '../../lib/lists/sort';
import type { ExportColumn, WorkbookOptions } from '../../lib/export';
import { countryNames, exportTexts, totalLabel } from './export-labels';

/** Values kept at most (the least recently used go first): a filter keeps its totals. */
const SUMMARY_CACHE_MAX = 400;
/** What the totals are read from: written copyright tables, and the currencies they name (docs/cache-topics.md). */
const SUMMARY_TOPICS = ['copyright', 'reference'] as const;
/** Companies whose saleInfo flag is kept at most. */
const FLAGS_CACHE_MAX = 1000;

export interface CopyrightServiceDeps {
  db: Db;
  changes: Pick<ChangeFeed, 'stamp' | 'caughtUp' | 'onChange'>;
  auth: Pick<AuthService, 'companyInfo'>;
  timeZone: string;
}

/**
 * The company's own copyright books with these ISBNs, in the bulk upload's book shape: the upload's lookup asks
 * them first after the company's registered books (issue 59), so a publisher's own title is never "not found".
 */
export async function ownCopyrightBooks(db: Db, companyIdx: number, isbns: string[]): Promise<TBook[]> {
  const found = await repo.booksByIsbn(db, companyIdx, isbns);
  return found.map((b) => ({
    isbn13: b.isbn,
    title: b.title,
    cover_s_url: b.img_url,
    pub_date: b.publication_date,
    list_price: b.list_price,
    author: '',
    pub_nm: '',
    PAGE: b.page_count || null,
  }));
}

export function createCopyrightService({ db, changes, auth, timeZone }: CopyrightServiceDeps) {
  const { derived } = createDerivedCache(changes, { max: SUMMARY_CACHE_MAX });
  /** The company's saleInfo_display flag: read on every royalty page, kept until a write to companies. */
  const flags = createDerivedCache(changes, { max: FLAGS_CACHE_MAX });

  async function where(companyIdx: number, filter: TRoyaltyFilter): Promise<repo.RoyaltyWhere | null> {
    let customerIdxs: number[] | null = null;
    if (filter.customerName) {
      customerIdxs = await repo.findCustomerIdxs(db, filter.customerName);
      if (customerIdxs.length === 0) return null;
    }
    return { companyIdx, filter, customerIdxs, timeZone };
  }

  /**
   * The list's per-currency totals (their counts add up to total_cnt): they cost a read of the filter's summary
   * rows (or lines), so they are kept per company and filter until a write to their topics is announced.
   */
  function totals(w: repo.RoyaltyWhere): Promise<TRoyaltyTotal[]> {
    return derived(SUMMARY_TOPICS, `copyright.totals|${w.companyIdx}|${JSON.stringify(w.filter)}`, async () =>
      (await repo.royaltyTotals(db, w)).map((t) => ({ ...t, royalty: normalizeMoney(t.royalty) })),
    );
  }

  const showSaleInfo = (companyIdx: number) =>
    flags.derived(
      ['companies'],
      `copyright.saleInfo|${companyIdx}`,
      async () => (await auth.companyInfo(companyIdx)).saleInfo_display === 'Y',
    );

  const toRow = (r: repo.RoyaltyLineRecord, no: number, saleInfo: boolean): TRoyaltyRow => ({
    no,
    idx: r.idx,
    img_url: r.img_url,
    title: r.title,
    isbn: r.isbn,
    unit_price: r.unit_price,
    currency: r.currency,
    currency_icon: r.currency_icon,
    qty: r.qty,
    sample_qty: r.sample_qty,
    disuse_qty: r.disuse_qty,
    saleInfo: saleInfo ? r.sale_info : null,
    customer_name: r.customer_name,
    customer_country: r.customer_country,
    created_at: r.created_at,
    buy_invoice_idx: r.buy_invoice_idx,
    buy_invoice_code: r.buy_invoice_code,
    rate: r.rate,
    royalty: normalizeMoney(r.royalty),
  });

  async function royaltyList(
    companyIdx: number,
    paging: TPaging,
    filter: TRoyaltyFilter = {},
    sort: { sort?: TRoyaltySortKey; dir?: TSortDir } = {},
  ): Promise<TRoyaltyResponse> {
    const w = await where(companyIdx, filter);
    if (!w) return { dataset: [], total_cnt: 0, totals: [] };
    // the totals and the flag are kept in memory (read from the database again only after a write to their
    // topics): a page then costs one statement, its lines
    const [sums, saleInfo] = await Promise.all([totals(w), showSaleInfo(companyIdx)]);
    const total = sums.reduce((n, t) => n + t.cnt, 0);
    const lines = await repo.royaltyPage(db, w, paging, total, sortOf(repo.ROYALTY_SORT, sort));
    const dataset = lines.map((r, k) => toRow(r, paging.start + k + 1, saleInfo));
    return { dataset, total_cnt: total, totals: sums };
  }

  async function booksList(
    companyIdx: number,
    paging: TPaging,
    filter: TCopyrightBooksFilter = {},
    sort: { sort?: TCopyrightBookSortKey; dir?: TSortDir } = {},
  ): Promise<TCopyrightBooksResponse> {
    const { rows, total, atLeast } = await repo.booksPage(
      db,
      companyIdx,
      filter,
      paging.start,
      paging.length,
      sortOf(repo.COPYRIGHT_BOOK_SORT, sort),
    );
    return { dataset: rows.map((b, i) => bookRow(b, paging.start + i + 1)), total_cnt: total, ...(atLeast && { total_at_least: true }) };
  }

  return {
    royaltyList,
    booksList,

    /**
     * The royalty export (lib/export streams it): the list's rows in the list's order (one statement),
     * then the per-currency totals of the list (the same cached exact sums) after a blank row. Money is
     * the database's exact numeric text.
     */
    async royaltyWorkbook(
      companyIdx: number,
      filter: TRoyaltyFilter = {},
      { lang = 'en', format = 'xlsx' }: { lang?: TExportLang | undefined; format?: TExportFormat | undefined } = {},
    ): Promise<WorkbookOptions<repo.RoyaltyExportRecord, repo.RoyaltyExportKey>> {
      const saleInfo = await showSaleInfo(companyIdx);
      const w = await where(companyIdx, filter);
      const sums = w ? await totals(w) : [];
      const texts = exportTexts(lang);
      const columns = royaltyColumns(saleInfo, lang);
      // the longest titles come late in title order: measured up front for the widths
      const titles = (await repo.longestTitles(db, companyIdx)).map((title) => [
        null,
        ...columns.map((c) => (c.key === 'title' ? title : null)),
      ]);
      return {
        fileName: exportFileName(ROYALTY_EXPORT_BASE_NAME, format),
        format,
        sheetName: texts.royaltySheet,
        numbered: texts.no,
        columns,
        labels: { country: countryNames(lang, await repo.countryCodes(db)), saleInfo: texts.saleInfoValues },
        currencies: await repo.currencySymbols(db),
        hints: titles,
        // the totals of the list (royalty: exact text, written as a number in the money column)
        totals: sums.map((t) => ({ title: totalLabel(lang, t.currency, t.cnt), currency: t.currency, qty: t.qty, royalty: t.royalty })),
        rows: {
          db,
          sql: (after, limit) => repo.royaltyExportSql(w, after, limit),
          key: repo.royaltyExportKey,
        },
      };
    },

    /** The copyright book export (lib/export streams it): the list's filter and order, in keyset batches on idx. */
    async booksWorkbook(
      companyIdx: number,
      filter: TCopyrightBooksFilter = {},
      { lang = 'en', format = 'xlsx' }: { lang?: TExportLang | undefined; format?: TExportFormat | undefined } = {},
    ): Promise<WorkbookOptions<repo.BookExportRecord, number>> {
      const texts = exportTexts(lang);
      const columns = bookColumns(lang);
      const titles = (await repo.longestTitles(db, companyIdx)).map((title) => [
        null,
        ...columns.map((c) => (c.key === 'title' ? title : null)),
      ]);
      return {
        fileName: exportFileName(BOOKS_EXPORT_BASE_NAME, format),
        format,
        sheetName: texts.booksSheet,
        numbered: texts.no,
        columns,
        currencies: await repo.currencySymbols(db),
        hints: titles,
        rows: {
          db,
          sql: (after, limit) => repo.booksExportSql(companyIdx, filter, after, limit, timeZone),
          key: (b) => Number(b.idx),
        },
      };
    },
  };
}

const bookRow = (b: repo.BookRecord, no: number): TCopyrightBookRow => ({
  no,
  idx: Number(b.idx),
  img_url: b.img_url,
  title: b.title,
  isbn: b.isbn,
  publication_date: b.publication_date,
  page_count: Number(b.page_count),
  currency: b.currency,
  currency_icon: b.currency_icon,
  list_price: b.list_price,
  pay_type: b.pay_type,
  rate: b.rate,
  created_at: b.created_at,
});

/** Columns of Royalty.xlsx after the running number, headed in `lang`; the sale info column only for companies that display it (spec §6). */
export function royaltyColumns(saleInfo: boolean, lang: TExportLang = 'en'): ExportColumn<repo.RoyaltyExportRecord>[] {
  const t = exportTexts(lang);
  return [
    { label: t.title, key: 'title', width: 20, value: (r) => r.title },
    { label: t.isbn, key: 'isbn', width: 15, value: (r) => r.isbn },
    { label: t.customer, key: 'customer_name', width: 16, value: (r) => r.customer_name },
    { label: t.country, key: 'customer_country', width: 8, lookup: 'country', value: (r) => r.customer_country },
    ...(saleInfo
      ? [{ label: t.saleInfo, key: 'saleInfo', width: 12, lookup: 'saleInfo', value: (r: repo.RoyaltyExportRecord) => r.sale_info }]
      : []),
    { label: t.unitPrice, key: 'unit_price', width: 10, type: 'money', currencyKey: 'currency', value: (r) => r.unit_price },
    { label: t.currency, key: 'currency', width: 6, value: (r) => r.currency },
    { label: t.qty, key: 'qty', width: 6, type: 'int', value: (r) => r.qty },
    { label: t.sampleQty, key: 'sample_qty', width: 6, type: 'int', value: (r) => r.sample_qty },
    { label: t.disuseQty, key: 'disuse_qty', width: 6, type: 'int', value: (r) => r.disuse_qty },
    { label: `${t.rate} (%)`, key: 'rate', width: 6, type: 'rate', value: (r) => r.rate },
    { label: t.royalty, key: 'royalty', width: 12, type: 'money', currencyKey: 'currency', value: (r) => r.royalty },
    { label: t.status, key: 'status', width: 8, value: (r) => (r.buy_invoice_idx === null ? t.calcStatus.N : t.calcStatus.Y) },
    { label: t.invoice, key: 'buy_invoice_code', width: 10, value: (r) => r.buy_invoice_code },
    { label: t.salesDate, key: 'created_at', width: 16, type: 'datetime', value: (r) => r.created_at },
  ];
}

/** Columns of the copyright book export after the running number, headed in `lang`. */
export function bookColumns(lang: TExportLang = 'en'): ExportColumn<repo.BookExportRecord>[] {
  const t = exportTexts(lang);
  return [
    { label: t.title, key: 'title', width: 20, value: (b) => b.title },
    { label: t.isbn, key: 'isbn', width: 15, value: (b) => b.isbn },
    { label: t.publicationDate, key: 'publication_date', width: 10, type: 'date', value: (b) => b.publication_date },
    { label: t.pageCount, key: 'page_count', width: 6, type: 'int', value: (b) => Number(b.page_count) },
    { label: t.listPrice, key: 'list_price', width: 10, type: 'money', currencyKey: 'currency', value: (b) => b.list_price },
    { label: t.currency, key: 'currency', width: 6, value: (b) => b.currency },
    { label: t.payType, key: 'pay_type', width: 8, value: (b) => t.payTypes[b.pay_type] ?? b.pay_type },
    { label: `${t.rate} (%)`, key: 'rate', width: 6, type: 'rate', value: (b) => b.rate },
    { label: t.createdAt, key: 'created_at', width: 16, type: 'datetime', value: (b) => b.local_created_at },
  ];
}
