import { sql, type SQL } from 'drizzle-orm';
import {
  COPYRIGHT_BOOK_SORT_DEFAULT,
  ROYALTY_SORT_DEFAULT,
  type TCopyrightBookSortKey,
  type TCopyrightBooksFilter,
  type TRoyaltyFilter,
  type TRoyaltySortKey,
  type TSort,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { royaltyRule } from '../../db/schema';
import { queryRows as rows } from '../../db/raw-query';
import { clampPaging, countRows, escapeLike as likeEscape, isoSql as iso, listPage, type Paging } from '../../lib/lists';
import { rangeBounds, rangeParts, sumCounts } from '../../lib/lists/ranges';
import type { SummarySpec } from '../../lib/lists/summary';
import { containsText, textMatch } from '../../lib/lists/search';
import { orderSql, sortColumns, type SortSpec } from '../../lib/lists/sort';

/**
 * Copyright books and royalty lines. Every query filters on the company of the verified token
 * (`companyIdx`), on the books and on the lines alike. Both lists page through lib/lists (listPage).
 */

/**
 * Royalty of one line: unit_price × qty × rate / 100, exact numeric, rounded half away from zero to 2 decimals. Stored on
 * the line (royalty_lines.royalty, issue 59), which every reader (list, its order, export, statements, partial-day sums)
 * reads: every insert of lines writes it with this (`line` the inserted values, `rate` the book's rate); a change of a
 * book's rate re-measures its lines in a trigger of copyright_books (migration 0057).
 */
export const ROYALTY_OF = (line: string, rate: string) => sql.raw(royaltyRule(`${line}.unit_price`, `${line}.qty`, rate));

export interface RoyaltyWhere {
  companyIdx: number;
  filter: TRoyaltyFilter;
  /** customers whose name matches filter.customerName (resolved first; null = no customer filter) */
  customerIdxs: number[] | null;
  timeZone: string;
}

/**
 * `b.isbn` starts with the digits `prefix`: as a range too, which copyright_books_company_isbn serves
 * (a LIKE prefix cannot use a btree index under the database's non-C collation; ISBNs are digits, at
 * most 13, and digits sort alike in every collation), and as the LIKE that decides.
 */
const isbnStartsWith = (prefix: string) =>
  sql`(b.isbn >= ${prefix} and b.isbn <= ${`${prefix}9999999999999`} and b.isbn like ${`${likeEscape(prefix)}%`})`;

/** Conditions on the book `b` (company + isbn prefix). */
function bookConditions(w: { companyIdx: number; isbn?: string }) {
  const parts = [sql`b.company_idx = ${w.companyIdx}`];
  if (w.isbn) parts.push(isbnStartsWith(w.isbn));
  return sql.join(parts, sql` and `);
}

/** Conditions on the line `r` (company, dates in the app's time zone, customers, calculated). */
export function lineConditions(w: RoyaltyWhere) {
  const f = w.filter;
  const parts = [sql`r.company_idx = ${w.companyIdx}`];
  if (f.startDate) parts.push(sql`r.created_at >= (${f.startDate}::date)::timestamp at time zone ${w.timeZone}`);
  if (f.endDate) parts.push(sql`r.created_at < (${f.endDate}::date + 1)::timestamp at time zone ${w.timeZone}`);
  if (w.customerIdxs) parts.push(sql`r.customer_idx in ${w.customerIdxs}`);
  if (f.invoiceYn === 'Y') parts.push(sql`r.buy_invoice_idx is not null`);
  if (f.invoiceYn === 'N') parts.push(sql`r.buy_invoice_idx is null`);
  return sql.join(parts, sql` and `);
}

export async function findCustomerIdxs(db: DbOrTx, name: string): Promise<number[]> {
  const found = await rows<{ idx: number }>(
    db,
    sql`select idx from royalty_customers where name ilike ${`%${likeEscape(name)}%`} order by idx limit 5000`,
  );
  return found.map((r) => Number(r.idx));
}

export interface RoyaltyLineRecord {
  idx: number;
  book_idx: number;
  img_url: string;
  title: string;
  isbn: string;
  rate: string;
  unit_price: string;
  currency: string;
  currency_icon: string;
  qty: number;
  sample_qty: number;
  disuse_qty: number;
  sale_info: string;
  customer_name: string;
  customer_country: string;
  created_at: string;
  buy_invoice_idx: number | null;
  buy_invoice_code: string | null;
  royalty: string;
}

const lineColumns = sql`
  r.idx::float8 as idx, b.idx as book_idx, b.img_url, b.title, b.isbn, b.rate::text as rate,
  r.unit_price::text as unit_price, r.currency, coalesce(cur.icon, r.currency) as currency_icon,
  r.qty, r.sample_qty, r.disuse_qty, r.sale_info, cu.name as customer_name, cu.country as customer_country,
  ${iso('r.created_at')} as created_at, r.buy_invoice_idx, inv.code as buy_invoice_code, r.royalty::text as royalty`;

/**
 * The invoice `inv` a line `r` was settled on, only when it is an invoice of the line's company: a
 * reference to anything else shows no code (the line stays calculated, spec §4).
 */
const INVOICE_JOIN = sql`left join buy_invoices inv on inv.idx = r.buy_invoice_idx and inv.company_idx = r.company_idx`;

/**
 * The royalty lines' summary tables (lib/lists/summary.ts): lines summed per company, UTC day, book,
 * customer, calculated or not, and currency, with count, sold copies and royalty (the book's rate is
 * read at write time; a rate change re-measures that book's lines).
 */
export const ROYALTY_SUMMARY: SummarySpec = {
  source: 'royalty_lines',
  table: 'royalty_line',
  day: `(r.created_at AT TIME ZONE 'UTC')::date`,
  dims: [
    { column: 'book_idx', expr: 'r.book_idx' },
    { column: 'invoiced', expr: 'r.buy_invoice_idx IS NOT NULL' },
    { column: 'currency', expr: 'r.currency' },
  ],
  measures: [
    { column: 'qty', expr: 'r.qty' },
    { column: 'royalty', expr: royaltyRule('r.unit_price', 'r.qty', 'b.rate') },
  ],
  parent: { table: 'copyright_books', alias: 'b', key: 'idx', childKey: 'book_idx', on: 'b.idx = r.book_idx', watch: ['rate'] },
  // the royalty-lines import adds its lines' sums once, at its end (copyright-imports.repository.ts)
  deferrable: true,
};

/**
 * The royalty totals without the book: a rollup of ROYALTY_SUMMARY's day rows (triggers on
 * royalty_line_day_sums, so a rate change or a book's deletion, which that summary applies, reaches it too).
 */
export const ROYALTY_TOTALS: SummarySpec = {
  source: 'royalty_line_day_sums',
  table: 'royalty_total',
  day: 'r.day',
  dims: [
    { column: 'invoiced', expr: 'r.invoiced' },
    { column: 'currency', expr: 'r.currency' },
  ],
  measures: [
    { column: 'qty', expr: 'r.qty' },
    { column: 'royalty', expr: 'r.royalty' },
  ],
  count: 'r.cnt',
};

/**
 * The copyright books' summary tables (lib/lists/summary.ts): books counted per company, publication
 * day and pay type; the book list's total without a search reads them.
 */
export const COPYRIGHT_BOOKS_SUMMARY: SummarySpec = {
  source: 'copyright_books',
  table: 'copyright_book',
  day: 'r.publication_date',
  dims: [{ column: 'pay_type', expr: 'r.pay_type' }],
  measures: [],
};

/** The company's books whose ISBN starts with the filter's, as a condition on a line's or summary row's book. */
const isbnBooks = (w: RoyaltyWhere, book: SQL) =>
  w.filter.isbn
    ? sql` and ${book} in (select b.idx from copyright_books b where ${bookConditions({ companyIdx: w.companyIdx, isbn: w.filter.isbn })})`
    : sql``;

/** The matching lines as summary rows (currency, 1, qty, royalty); `instants` in place of the filter's dates. */
function linesAsSums(w: RoyaltyWhere, instants?: SQL) {
  const filter = instants ? { ...w.filter, startDate: undefined, endDate: undefined } : w.filter;
  return sql`select r.currency, 1 as cnt, r.qty, r.royalty from royalty_lines r
    where ${lineConditions({ ...w, filter })}${instants ? sql` and ${instants}` : sql``}${isbnBooks(w, sql`r.book_idx`)}`;
}

/**
 * Count, quantity and royalty per currency of the filtered lines (their counts add up to the list's total). Read
 * from the summary tables (lib/lists/ranges.ts: the range's whole UTC months and days; the lines of its partial UTC
 * days): without an ISBN from the totals' rollup (ROYALTY_TOTALS, a few rows per month), with one from the lines'
 * summary of the matching books; a customer filter reads the lines (customers are not a summary key).
 */
export async function royaltyTotals(db: DbOrTx, w: RoyaltyWhere) {
  const f = w.filter;
  const where = [sql`s.company_idx = ${w.companyIdx}`];
  if (f.invoiceYn === 'Y') where.push(sql`s.invoiced`);
  if (f.invoiceYn === 'N') where.push(sql`not s.invoiced`);
  const parts = w.customerIdxs
    ? [linesAsSums(w)]
    : rangeParts(await rangeBounds(db, f.startDate, f.endDate, w.timeZone), {
        table: f.isbn ? 'royalty_line' : 'royalty_total',
        columns: sql`s.currency, s.cnt, s.qty, s.royalty`,
        where: sql`${sql.join(where, sql` and `)}${isbnBooks(w, sql`s.book_idx`)}`,
        at: sql`r.created_at`,
        rows: (instants) => linesAsSums(w, instants),
      });
  const found = await rows<{ currency: string; currency_icon: string; cnt: string | number; qty: string; royalty: string }>(
    db,
    sql`select p.currency, coalesce(cur.icon, p.currency) as currency_icon, sum(p.cnt)::int as cnt,
        coalesce(sum(p.qty), 0)::text as qty, coalesce(sum(p.royalty), 0)::text as royalty
      from (${sql.join(parts, sql` union all `)}) p
      left join currencies cur on cur.name = p.currency
      group by p.currency, cur.icon
      having sum(p.cnt) > 0
      order by p.currency`,
  );
  return found.map((g) => ({ ...g, cnt: Number(g.cnt), qty: Number(g.qty) }));
}

/**
 * The royalty list's orders (issue 59). title: books by title and number, each book's lines by idx (the default);
 * royalty: the line's stored royalty, then the line (royalty_lines_company_royalty walked either way); created_at: the
 * sale's time, then the line (royalty_lines_company_created, whose ties are sorted as it is walked).
 */
export const ROYALTY_SORT: SortSpec<TRoyaltySortKey> = {
  keys: { title: ['title', 'book_idx'], royalty: ['royalty'], created_at: ['created_at'] },
  unique: ['idx'],
  default: ROYALTY_SORT_DEFAULT,
};

/**
 * The keys of the royalty list's page in `sort` (rows: book_idx, idx and the order's columns): the company's matching lines,
 * which royalty_lines_company_title (title order: the line's book_title, book and number), royalty_lines_company_royalty or
 * royalty_lines_company_created walk in the list's order.
 */
function royaltyKeys(w: RoyaltyWhere, sort: TSort<TRoyaltySortKey>): SQL {
  const order = sort.key === 'title' ? sql`r.book_title as title` : sql.raw(`r.${sort.key}`);
  return sql`select r.book_idx, r.idx, ${order} from royalty_lines r
    where ${lineConditions(w)}${isbnBooks(w, sql`r.book_idx`)}`;
}

/**
 * A page of the royalty list in `sort` (ROYALTY_SORT; lib/lists listPage): the keys walk the company's lines in the
 * order's index (royaltyKeys), so a page reads the lines before its end, never the books without sales (which the
 * earlier walk of the books in title order probed one by one). `total` is the list's count, known from the totals.
 */
export async function royaltyPage(
  db: DbOrTx,
  w: RoyaltyWhere,
  asked: Paging,
  total: number,
  sort: TSort<TRoyaltySortKey> = ROYALTY_SORT_DEFAULT,
) {
  const paging = clampPaging(asked);
  if (paging.start >= total) return [];
  const { rows: found } = await listPage<RoyaltyLineRecord & { ord: number }>(
    db,
    {
      keys: royaltyKeys(w, sort),
      order: orderSql(ROYALTY_SORT, sort),
      columns: sql`select page.ord, ${lineColumns}
        from page
        join royalty_lines r on r.book_idx = page.book_idx and r.idx = page.idx and r.company_idx = ${w.companyIdx}
        join copyright_books b on b.idx = page.book_idx and b.company_idx = ${w.companyIdx}
        join royalty_customers cu on cu.idx = r.customer_idx
        left join currencies cur on cur.name = r.currency
        ${INVOICE_JOIN}`,
    },
    paging,
    async () => total,
  );
  return found.map(normaliseLine);
}

/** Where a batch of the royalty export ended (PGlite reads it in keyset batches): its last line's place in the list's order. */
export interface RoyaltyExportKey {
  title: string;
  book: number;
  idx: number;
}

export interface RoyaltyExportRecord {
  title: string;
  isbn: string;
  customer_name: string;
  customer_country: string;
  sale_info: string;
  unit_price: string;
  currency: string;
  qty: number;
  sample_qty: number;
  disuse_qty: number;
  rate: string;
  royalty: string;
  buy_invoice_idx: number | null;
  buy_invoice_code: string | null;
  /** the sale's wall-clock time in the app's time zone (the sheet writes it as an Excel date) */
  created_at: string;
  book_idx: number;
  idx: number;
}

/** A line's place in the royalty export's order. */
export const royaltyExportKey = (r: RoyaltyExportRecord): RoyaltyExportKey => ({
  title: r.title,
  book: Number(r.book_idx),
  idx: Number(r.idx),
});

/**
 * The royalty export: the list's lines in the list's order (books by title and number, each book's lines
 * by idx: copyright_books_company_title, then royalty_lines_book_idx), money as exact numeric text;
 * after `after`, at most `limit`. No rows when `w` is null (no customer has the name asked for).
 */
export function royaltyExportSql(w: RoyaltyWhere | null, after: RoyaltyExportKey | null, limit: number | null): SQL {
  if (!w) return sql`select 1 where false`;
  return sql`select b.title, b.isbn, cu.name as customer_name, cu.country as customer_country, r.sale_info,
      r.unit_price::text as unit_price, r.currency, r.qty, r.sample_qty, r.disuse_qty, b.rate::text as rate,
      r.royalty::text as royalty, r.buy_invoice_idx, inv.code as buy_invoice_code,
      to_char(r.created_at at time zone ${w.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as created_at, b.idx as book_idx, r.idx::float8 as idx
    from copyright_books b
    join royalty_lines r on r.book_idx = b.idx
    join royalty_customers cu on cu.idx = r.customer_idx
    ${INVOICE_JOIN}
    where ${bookConditions({ companyIdx: w.companyIdx, isbn: w.filter.isbn })} and ${lineConditions(w)}${
      after
        ? sql` and (b.title, b.idx) >= (${after.title}, ${after.book}::int) and (b.idx <> ${after.book}::int or r.idx > ${after.idx}::bigint)`
        : sql``
    }
    order by b.title, b.idx, r.idx${limit === null ? sql`` : sql` limit ${limit}`}`;
}

function normaliseLine({ ord: _ord, ...r }: RoyaltyLineRecord & { ord?: number }): RoyaltyLineRecord {
  return {
    ...r,
    idx: Number(r.idx),
    book_idx: Number(r.book_idx),
    qty: Number(r.qty),
    sample_qty: Number(r.sample_qty),
    disuse_qty: Number(r.disuse_qty),
    buy_invoice_idx: r.buy_invoice_idx === null ? null : Number(r.buy_invoice_idx),
  };
}

// ── copyright books ────────────────────────────────────────────────────────────────────────────
export interface BookRecord {
  idx: number;
  img_url: string;
  title: string;
  isbn: string;
  publication_date: string;
  page_count: number;
  currency: string;
  currency_icon: string;
  list_price: string;
  pay_type: 'sale' | 'net';
  rate: string;
  created_at: string;
}

/**
 * The keyword's condition: the title contains it (on copyright_books_title_grams, lib/lists/search.ts;
 * `rowTest`: the ilike alone, for a search walk), the ISBN starts with it, or either for digits.
 */
function keywordCondition(companyIdx: number, keyword: string, searchKey: TCopyrightBooksFilter['searchKey'], rowTest = false) {
  const title = rowTest
    ? textMatch([sql`b.title`], keyword)
    : containsText(
        { name: 'copyright_books_title_grams', owner: sql`b.company_idx`, text: sql`b.title` },
        companyIdx,
        [sql`b.title`],
        keyword,
      );
  if (searchKey === 'isbn') return isbnStartsWith(keyword);
  if (searchKey === 'title' || !/^\d{1,13}$/.test(keyword)) return title;
  return sql`(${title} or ${isbnStartsWith(keyword)})`;
}

function booksWhere(companyIdx: number, f: TCopyrightBooksFilter) {
  const parts = [sql`b.company_idx = ${companyIdx}`];
  if (f.keyword) parts.push(keywordCondition(companyIdx, f.keyword, f.searchKey));
  if (f.startDate) parts.push(sql`b.publication_date >= ${f.startDate}::date`);
  if (f.endDate) parts.push(sql`b.publication_date <= ${f.endDate}::date`);
  if (f.payType) parts.push(sql`b.pay_type = ${f.payType}`);
  return sql.join(parts, sql` and `);
}

const bookColumns = sql`b.idx, b.img_url, b.title, b.isbn, b.publication_date::text as publication_date, b.page_count,
  b.currency, coalesce(cur.icon, b.currency) as currency_icon, b.list_price::text as list_price, b.pay_type,
  b.rate::text as rate, ${iso('b.created_at')} as created_at`;

/**
 * The copyright book list's orders (issue 59): number (registration order = idx, copyright_books_company_idx), title
 * (copyright_books_company_title) and publication date (copyright_books_company_pubdate, carrying idx and pay type).
 */
export const COPYRIGHT_BOOK_SORT: SortSpec<TCopyrightBookSortKey> = {
  keys: { no: [], title: ['title'], publication_date: ['publication_date'] },
  unique: ['idx'],
  default: COPYRIGHT_BOOK_SORT_DEFAULT,
};

/** `select b.idx` and the order's columns. */
const bookKeySelect = (sort: TCopyrightBookSortKey) =>
  sql.raw(['select b.idx', ...sortColumns(COPYRIGHT_BOOK_SORT, { key: sort, dir: 'asc' }).map((c) => `b.${c}`)].join(', '));

/**
 * Books in number order (spec §9: number ascending = registration order) unless another is asked
 * (COPYRIGHT_BOOK_SORT): the page's keys walk the order's index, the shown columns are read for those rows only (lib/lists).
 */
export async function booksPage(
  db: DbOrTx,
  companyIdx: number,
  f: TCopyrightBooksFilter,
  start: number,
  length: number,
  sort: TSort<TCopyrightBookSortKey> = COPYRIGHT_BOOK_SORT_DEFAULT,
) {
  const select = bookKeySelect(sort.key);
  const {
    rows: page,
    total,
    atLeast,
  } = await listPage<BookRecord & { ord: number }>(
    db,
    {
      keys: booksKeys(companyIdx, f, sort.key),
      order: orderSql(COPYRIGHT_BOOK_SORT, sort),
      // a publication range or pay type without a search: counted from the summaries first (booksCount), then
      // the few matches sorted or the order walked (copyright_books_company_idx carries the day and pay type)
      fewFirst:
        !f.keyword && (f.startDate || f.endDate || f.payType)
          ? {
              walk: sql`${select}, (${booksWhere(companyIdx, f)}) as hit from copyright_books b where b.company_idx = ${companyIdx}`,
            }
          : undefined,
      columns: sql`select page.ord, ${bookColumns} from page join copyright_books b on b.company_idx = ${companyIdx} and b.idx = page.idx
        left join currencies cur on cur.name = b.currency`,
    },
    clampPaging({ start, length }),
    () => booksCount(db, companyIdx, f),
    f.keyword
      ? {
          keys: sql`${select}, ${keywordCondition(companyIdx, f.keyword, f.searchKey, true)} as hit
            from copyright_books b where ${booksWhere(companyIdx, { ...f, keyword: '' })}`,
        }
      : undefined,
  );
  return { rows: page as BookRecord[], total, atLeast };
}

const booksKeys = (companyIdx: number, f: TCopyrightBooksFilter, sort: TCopyrightBookSortKey = 'no') =>
  sql`${bookKeySelect(sort)} from copyright_books b where ${booksWhere(companyIdx, f)}`;

/**
 * How many books match: without a search from the summary tables (whole months and days of the
 * publication range; a date has no partial days, lib/lists/ranges.ts), with one by counting the matches.
 */
async function booksCount(db: DbOrTx, companyIdx: number, f: TCopyrightBooksFilter) {
  if (f.keyword) return countRows(db, booksKeys(companyIdx, f));
  const where = [sql`s.company_idx = ${companyIdx}`];
  if (f.payType) where.push(sql`s.pay_type = ${f.payType}`);
  const parts = rangeParts(await rangeBounds(db, f.startDate, f.endDate, 'UTC'), {
    table: 'copyright_book',
    columns: sql`s.cnt`,
    where: sql.join(where, sql` and `),
    at: sql`b.publication_date`,
    rows: (instants) => sql`select 1 as cnt from copyright_books b where ${booksWhere(companyIdx, f)} and ${instants}`,
  });
  return sumCounts(db, parts);
}

export type BookExportRecord = BookRecord & { local_created_at: string };

/**
 * The copyright book export: the list's filter and order (number), the list's columns and created_at as
 * the wall-clock time of `timeZone`; after the number `afterIdx` (null: from the first), at most `limit`.
 */
export function booksExportSql(
  companyIdx: number,
  f: TCopyrightBooksFilter,
  afterIdx: number | null,
  limit: number | null,
  timeZone: string,
) {
  return sql`select ${bookColumns}, to_char(b.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_created_at
      from copyright_books b left join currencies cur on cur.name = b.currency
      where ${booksWhere(companyIdx, f)}${afterIdx === null ? sql`` : sql` and b.idx > ${afterIdx}`}
      order by b.idx${limit === null ? sql`` : sql` limit ${limit}`}`;
}

// ── what the exports show beside the rows ──────────────────────────────────────────────────────
/** Symbol of every currency (₩, $, ¥, …), for the money formats of the sheets. */
export async function currencySymbols(db: DbOrTx): Promise<Record<string, string>> {
  const found = await rows<{ name: string; icon: string }>(db, sql`select name, icon from currencies`);
  return Object.fromEntries(found.map((c) => [c.name.trim(), c.icon]));
}

/** The countries' 2- and 3-letter codes (customers carry the 3-letter one). */
export async function countryCodes(db: DbOrTx) {
  return rows<{ code_2: string; code_3: string }>(db, sql`select code_2, code_3 from countries`);
}

/** The company's longest book titles (by bytes: a wide character counts more), for the sheets' column widths. */
export async function longestTitles(db: DbOrTx, companyIdx: number, n = 3): Promise<string[]> {
  const found = await rows<{ title: string }>(
    db,
    sql`select title from copyright_books where company_idx = ${companyIdx} order by octet_length(title) desc, idx limit ${n}`,
  );
  return found.map((r) => r.title);
}

/** The company's copyright books with these ISBNs, as the bulk upload's lookup fills a row (issue 59). */
export async function booksByIsbn(db: DbOrTx, companyIdx: number, isbns: string[]) {
  if (isbns.length === 0) return [];
  return rows<{ isbn: string; title: string; img_url: string; publication_date: string; list_price: string; page_count: number }>(
    db,
    sql`select isbn, title, img_url, publication_date::text as publication_date, list_price::text as list_price, page_count
      from copyright_books where company_idx = ${companyIdx} and isbn in ${isbns}`,
  );
}
