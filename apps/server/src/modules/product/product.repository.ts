import type { TBook, TBooksListFilter } from '@portal/contract';
import { and, count, desc, eq, gte, ilike, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookCatalogue, companyBooks, currencies } from '../../db/schema';

const catalogueColumns = {
  isbn13: bookCatalogue.isbn13,
  title: bookCatalogue.title,
  author: bookCatalogue.author,
  pub_nm: bookCatalogue.pubNm,
  pub_date: bookCatalogue.pubDate,
  list_price: bookCatalogue.listPrice,
  PAGE: bookCatalogue.page,
  cover_s_url: bookCatalogue.coverSUrl,
};

export async function catalogueByIsbn(db: DbOrTx, isbns: string[]): Promise<TBook[]> {
  if (isbns.length === 0) return [];
  const rows = await db.select(catalogueColumns).from(bookCatalogue).where(inArray(bookCatalogue.isbn13, isbns));
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
    .select({
      isbn13: companyBooks.isbn13,
      title: companyBooks.title,
      author: companyBooks.author,
      pub_nm: companyBooks.pubNm,
      pub_date: companyBooks.pubDate,
      list_price: companyBooks.listPrice,
      PAGE: companyBooks.page,
      cover_s_url: companyBooks.coverSUrl,
    })
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(companyIdx: number, f: TBooksListFilter, timeZone: string): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(companyBooks.companyIdx, companyIdx)];
  if (f.keyword) {
    if (f.searchKey === 'isbn') {
      const d = f.keyword.replace(/[^\dXx]/g, '');
      conds.push(like(companyBooks.isbn13, `%${escapeLike(d)}%`));
    } else conds.push(ilike(companyBooks.title, `%${escapeLike(f.keyword)}%`));
  }
  // registration dates are calendar days in the business time zone
  if (f.startDate) conds.push(gte(companyBooks.createdAt, sql`(${f.startDate}::date)::timestamp at time zone ${timeZone}`));
  if (f.endDate) conds.push(lt(companyBooks.createdAt, sql`(${f.endDate}::date + 1)::timestamp at time zone ${timeZone}`));
  return and(...conds);
}

export async function listCompanyBooks(
  db: DbOrTx,
  companyIdx: number,
  f: TBooksListFilter,
  paging: { start: number; length: number },
  timeZone: string,
) {
  const where = listWhere(companyIdx, f, timeZone);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        idx: companyBooks.idx,
        isbn13: companyBooks.isbn13,
        title: companyBooks.title,
        author: companyBooks.author,
        pub_nm: companyBooks.pubNm,
        pub_date: companyBooks.pubDate,
        list_price: companyBooks.listPrice,
        currency: companyBooks.currency,
        // a currency missing from the lookup shows its code
        currency_icon: sql<string>`coalesce(${currencies.icon}, ${companyBooks.currency})`,
        PAGE: companyBooks.page,
        cover_s_url: companyBooks.coverSUrl,
        created_at: companyBooks.createdAt,
      })
      .from(companyBooks)
      .leftJoin(currencies, eq(currencies.name, companyBooks.currency))
      .where(where)
      .orderBy(desc(companyBooks.idx))
      .limit(paging.length)
      .offset(paging.start),
    db.select({ n: count() }).from(companyBooks).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
