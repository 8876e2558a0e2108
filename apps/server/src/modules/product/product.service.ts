import type {
  TBook,
  TValidBook,
  TBookLookupRow,
  TBooksExcelResponse,
  TBooksListFilter,
  TBooksListResponse,
  TBooksListSortKey,
  TSortDir,
} from '@portal/contract';
import { DEFAULT_BOOKS_MAX_PER_COMPANY, type AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, limitExceeded } from '../../lib/errors';
import { sortOf } from '../../lib/lists/sort';
import { type BookProvider, ProviderError, externalProvider } from './product.providers';
import * as repo from './product.repository';

/** Our own catalogue as the first provider. */
export function catalogueProvider(db: Db): BookProvider {
  return {
    name: 'catalogue',
    async lookup(isbns) {
      const rows = await repo.catalogueByIsbn(db, isbns);
      return new Map(rows.map((r) => [r.isbn13, r]));
    },
  };
}

const notFoundRow = (isbn13: string): TBookLookupRow => ({
  isbn13,
  cover_s_url: '',
  title: '',
  pub_date: '',
  list_price: '0',
  author: '',
  pub_nm: '',
  PAGE: null,
  found: false,
  source: null,
  registered: false,
});

/** The company's own books (registered through the upload, or its copyright books), asked before anyone else. */
const ownProvider = (name: 'registered' | 'copyright', books: TBook[]): BookProvider => ({
  name,
  lookup: async () => new Map(books.map((b) => [b.isbn13, b])),
});

export function createProductService(deps: {
  db: Db;
  config: AppConfig;
  /** the company's copyright books with these ISBNs (the copyright module's) */
  copyrightBooks: (companyIdx: number, isbns: string[]) => Promise<TBook[]>;
  log?: { warn: (o: object, m: string) => void };
}) {
  const { db, config } = deps;
  const shared: BookProvider[] = [catalogueProvider(db)];
  const external = externalProvider(config.bookProvider);
  if (external) shared.push(external);

  return {
    /**
     * One answer per ISBN asked, in that order: each provider is asked only for what the ones before
     * it did not find. A provider that fails fails the call (503), so the client keeps its list.
     * The company's own books are asked first (its registered books, then its copyright books), then our
     * catalogue and the external provider. Each answer says whether the company already registered the ISBN
     * (`registered`), so the review flags it before saving.
     */
    async lookup(companyIdx: number, isbns: string[]): Promise<TBookLookupRow[]> {
      const unique = [...new Set(isbns)];
      const found = new Map<string, TBookLookupRow>();
      const registered = await repo.registeredBooks(db, companyIdx, unique);
      const mine = new Set(registered.map((b) => b.isbn13));
      const providers = [
        ownProvider('registered', registered),
        ownProvider(
          'copyright',
          await deps.copyrightBooks(
            companyIdx,
            unique.filter((i) => !mine.has(i)),
          ),
        ),
        ...shared,
      ];
      for (const p of providers) {
        const missing = unique.filter((i) => !found.has(i));
        if (missing.length === 0) break;
        try {
          const got = await p.lookup(missing);
          for (const [isbn, book] of got)
            found.set(isbn, { ...book, isbn13: isbn, found: true, source: p.name, registered: mine.has(isbn) });
        } catch (e) {
          if (!(e instanceof ProviderError)) throw e;
          deps.log?.warn({ err: e.message }, 'book provider failed');
          throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The bibliographic provider did not answer.');
        }
      }
      return unique.map((i) => found.get(i) ?? notFoundRow(i));
    },

    /**
     * Stores the rows for the company in one transaction: all or nothing. Rows were validated by the
     * route (every row, before anything is written); an ISBN the company already has is reported.
     * A company holds at most `booksMaxPerCompany` books: a save that would pass it stores nothing
     * (409 LIMIT_EXCEEDED, 'Maximum number allowed is {number}.').
     */
    async saveBooks(companyIdx: number, rows: TValidBook[]): Promise<TBooksExcelResponse> {
      const max = config.booksMaxPerCompany ?? DEFAULT_BOOKS_MAX_PER_COMPANY;
      return db.transaction(async (tx) => {
        // one save per company at a time, so the count below holds until this transaction commits
        await repo.lockCompanyBooks(tx, companyIdx);
        const already = await repo.registeredIsbns(
          tx,
          companyIdx,
          rows.map((r) => r.isbn13),
        );
        const fresh = rows.filter((r) => !already.has(r.isbn13));
        if (fresh.length > 0 && (await repo.countCompanyBooks(tx, companyIdx)) + fresh.length > max) throw limitExceeded(max);
        const stored = new Set(await repo.insertCompanyBooks(tx, companyIdx, fresh, config.now()));
        // a concurrent upload may have stored some between the check and the insert: report them too
        const duplicates = rows.map((r) => r.isbn13).filter((i) => !stored.has(i));
        return { status: 'success' as const, saved: stored.size, duplicates };
      });
    },

    async list(
      companyIdx: number,
      filter: TBooksListFilter,
      paging: { start: number; length: number },
      order: { sort?: TBooksListSortKey; dir?: TSortDir } = {},
    ): Promise<TBooksListResponse> {
      const sort = sortOf(repo.BOOKS_LIST_SORT, order);
      const { rows, total, atLeast } = await repo.listCompanyBooks(db, companyIdx, filter, paging, config.timeZone, sort);
      return {
        dataset: rows.map((r, i) => ({
          ...r,
          no: paging.start + i + 1,
          pub_date: r.pub_date ?? '',
          created_at: r.created_at.toISOString(),
        })),
        total_cnt: total,
        ...(atLeast && { total_at_least: true }),
      };
    },

    coverTitle: (isbn13: string) => repo.catalogueTitle(db, isbn13),
  };
}
