import { Placeholder, sql, type SQL } from 'drizzle-orm';
import type { TCopyrightBooksFilter, TRoyaltyFilter } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../db/raw-query';
import { clampPaging, countRows, escapeLike as likeEscape, listPage } from '../../lib/lists';
import { rangeBounds, rangeParts, sumCounts } from '../../lib/lists/ranges';
import type { CountSpec } from '../../lib/lists/counts';
import type { SummarySpec } from '../../lib/lists/summary';
import { spanWalk, type SpanSpec } from '../../lib/lists/spans';
import { containsText, textMatch } from '../../lib/lists/search';

/**
 * Copyright books and royalty lines. Every query filters on the company of the verified token
 * (`companyIdx`), on the books and on the lines alike. Raw SQL where the plan matters: the royalty
 * page walks books in title order and each book's lines by idx (indexes royalty_lines_book_*), so
 * a page costs about the same at 10k and at 1M lines.
 */

/** Royalty of one line: unit_price × qty × rate / 100, exact numeric, rounded half away from zero to 2 decimals. */
export const ROYALTY_SQL = (line: string, book: string) => sql.raw(`round(${line}.unit_price * ${line}.qty * ${book}.rate / 100, 2)`);

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

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
export function lineConditions(w: RoyaltyWhere, company: SQL = sql`${w.companyIdx}`) {
  return sql.join([sql`r.company_idx = ${company}`, ...lineFilters(w)], sql` and `);
}

