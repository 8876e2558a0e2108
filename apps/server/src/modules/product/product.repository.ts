import { BOOKS_LIST_SORT_DEFAULT, type TBook, type TBooksListFilter, type TBooksListSortKey, type TSort } from '@portal/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookCatalogue, companyBooks } from '../../db/schema';
import { clampPaging, countRows, escapeLike, listPage } from '../../lib/lists';
import { rangeBounds, rangeParts, sumCounts, type DayRange } from '../../lib/lists/ranges';
import type { SummarySpec } from '../../lib/lists/summary';
import { containsText, textMatch } from '../../lib/lists/search';
import { orderSql, sortColumns, type SortSpec } from '../../lib/lists/sort';

/** A book's columns in the catalogue's field names (the catalogue and company_books name them alike). */
const bookFields = (t: typeof bookCatalogue | typeof companyBooks) => ({
  isbn13: t.isbn13,
  title: t.title,
  author: t.author,
  pub_nm: t.pubNm,
  pub_date: t.pubDate,
  list_price: t.listPrice,
  PAGE: t.page,
  cover_s_url: t.coverSUrl,
});

export async function catalogueByIsbn(db: DbOrTx, isbns: string[]): Promise<TBook[]> {
  if (isbns.length === 0) return [];
  const rows = await db.select(bookFields(bookCatalogue)).from(bookCatalogue).where(inArray(bookCatalogue.isbn13, isbns));
  return rows.map((r) => ({ ...r, pub_date: r.pub_date ?? '' }));
}

export async function catalogueTitle(db: DbOrTx, isbn13: string): Promise<string | undefined> {
  const [row] = await db.select({ title: bookCatalogue.title }).from(bookCatalogue).where(eq(bookCatalogue.isbn13, isbn13));
  return row?.title;
}

export async function registeredIsbns(db: DbOrTx, companyIdx: number, isbns: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < isbns.length; i += 1000) {
    const rows = await db
      .select({ isbn13: companyBooks.isbn13 })
      .from(companyBooks)
      .where(and(eq(companyBooks.companyIdx, companyIdx), inArray(companyBooks.isbn13, isbns.slice(i, i + 1000))));
    for (const r of rows) found.add(r.isbn13);
  }
  return found;
}

/** The company's own registrations of these ISBNs, in the catalogue's field names. */
export async function registeredBooks(db: DbOrTx, companyIdx: number, isbns: string[]): Promise<TBook[]> {
  if (isbns.length === 0) return [];
  const rows = await db
    .select(bookFields(companyBooks))
    .from(companyBooks)
    .where(and(eq(companyBooks.companyIdx, companyIdx), inArray(companyBooks.isbn13, isbns)));
  return rows.map((r) => ({ ...r, pub_date: r.pub_date ?? '' }));
}

/** The advisory lock space of company_books saves (the first key; the company idx is the second). */
const COMPANY_BOOKS_LOCK = 0x626b; // 'bk'

/**
 * Serialises the saves of one company's books until the transaction ends (a transaction-scoped
 * advisory lock), so that a count taken after it stays true until the insert: two concurrent
 * uploads cannot both pass the cap. Other companies' saves and every read go on.
 */
