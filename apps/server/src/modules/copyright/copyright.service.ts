import type {
  TCopyrightBookRow,
  TCopyrightBooksFilter,
  TExportLang,
  TCopyrightBooksResponse,
  TPaging,
  TRoyaltyFilter,
  TRoyaltyResponse,
  TRoyaltyRow,
  TRoyaltyTotal,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import type { AuthService } from '../auth/auth.service';
import * as repo from './copyright.repository';
import { EXPORT_TEXTS, countryNames, totalLabel } from './export-labels';
import { xlsxWorkerStream, type SheetColumn } from './xlsx-stream';

/** Rows read per query while exporting: between batches the (single-connection) database answers others. */
export const EXPORT_BATCH = 500;
/** Rows per query of the export's own connection (PostgreSQL): read and written in the worker thread. */
export const EXPORT_QUERY_BATCH = 500;
/** Smaller on the single-connection PGlite: a list never waits long behind an export read. */
export const EXPORT_BATCH_SINGLE = 100;
const SUMMARY_CACHE_MAX = 200;

interface Summary {
  books: { idx: number; cnt: number }[];
  totals: TRoyaltyTotal[];
}

/** Exact decimal string → integer hundredths (money is never a float). */
export function toCents(s: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?\d*$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
export function fromCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
const money2 = (s: string) => fromCents(toCents(s));

export interface CopyrightServiceDeps {
  db: Db;
  changes: Pick<ChangeFeed, 'versionOr'>;
  auth: Pick<AuthService, 'loginInfo'>;
  timeZone: string;
  /**
   * true for the embedded single-connection PGlite: exports then read in smaller batches without
   * read-ahead, and start no read while a list is being answered. (On node-postgres the royalty
   * export's worker thread reads on a connection of its own.)
   */
  singleConnection?: boolean;
}

export function createCopyrightService({ db, changes, auth, timeZone, singleConnection = false }: CopyrightServiceDeps) {
  /** Lists being answered now; exports on a single connection wait for none before each read. */
  let interactive = 0;
  let idleWaiters: (() => void)[] = [];
  /** Exports reading on a connection of their own: told when lists start (true) and stop (false) being answered. */
  const listsBusy = new Set<(busy: boolean) => void>();
  const interactiveDone = () => {
    if (--interactive === 0) {
      const w = idleWaiters;
      idleWaiters = [];
      for (const f of w) f();
      for (const f of listsBusy) f(false);
    }
  };
  const interactiveRun = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (interactive++ === 0) for (const f of listsBusy) f(true);
    try {
      return await fn();
    } finally {
      interactiveDone();
    }
  };
  const giveWay = async () => {
    await new Promise((r) => setImmediate(r));
    while (interactive > 0) await new Promise<void>((r) => idleWaiters.push(r));
  };

  /**
   * Count and per-currency totals of a filtered set cost a scan of the set; they are cached per
   * data version (bumped by triggers on every write to the copyright tables), company and filter.
   */
  const summaryCache = new Map<string, Summary>();

  async function where(companyIdx: number, filter: TRoyaltyFilter): Promise<repo.RoyaltyWhere | null> {
    let customerIdxs: number[] | null = null;
    if (filter.customerName) {
      customerIdxs = await repo.findCustomerIdxs(db, filter.customerName);
      if (customerIdxs.length === 0) return null;
    }
    return { companyIdx, filter, customerIdxs, timeZone };
  }

  /** Books in title order with their matching line counts, and the per-currency totals; cached. */
  async function summary(w: repo.RoyaltyWhere): Promise<Summary> {
    const version = await changes.versionOr(['copyright'], () => repo.dataVersion(db));
    const key = `${version}|${w.companyIdx}|${JSON.stringify(w.filter)}`;
    const hit = summaryCache.get(key);
    if (hit) {
      summaryCache.delete(key);
      summaryCache.set(key, hit);
      return hit;
    }
    const [groups, order] = [await repo.royaltyGroups(db, w), await repo.booksInTitleOrder(db, w.companyIdx, w.filter.isbn)];
    const perBook = new Map<number, number>();
    const perCurrency = new Map<string, { icon: string; cnt: number; qty: number; cents: bigint }>();
    for (const g of groups) {
      perBook.set(g.book_idx, (perBook.get(g.book_idx) ?? 0) + g.cnt);
      const c = perCurrency.get(g.currency) ?? { icon: g.currency_icon, cnt: 0, qty: 0, cents: 0n };
      c.cnt += g.cnt;
      c.qty += g.qty;
      c.cents += toCents(g.royalty);
      perCurrency.set(g.currency, c);
    }
    const fresh: Summary = {
      books: order.map((b) => ({ idx: Number(b.idx), cnt: perBook.get(Number(b.idx)) ?? 0 })).filter((b) => b.cnt > 0),
      totals: [...perCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, c]) => ({ currency, currency_icon: c.icon, cnt: c.cnt, qty: c.qty, royalty: fromCents(c.cents) })),
    };
    summaryCache.set(key, fresh);
    if (summaryCache.size > SUMMARY_CACHE_MAX) summaryCache.delete(summaryCache.keys().next().value!);
    return fresh;
  }

  const showSaleInfo = async (companyIdx: number) => (await auth.loginInfo(companyIdx)).saleInfo_display === 'Y';

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
    royalty: money2(r.royalty),
  });

  async function royaltyList(companyIdx: number, paging: TPaging, filter: TRoyaltyFilter = {}): Promise<TRoyaltyResponse> {
    const w = await where(companyIdx, filter);
    if (!w) return { dataset: [], total_cnt: 0, totals: [] };
    const sum = await summary(w);
    const saleInfo = await showSaleInfo(companyIdx);
    // the books (title order) and the run of each that the page covers, from the cached per-book counts
    const slices: repo.BookSlice[] = [];
    let skip = paging.start;
    let i = 0;
    while (i < sum.books.length && skip >= sum.books[i]!.cnt) skip -= sum.books[i++]!.cnt;
    for (let left = paging.length; i < sum.books.length && left > 0; i++, skip = 0) {
      const take = Math.min(left, sum.books[i]!.cnt - skip);
      slices.push({ bookIdx: sum.books[i]!.idx, offset: skip, limit: take });
      left -= take;
    }
    const dataset = (await repo.royaltyPage(db, w, slices)).map((r, k) => toRow(r, paging.start + k + 1, saleInfo));
    return { dataset, total_cnt: sum.totals.reduce((n, t) => n + t.cnt, 0), totals: sum.totals };
  }

  async function booksList(companyIdx: number, paging: TPaging, filter: TCopyrightBooksFilter = {}): Promise<TCopyrightBooksResponse> {
    const { rows, total } = await repo.booksPage(db, companyIdx, filter, paging.start, paging.length);
    return { dataset: rows.map((b, i) => bookRow(b, paging.start + i + 1)), total_cnt: total };
  }

  return {
    royaltyList: (companyIdx: number, paging: TPaging, filter: TRoyaltyFilter = {}) =>
      interactiveRun(() => royaltyList(companyIdx, paging, filter)),
    booksList: (companyIdx: number, paging: TPaging, filter: TCopyrightBooksFilter = {}) =>
      interactiveRun(() => booksList(companyIdx, paging, filter)),

    /**
     * Streams the filtered royalty lines as an .xlsx (xlsx-stream.ts: sheet XML, zlib and zip in a
     * worker thread, with backpressure from the client): books in title order, each book's lines in
     * keyset batches, so memory stays flat and other requests keep answering. Money is written as the
     * database's exact numeric text. Totals per currency are the list's exact sums (hundredths).
     */
    async exportRoyalty(companyIdx: number, filter: TRoyaltyFilter = {}, lang: TExportLang = 'en', signal?: AbortSignal) {
      const saleInfo = await showSaleInfo(companyIdx);
      const w = await where(companyIdx, filter);
      const sum = w ? await summary(w) : { books: [], totals: [] };
      const texts = EXPORT_TEXTS[lang];
      const columns = royaltyColumns(saleInfo, lang);
      // the totals of the list (same cached sums, exact), after a blank row
      const blank = columns.map(() => null);
      const at = (key: string) => columns.findIndex((c) => c.key === key);
      const totals: unknown[][] = [blank];
      for (const t of sum.totals) {
        const row: unknown[] = [...blank];
        row[at('title')] = totalLabel(lang, t.currency, t.cnt);
        row[at('currency')] = t.currency;
        row[at('qty')] = t.qty;
        row[at('royalty')] = t.royalty; // exact text, written as a number (money column)
        totals.push(row);
      }
      // the longest titles come late in title order: measured up front with the totals for the widths
      const titles = (await repo.longestTitles(db, companyIdx)).map((title) => columns.map((c) => (c.key === 'title' ? title : null)));
      const sheet = xlsxWorkerStream(texts.royaltySheet, columns, {
        currencies: await repo.currencySymbols(db),
        lookups: { country: countryNames(lang, await repo.countryCodes(db)), saleInfo: texts.saleInfoValues },
        hints: [...totals, ...titles],
      });
      const batchSize = singleConnection ? EXPORT_BATCH_SINGLE : EXPORT_BATCH;
      const run = async () => {
        // books holding matching lines, in title order; each read in keyset batches of exactly the
        // sheet's cells (royaltyExportSql)
        const books = sum.books.map((b) => b.idx);
        const query = w && repo.royaltyExportQuery(db, w, saleInfo, texts.calcStatus);
        if (query) {
          // node-postgres: the worker reads on a connection of its own, so the request loop parses
          // none of the rows (a million of them would otherwise hold up every other request); it
          // starts no read while a list is being answered (waiting at most a moment, see the worker)
          const giveWay = (busy: boolean) => sheet.listsBusy(busy);
          listsBusy.add(giveWay);
          if (interactive > 0) giveWay(true);
          try {
            await sheet.query(query, books, EXPORT_QUERY_BATCH);
          } finally {
            listsBusy.delete(giveWay);
          }
        } else {
          // PGlite lives in this thread: read here in small batches, lists first, handing each to the worker
          let no = 0;
          const read = async (bi: number, after: number) => {
            await giveWay(); // lists first: no export read starts while one is being answered
            return { bi, rows: await repo.royaltyExportBatch(db, w!, saleInfo, texts.calcStatus, books[bi]!, after, batchSize) };
          };
          let pending = books.length > 0 ? read(0, 0) : null;
          while (pending) {
            const { bi, rows } = await pending;
            if (signal?.aborted) throw new Error('aborted');
            const last = rows.length > 0 ? Number(rows[rows.length - 1]![rows[0]!.length - 1]) : 0;
            const at: [number, number] | null = rows.length === batchSize ? [bi, last] : bi + 1 < books.length ? [bi + 1, 0] : null;
            // the running number first; the keyset column (last) is not written
            if (rows.length > 0) await sheet.push(rows.map((r) => [++no, ...r.slice(0, -1)]));
            pending = at ? read(...at) : null;
          }
        }
        await sheet.push(totals);
        await sheet.end();
      };
      signal?.addEventListener('abort', () => sheet.abort(new Error('aborted')), { once: true });
      run().catch((e: unknown) => sheet.abort(e instanceof Error ? e : new Error(String(e))));
      return sheet.out;
    },

    async exportBooks(companyIdx: number, filter: TCopyrightBooksFilter = {}, lang: TExportLang = 'en', signal?: AbortSignal) {
      const texts = EXPORT_TEXTS[lang];
      const columns = bookColumns(lang);
      const titles = (await repo.longestTitles(db, companyIdx)).map((title) => columns.map((c) => (c.key === 'title' ? title : null)));
      const sheet = xlsxWorkerStream(texts.booksSheet, columns, { currencies: await repo.currencySymbols(db), hints: titles });
      const run = async () => {
        let after = 0;
        let no = 0;
        for (;;) {
          if (signal?.aborted) throw new Error('aborted');
          const batch = await repo.booksBatch(db, companyIdx, filter, after, EXPORT_BATCH, timeZone);
          // the cells of bookColumns, in order (money as exact text, dates as wall-clock text)
          await sheet.push(
            batch.map((b) => [
              ++no,
              b.title,
              b.isbn,
              b.publication_date,
              Number(b.page_count),
              b.list_price,
              b.currency,
              texts.payTypes[b.pay_type] ?? b.pay_type,
              b.rate,
              b.local_created_at,
            ]),
          );
          if (batch.length < EXPORT_BATCH) break;
          after = batch[batch.length - 1]!.idx;
        }
        await sheet.end();
      };
      run().catch((e: unknown) => sheet.abort(e instanceof Error ? e : new Error(String(e))));
      return sheet.out;
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

/** Sheet columns of Royalty.xlsx, headed in `lang`; the sale info column only for companies that display it (spec §6). */
export function royaltyColumns(saleInfo: boolean, lang: TExportLang = 'en'): SheetColumn[] {
  const t = EXPORT_TEXTS[lang];
  return [
    { header: t.no, key: 'no', width: 6 },
    { header: t.title, key: 'title', width: 20 },
    { header: t.isbn, key: 'isbn', width: 15 },
    { header: t.customer, key: 'customer_name', width: 16 },
    { header: t.country, key: 'customer_country', width: 8, lookup: 'country' },
    ...(saleInfo ? [{ header: t.saleInfo, key: 'saleInfo', width: 12, lookup: 'saleInfo' }] : []),
    { header: t.unitPrice, key: 'unit_price', width: 10, format: 'money', currencyKey: 'currency' },
    { header: t.currency, key: 'currency', width: 6 },
    { header: t.qty, key: 'qty', width: 6, format: 'int' },
    { header: t.sampleQty, key: 'sample_qty', width: 6, format: 'int' },
    { header: t.disuseQty, key: 'disuse_qty', width: 6, format: 'int' },
    { header: `${t.rate} (%)`, key: 'rate', width: 6, format: 'rate' },
    { header: t.royalty, key: 'royalty', width: 12, format: 'money', currencyKey: 'currency' },
    { header: t.status, key: 'status', width: 8 },
    { header: t.invoice, key: 'buy_invoice_code', width: 10 },
    { header: t.salesDate, key: 'created_at', width: 16, format: 'datetime' },
  ];
}

/** Sheet columns of the copyright book export, headed in `lang`. */
export function bookColumns(lang: TExportLang = 'en'): SheetColumn[] {
  const t = EXPORT_TEXTS[lang];
  return [
    { header: t.no, key: 'no', width: 6 },
    { header: t.title, key: 'title', width: 20 },
    { header: t.isbn, key: 'isbn', width: 15 },
    { header: t.publicationDate, key: 'publication_date', width: 10, format: 'date' },
    { header: t.pageCount, key: 'page_count', width: 6, format: 'int' },
    { header: t.listPrice, key: 'list_price', width: 10, format: 'money', currencyKey: 'currency' },
    { header: t.currency, key: 'currency', width: 6 },
    { header: t.payType, key: 'pay_type', width: 8 },
    { header: `${t.rate} (%)`, key: 'rate', width: 6, format: 'rate' },
    { header: t.createdAt, key: 'created_at', width: 16, format: 'datetime' },
  ];
}