/** lineConditions but the company's: dates in the app's time zone, customers, calculated. */
function lineFilters(w: RoyaltyWhere): SQL[] {
  const f = w.filter;
  const parts: SQL[] = [];
  if (f.startDate) parts.push(sql`r.created_at >= (${f.startDate}::date)::timestamp at time zone ${w.timeZone}`);
  if (f.endDate) parts.push(sql`r.created_at < (${f.endDate}::date + 1)::timestamp at time zone ${w.timeZone}`);
  if (w.customerIdxs)
    parts.push(
      sql`r.customer_idx in (${sql.join(
        w.customerIdxs.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  if (f.invoiceYn === 'Y') parts.push(sql`r.buy_invoice_idx is not null`);
  if (f.invoiceYn === 'N') parts.push(sql`r.buy_invoice_idx is null`);
  return parts;
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
  ${iso('r.created_at')} as created_at, r.buy_invoice_idx, inv.code as buy_invoice_code, ${ROYALTY_SQL('r', 'b')}::text as royalty`;

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
    { column: 'royalty', expr: 'round(r.unit_price * r.qty * b.rate / 100, 2)' },
  ],
  parent: { table: 'copyright_books', alias: 'b', key: 'idx', childKey: 'book_idx', on: 'b.idx = r.book_idx', watch: ['rate'] },
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
 * The royalty totals without the book by UTC hour, read from the lines (with the book's rate, as
 * ROYALTY_SUMMARY): a range of calendar days in the app's time zone starts and ends inside a UTC day, and
 * royaltyTotals reads those partial days' whole hours here instead of their lines (a few rows per hour
 * against a day's lines: about 900 per request at a million lines over three years). Not a rollup of
 * an hour grain of ROYALTY_SUMMARY: keyed by the book, that would hold about one row per line. A book's
 * deletion takes its lines out before it goes (summary.ts: the summary is not keyed by the book).
 */
export const ROYALTY_TOTAL_HOURS: SummarySpec = {
  source: 'royalty_lines',
  table: 'royalty_total',
  hour: `date_trunc('hour', r.created_at AT TIME ZONE 'UTC')`,
  grains: ['hour'],
  dims: ROYALTY_SUMMARY.dims.filter((d) => d.column !== 'book_idx'),
  measures: ROYALTY_SUMMARY.measures,
  parent: ROYALTY_SUMMARY.parent,
};

/**
 * Royalty lines per company and book (lib/lists/counts.ts), and on the book whether it has any
 * (copyright_books.has_royalty_lines): the royalty list walks its books in title order on the partial
 * index copyright_books_company_title_sold, so it never probes a book without lines (at a million books
 * with sales on five thousand, finding a first page's two books took 4,402 probes), and without a line
 * filter a book's count is one row here.
 */
export const ROYALTY_BOOK_LINE_COUNTS: CountSpec = {
  source: 'royalty_lines',
  table: 'royalty_book_line_counts',
  keys: [
    { column: 'company_idx', expr: 'r.company_idx' },
    { column: 'book_idx', expr: 'r.book_idx' },
  ],
  flag: { table: 'copyright_books', column: 'has_royalty_lines', match: { company_idx: 'company_idx', idx: 'book_idx' } },
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

/**
 * The copyright books' publication days per company and block of 1,024 numbers (lib/lists/spans.ts): a
 * publication range's page walks only the blocks whose days meet it (booksWalk).
 */
export const COPYRIGHT_BOOK_SPANS: SpanSpec = {
  source: 'copyright_books',
  table: 'copyright_book_spans',
  owner: 'company_idx',
  order: 'idx',
  value: 'publication_date',
  bits: 10,
};

/** Conditions on a summary row `s` (company, calculated); the book's isbn is checked on its join. */
function summaryConditions(w: RoyaltyWhere) {
  const parts = [sql`s.company_idx = ${w.companyIdx}`];
  if (w.filter.invoiceYn === 'Y') parts.push(sql`s.invoiced`);
  if (w.filter.invoiceYn === 'N') parts.push(sql`not s.invoiced`);
  return sql.join(parts, sql` and `);
}

/** The matching lines as summary rows (book, currency, 1, qty, royalty). */
const linesAsSums = (w: RoyaltyWhere, extra?: SQL) =>
  sql`select r.book_idx, r.currency, 1 as cnt, r.qty, ${ROYALTY_SQL('r', 'b')} as royalty
      from royalty_lines r join copyright_books b on b.idx = r.book_idx
      where ${lineConditions(w)}${extra ? sql` and ${extra}` : sql``}`;

/**
 * Summary rows of the filter: the range's whole UTC months from the month sums, its other whole UTC
 * days from the day sums, and the lines of its partial UTC days (the range is in the app's time zone; lib/lists/ranges.ts).
 */
async function summaryParts(db: DbOrTx, w: RoyaltyWhere): Promise<SQL[]> {
  const f = w.filter;
  return rangeParts(await rangeBounds(db, f.startDate, f.endDate, w.timeZone), {
    table: 'royalty_line',
    columns: sql`s.book_idx, s.currency, s.cnt, s.qty, s.royalty`,
    where: summaryConditions(w),
    at: sql`r.created_at`,
    rows: (instants) => linesAsSums({ ...w, filter: { ...f, startDate: undefined, endDate: undefined } }, instants),
  });
}

/**
 * Count, quantity and royalty of the filtered set per book and currency, in the list's book order
 * (title, then number: only the books with matching lines, never the company's whole catalogue). The service caches it (per
 * data version) and pages with it: total_cnt, the per-currency totals and where a page starts (which
 * book, which offset inside it) all come from these groups. Read from the summary tables: the range's
 * whole UTC months from the month sums, its other whole UTC days from the day sums, and only the lines
 * of its partial UTC days (the range is in the app's time zone) from royalty_lines: a date filter reads
 * about (months × books) summary rows instead of sorting every line of the range. A customer filter
 * reads the lines (customers are not a summary key: with them the sums held about one row per line).
 */
export async function royaltyGroups(db: DbOrTx, w: RoyaltyWhere) {
  const f = w.filter;
  const parts = w.customerIdxs ? [linesAsSums(w)] : await summaryParts(db, w);
  const found = await rows<{
    book_idx: number;
    currency: string;
    currency_icon: string;
    cnt: string | number;
    qty: string;
    royalty: string;
  }>(
    db,
    sql`select p.book_idx, p.currency, coalesce(cur.icon, p.currency) as currency_icon, sum(p.cnt)::int as cnt,
        coalesce(sum(p.qty), 0)::text as qty, coalesce(sum(p.royalty), 0)::text as royalty
      from (${sql.join(parts, sql` union all `)}) p
      join copyright_books b on b.idx = p.book_idx and ${bookConditions({ companyIdx: w.companyIdx, isbn: f.isbn })}
      left join currencies cur on cur.name = p.currency
      group by b.title, p.book_idx, p.currency, cur.icon
      having sum(p.cnt) > 0
      order by b.title, p.book_idx, p.currency`,
  );
  return found.map((g) => ({ ...g, book_idx: Number(g.book_idx), cnt: Number(g.cnt), qty: Number(g.qty) }));
}

/**
 * Count, quantity and royalty per currency of a filter without an ISBN or a customer, from the totals'
 * summary (ROYALTY_TOTALS: a few rows per month and per day of the range, whatever the number of books),
 * the whole UTC hours of the range's partial UTC days (ROYALTY_TOTAL_HOURS) and only the lines of what is
 * left of them (none in a zone a whole number of hours from UTC); the same sums as royaltyGroups added up per currency.
 */
export async function royaltyTotals(db: DbOrTx, w: RoyaltyWhere) {
  const f = w.filter;
  const parts = rangeParts(await rangeBounds(db, f.startDate, f.endDate, w.timeZone), {
    table: 'royalty_total',
    hours: 'royalty_total',
    columns: sql`s.currency, s.cnt, s.qty, s.royalty`,
    where: summaryConditions(w),
    at: sql`r.created_at`,
    rows: (instants) =>
      sql`select l.currency, l.cnt, l.qty, l.royalty from (${linesAsSums({ ...w, filter: { ...f, startDate: undefined, endDate: undefined } }, instants)}) l`,
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

/** Whether the filter keeps only some of a book's lines (dates, customers, calculated or not): else they all match. */
const filtersLines = (w: RoyaltyWhere) =>
  !!(w.filter.startDate || w.filter.endDate || w.customerIdxs || w.filter.invoiceYn === 'Y' || w.filter.invoiceYn === 'N');

/**
 * The books holding matching lines, in the list's book order (title, number), after `after`, with
 * their matching line counts: `limit` of them. The walk goes down copyright_books_company_title_sold,
 * which holds only the books with lines (ROYALTY_BOOK_LINE_COUNTS keeps the flag), so a book without
 * sales is never probed. Without a line filter a book's count is its row in royalty_book_line_counts;
 * with one its matching lines are counted on royalty_lines_book_* (a probe for a book whose lines all
 * fall outside the filter). A page near the start costs about the same at 10k and at 1M lines, and a page
 * deep in the list costs the books with lines before it.
 */
export async function royaltyBooksAfter(db: DbOrTx, w: RoyaltyWhere, after: { title: string; idx: number } | null, limit: number) {
  const found = await rows<{ idx: number; title: string; cnt: number | string }>(db, booksAfterSql(w, after, limit));
  return found.map((b) => ({ idx: Number(b.idx), title: b.title, cnt: Number(b.cnt) }));
}

/** royaltyBooksAfter's statement: `idx, title, cnt, company_idx` of the books with matching lines after `after`, in the list's book order. */
function booksAfterSql(w: RoyaltyWhere, after: { title: string; idx: number } | null, limit: number) {
  const books = bookConditions({ companyIdx: w.companyIdx, isbn: w.filter.isbn });
  // an ISBN names a few books: found on copyright_books_company_isbn and sorted (offset 0 keeps the
  // planner from walking the whole title order and testing each book's ISBN)
  return sql`select b.idx, b.title, c.cnt, b.company_idx from ${
    w.filter.isbn ? sql`(select * from copyright_books b where ${books} and b.has_royalty_lines offset 0)` : sql`copyright_books`
  } b
      ${
        filtersLines(w)
          ? sql`cross join lateral (select count(*)::int as cnt from royalty_lines r where r.book_idx = b.idx and ${lineConditions(w)}) c`
          : // a lookup per book walked (limit 1: never turned into a join that reads every count of the company and sorts)
            sql`cross join lateral (select c.cnt from royalty_book_line_counts c
                where c.company_idx = b.company_idx and c.book_idx = b.idx limit 1) c`
      }
      where ${books} and b.has_royalty_lines
        ${after ? sql`and (b.title, b.idx) > (${after.title}, ${after.idx}::int)` : sql``}
        and c.cnt > 0
      order by b.title, b.idx
      limit ${limit}`;
}

/** A run of one book's matching lines, in line order: `offset`/`limit` inside that book. */
export interface BookSlice {
  bookIdx: number;
  offset: number;
  limit: number;
}

/**
 * One page of lines spanning several books (title order, the slices' order), in one statement: each
 * slice is an index range scan (royalty_lines_book_*) under a lateral join, so a page costs one round
 * trip however few matching lines each book has.
 *
 * The line's company is tested as `coalesce(r.company_idx = …, false)`: the same test as lineConditions',
 * written so that PostgreSQL does not take it for a one-in-a-hundred filter (the company column's spread
 * over the table; every line of a book is its company's). Taken at face value, it made the generic plan
 * read all of the book's lines (a bitmap scan, one heap block each at 1M: 200) and sort them for the ten
 * of a page; with it the scan walks royalty_lines_book_idx in line order and stops at the page (at 1M:
 * 10 rows, 0.34 → 0.015 ms).
 *
 * The slices are a materialized CTE, so no plan sees their numbers: a custom plan folded a one-row VALUES
 * into constants, and an OFFSET past its estimate of the book's lines made it cost the page at one row (26
 * against 107 for the generic plan), so PostgreSQL's plan cache planned the statement again on every call
 * (1.1–1.5 ms of planning beside 0.2–0.4 ms of execution: docs/decisions/pg-prepared-statements.md).
 */
export async function royaltyPage(db: DbOrTx, w: RoyaltyWhere, slices: readonly BookSlice[]) {
  if (slices.length === 0) return [];
  return (await rows<RoyaltyLineRecord & { ord: number }>(db, royaltyPageSql(w, slices))).map(normaliseLine);
}

/** royaltyPage's statement (at least one slice). */
export function royaltyPageSql(w: RoyaltyWhere, slices: readonly BookSlice[]): SQL {
  const want = sql.join(
    slices.map((x, i) => sql`(${i}::int, ${x.bookIdx}::int, ${x.offset}::int, ${x.limit}::int)`),
    sql`, `,
  );
  const scan = [sql`coalesce(r.company_idx = ${w.companyIdx}, false)`, ...lineFilters(w)];
  return sql`with want(ord, book_idx, off, lim) as materialized (values ${want}),
    page as materialized (
      select w.ord, x.idx from want w cross join lateral (
        select r.idx from royalty_lines r
        where r.book_idx = w.book_idx and ${sql.join(scan, sql` and `)}
        order by r.idx limit w.lim offset w.off
      ) x
    )
    select ${lineColumns}, p.ord
    from page p
    join royalty_lines r on r.idx = p.idx
    join copyright_books b on b.idx = r.book_idx and b.company_idx = ${w.companyIdx}
    join royalty_customers cu on cu.idx = r.customer_idx
    left join currencies cur on cur.name = r.currency
    ${INVOICE_JOIN}
    order by p.ord, r.idx`;
}

/**
 * The export's query for a batch of one book's lines after `afterIdx` (keyset on royalty_lines_book_idx):
 * the sheet's cells in the order of the service's royaltyColumns (without the running number; money as
 * exact numeric text), then r.idx for the next batch. `book`, `after` and `limit` may be placeholders:
 * on PostgreSQL the export's worker thread runs this query itself (royaltyExportWorkerSql).
 */
/** The texts of the export's status column, in the language asked for. */
export interface StatusLabels {
  Y: string;
  N: string;
}

export function royaltyExportSql(
  w: RoyaltyWhere,
  saleInfo: boolean,
  status: StatusLabels,
  book: number | Placeholder,
  after: number | Placeholder,
  limit: number | Placeholder,
) {
  // created_at as the wall-clock time of the app's time zone (the sheet writes it as an Excel date)
  return sql`select b.title, b.isbn, cu.name as customer_name, cu.country as customer_country,
      ${saleInfo ? sql`r.sale_info,` : sql``} r.unit_price::text as unit_price, r.currency, r.qty, r.sample_qty,
      r.disuse_qty, b.rate::text as rate, ${ROYALTY_SQL('r', 'b')}::text as royalty,
      case when r.buy_invoice_idx is null then ${status.N}::text else ${status.Y}::text end as status, inv.code as buy_invoice_code,
      to_char(r.created_at at time zone ${w.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as created_at, r.idx::float8 as idx
    from royalty_lines r
    join copyright_books b on b.idx = r.book_idx
    join royalty_customers cu on cu.idx = r.customer_idx
    ${INVOICE_JOIN}
    where r.book_idx = ${book} and b.company_idx = ${w.companyIdx} and ${lineConditions(w)} and r.idx > ${after}
    order by r.idx
    limit ${limit}`;
}

/** Runs royaltyExportSql here (PGlite: the database lives in this thread): rows as arrays of cells + idx. */
export async function royaltyExportBatch(
  db: DbOrTx,
  w: RoyaltyWhere,
  saleInfo: boolean,
  status: StatusLabels,
  bookIdx: number,
  afterIdx: number,
  limit: number,
) {
  const found = await rows<Record<string, unknown>>(db, royaltyExportSql(w, saleInfo, status, bookIdx, afterIdx, limit));
  return found.map((r) => Object.values(r));
}

/**
 * royaltyExportSql with the placeholders part (the book), after and limit: the export's worker thread
 * runs it on a connection of its own (PostgreSQL; lib/export opens it from the configuration).
 */
export function royaltyExportWorkerSql(w: RoyaltyWhere, saleInfo: boolean, status: StatusLabels): SQL {
  return royaltyExportSql(w, saleInfo, status, sql.placeholder('part'), sql.placeholder('after'), sql.placeholder('limit'));
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
 * Books in number order (spec §9: number ascending = registration order): the page's keys walk
 * copyright_books_company_idx (company, idx), the shown columns are read for those rows only (lib/lists).
 */
export async function booksPage(db: DbOrTx, companyIdx: number, f: TCopyrightBooksFilter, start: number, length: number) {
  const {
    rows: page,
    total,
    atLeast,
  } = await listPage<BookRecord & { ord: number }>(
    db,
    {
      keys: booksKeys(companyIdx, f),
      order: sql`k.idx`,
      // a publication range or pay type without a search: counted from the summaries first (booksCount)
      fewFirst: !f.keyword && (f.startDate || f.endDate || f.payType) ? booksWalk(companyIdx, f) : undefined,
      columns: sql`select page.ord, ${bookColumns} from page join copyright_books b on b.company_idx = ${companyIdx} and b.idx = page.idx
        left join currencies cur on cur.name = b.currency`,
    },
    clampPaging({ start, length }),
    () => booksCount(db, companyIdx, f),
    f.keyword
      ? {
          keys: sql`select b.idx, ${keywordCondition(companyIdx, f.keyword, f.searchKey, true)} as hit
            from copyright_books b where ${booksWhere(companyIdx, { ...f, keyword: '' })}`,
        }
      : undefined,
  );
  return { rows: page as BookRecord[], total, atLeast };
}

/**
 * The walk of a filter without a search (lib/lists fewFirst): a publication range walks only the blocks of
 * numbers whose span of days meets it (COPYRIGHT_BOOK_SPANS), each by copyright_books_company_idx, which
 * carries the day and the pay type; a pay type alone walks the whole order (its books are spread over it).
 */
function booksWalk(companyIdx: number, f: TCopyrightBooksFilter) {
  const rows = (within?: SQL) => sql`select b.idx, (${booksWhere(companyIdx, f)}) as hit from copyright_books b
    where b.company_idx = ${companyIdx}${within ? sql` and ${within}` : sql``}`;
  if (!f.startDate && !f.endDate) return { walk: rows() };
  return spanWalk(COPYRIGHT_BOOK_SPANS, {
    owner: companyIdx,
    from: f.startDate ? sql`${f.startDate}::date` : undefined,
    to: f.endDate ? sql`${f.endDate}::date` : undefined,
    alias: 'b',
    rows,
  });
}

const booksKeys = (companyIdx: number, f: TCopyrightBooksFilter) =>
  sql`select b.idx from copyright_books b where ${booksWhere(companyIdx, f)}`;

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

/** A batch of the export: the list's columns, and created_at as the wall-clock time of `timeZone`. */
export async function booksBatch(
  db: DbOrTx,
  companyIdx: number,
  f: TCopyrightBooksFilter,
  afterIdx: number,
  limit: number,
  timeZone: string,
) {
  return rows<BookExportRecord>(
    db,
    sql`select ${bookColumns}, to_char(b.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_created_at
      from copyright_books b left join currencies cur on cur.name = b.currency
      where ${booksWhere(companyIdx, f)} and b.idx > ${afterIdx} order by b.idx limit ${limit}`,
  );
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