export async function lockCompanyBooks(tx: DbOrTx, companyIdx: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_BOOKS_LOCK}::int, ${companyIdx}::int)`);
}
/** How many books the company registered (index-only on company_books_company_idx). */
export async function countCompanyBooks(db: DbOrTx, companyIdx: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyBooks)
    .where(eq(companyBooks.companyIdx, companyIdx));
  return row?.n ?? 0;
}

export interface NewCompanyBook {
  isbn13: string;
  title: string;
  author: string;
  pub_nm: string;
  pub_date: string;
  list_price: string;
  PAGE: number | null;
  cover_s_url: string;
}

/** Inserts the rows for the company; an ISBN already there is skipped. Returns the ISBNs stored. */
export async function insertCompanyBooks(db: DbOrTx, companyIdx: number, rows: NewCompanyBook[], now: Date): Promise<string[]> {
  const stored: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insert(companyBooks)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          companyIdx,
          isbn13: r.isbn13,
          title: r.title,
          author: r.author,
          pubNm: r.pub_nm,
          pubDate: r.pub_date || null,
          listPrice: r.list_price,
          page: r.PAGE,
          coverSUrl: r.cover_s_url,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [companyBooks.companyIdx, companyBooks.isbn13] })
      .returning({ isbn13: companyBooks.isbn13 });
    stored.push(...out.map((r) => r.isbn13));
  }
  return stored;
}

/** The keyword's condition: the ISBN contains its digits, or the title contains it (`rowTest`: the ilike alone, for a search walk). */
function keywordCondition(companyIdx: number, f: TBooksListFilter & { keyword: string }, rowTest = false): SQL {
  if (f.searchKey === 'isbn') {
    const d = f.keyword.replace(/[^\dXx]/g, '');
    return sql`b.isbn13::text like ${`%${escapeLike(d)}%`}`;
  }
  return rowTest
    ? textMatch([sql`b.title`], f.keyword)
    : containsText(
        { name: 'company_books_title_grams', owner: sql`b.company_idx`, text: sql`b.title` },
        companyIdx,
        [sql`b.title`],
        f.keyword,
      );
}

function listWhere(companyIdx: number, f: TBooksListFilter, timeZone: string): SQL {
  const conds: SQL[] = [sql`b.company_idx = ${companyIdx}`];
  if (f.keyword) conds.push(keywordCondition(companyIdx, { ...f, keyword: f.keyword }));
  // registration dates are calendar days in the business time zone
  if (f.startDate) conds.push(sql`b.created_at >= (${f.startDate}::date)::timestamp at time zone ${timeZone}`);
  if (f.endDate) conds.push(sql`b.created_at < (${f.endDate}::date + 1)::timestamp at time zone ${timeZone}`);
  return sql.join(conds, sql` and `);
}

interface CompanyBookRowDb {
  idx: number;
  isbn13: string;
  title: string;
  author: string;
  pub_nm: string;
  pub_date: string | null;
  list_price: string;
  currency: string;
  currency_icon: string;
  PAGE: number | null;
  cover_s_url: string;
  created_ms: number | string;
}

/**
 * The registered books' summary tables (lib/lists/summary.ts): books counted per company and UTC
 * registration day. The list filters on nothing else that a summary could key (a search is free text).
 */
export const COMPANY_BOOKS_SUMMARY: SummarySpec = {
  source: 'company_books',
  table: 'company_book',
  day: `(r.created_at AT TIME ZONE 'UTC')::date`,
  dims: [],
  measures: [],
};

/** The registered books of a range of days read from the summary tables (lib/lists/ranges.ts), as parts answering `cnt`. */
const booksInRange = (companyIdx: number, r: DayRange) =>
  rangeParts(r, {
    table: 'company_book',
    columns: sql`s.cnt`,
    where: sql`s.company_idx = ${companyIdx}`,
    at: sql`b.created_at`,
    rows: (instants) => sql`select 1 as cnt from company_books b where b.company_idx = ${companyIdx} and ${instants}`,
  });

/** The registered books' orders (issue 59): registration time, the default newest first, or title; idx breaks ties. */
export const BOOKS_LIST_SORT: SortSpec<TBooksListSortKey> = {
  keys: { created_at: ['created_at'], title: ['title'] },
  unique: ['idx'],
  default: BOOKS_LIST_SORT_DEFAULT,
};

/**
 * The company's registered books, newest first (registration time, then idx, both descending): the page's
 * keys walk company_books_company_created (company, created_at, idx) backwards from the end of the
 * registration range, so a range far back starts where it is instead of passing every book registered
 * after it; the shown columns are read for those rows only, and the total is counted only when the page
 * cannot tell it (lib/lists).
 *
 * The total without a search comes from the summary tables (whole UTC months and days of the registration range,
 * and the books of its partial UTC days on company_books_company_created); with a search it is
 * count(*) of the matches, which the company's gram index finds (lib/lists/search.ts) — bounded by the
 * number of matches, not by the company's books; a summary cannot key free text.
 */
export async function listCompanyBooks(
  db: DbOrTx,
  companyIdx: number,
  f: TBooksListFilter,
  paging: { start: number; length: number },
  timeZone: string,
  sort: TSort<TBooksListSortKey> = BOOKS_LIST_SORT_DEFAULT,
) {
  // the order's columns beside idx and created_at (title: index company_books_company_title)
  const cols = sql.raw(
    [
      'b.idx',
      'b.created_at',
      ...sortColumns(BOOKS_LIST_SORT, sort)
        .filter((c) => c !== 'created_at')
        .map((c) => `b.${c}`),
    ].join(', '),
  );
  const keys = sql`select ${cols} from company_books b where ${listWhere(companyIdx, f, timeZone)}`;
  const page = clampPaging(paging);
  const { rows, total, atLeast } = await listPage<CompanyBookRowDb & { ord: number }>(
    db,
    {
      keys,
      order: orderSql(BOOKS_LIST_SORT, sort),
      // a currency missing from the lookup shows its code
      columns: sql`select page.ord, b.idx, b.isbn13, b.title, b.author, b.pub_nm, b.pub_date::text as pub_date,
          b.list_price::text as list_price, b.currency, coalesce(c.icon, b.currency) as currency_icon, b.page as "PAGE",
          b.cover_s_url, floor(extract(epoch from b.created_at) * 1000)::float8 as created_ms
        from page join company_books b on b.company_idx = ${companyIdx} and b.idx = page.idx left join currencies c on c.name = b.currency`,
    },
    page,
    async () => {
      if (f.keyword) return countRows(db, keys);
      const r = f.startDate || f.endDate ? await rangeBounds(db, f.startDate, f.endDate, timeZone) : {};
      return sumCounts(db, booksInRange(companyIdx, r));
    },
    f.keyword
      ? {
          keys: sql`select ${cols}, ${keywordCondition(companyIdx, { ...f, keyword: f.keyword }, true)} as hit
            from company_books b where ${listWhere(companyIdx, { ...f, keyword: '' }, timeZone)}`,
        }
      : undefined,
  );
  return {
    rows: rows.map(({ created_ms, ...r }) => ({ ...r, idx: Number(r.idx), created_at: new Date(Number(created_ms)) })),
    total,
    atLeast,
  };
}
