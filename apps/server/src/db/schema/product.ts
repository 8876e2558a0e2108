import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './auth';

/**
 * Our own bibliographic catalogue: the first place an uploaded ISBN is looked up
 * (issue 8; an external provider is asked only for what is not here).
 */
export const bookCatalogue = pgTable(
  'book_catalogue',
  {
    isbn13: char('isbn13', { length: 13 }).primaryKey(),
    title: varchar('title', { length: 300 }).notNull(),
    author: varchar('author', { length: 300 }).notNull().default(''),
    pubNm: varchar('pub_nm', { length: 200 }).notNull().default(''),
    pubDate: date('pub_date', { mode: 'string' }),
    listPrice: numeric('list_price', { precision: 14, scale: 2 }).notNull().default('0'),
    page: integer('page'),
    coverSUrl: text('cover_s_url').notNull().default(''),
  },
  (t) => [check('book_catalogue_isbn13_digits', sql`${t.isbn13} ~ '^97[89][0-9]{10}$'`)],
);

/** The books a company registered (POST product/booksExcel), listed on /products/booksList. */
export const companyBooks = pgTable(
  'company_books',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    isbn13: char('isbn13', { length: 13 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    author: varchar('author', { length: 300 }).notNull().default(''),
    pubNm: varchar('pub_nm', { length: 200 }).notNull().default(''),
    pubDate: date('pub_date', { mode: 'string' }),
    listPrice: numeric('list_price', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * currency of list_price (currencies.name): the catalogue and the bibliographic services
     * (NLK, Aladin) give Korean list prices in won
     */
    currency: char('currency', { length: 3 }).notNull().default('KRW'),
    page: integer('page'),
    coverSUrl: text('cover_s_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // an ISBN is registered once per company: a second upload reports it instead of duplicating it
    uniqueIndex('company_books_company_isbn').on(t.companyIdx, t.isbn13),
    index('company_books_company_idx').on(t.companyIdx, t.idx),
    // the list's registration-day filter
    index('company_books_company_created').on(t.companyIdx, t.createdAt, t.idx),
    check('company_books_isbn13_digits', sql`${t.isbn13} ~ '^97[89][0-9]{10}$'`),
    check('company_books_list_price_positive', sql`${t.listPrice} >= 0`),
    check('company_books_page_positive', sql`${t.page} is null or ${t.page} >= 0`),
  ],
);
