import { sql } from 'drizzle-orm';
import { bigserial, char, date, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './auth';

/** A copyright book of a company (spec §3 copyright book row). */
export const copyrightBooks = pgTable(
  'copyright_books',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    imgUrl: varchar('img_url', { length: 500 }).notNull().default(''),
    title: varchar('title', { length: 300 }).notNull(),
    isbn: varchar('isbn', { length: 13 }).notNull(),
    publicationDate: date('publication_date', { mode: 'string' }).notNull(),
    pageCount: integer('page_count').notNull().default(0),
    listPrice: numeric('list_price', { precision: 14, scale: 2 }).notNull(),
    /** currencies.name (KRW, USD, JPY, …) */
    currency: char('currency', { length: 3 }).notNull(),
    /** 'sale' (royalty on the sale price) or 'net' (on the net price) */
    payType: varchar('pay_type', { length: 4 }).notNull(),
    /** royalty rate in percent, e.g. 10.00 */
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('copyright_books_company_isbn').on(t.companyIdx, t.isbn),
    index('copyright_books_company_title').on(t.companyIdx, t.title, t.idx),
    index('copyright_books_company_pubdate').on(t.companyIdx, t.publicationDate),
  ],
);

/** A customer of the distributor that bought copyright books; country is a 3-letter code. */
export const royaltyCustomers = pgTable(
  'royalty_customers',
  {
    idx: serial('idx').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    country: char('country', { length: 3 }).notNull(),
  },
  (t) => [uniqueIndex('royalty_customers_name').on(t.name)],
);

/**
 * A royalty line: copies of a copyright book sold to a customer (spec §3 royalty row). Calculated
 * when buy_invoice_idx is set (spec §4). company_idx repeats the book's company so every query
 * filters on it directly.
 */
export const royaltyLines = pgTable(
  'royalty_lines',
  {
    idx: bigserial('idx', { mode: 'number' }).primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    bookIdx: integer('book_idx')
      .notNull()
      .references(() => copyrightBooks.idx, { onDelete: 'cascade' }),
    customerIdx: integer('customer_idx')
      .notNull()
      .references(() => royaltyCustomers.idx),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** sold copies: the only ones that earn royalty */
    qty: integer('qty').notNull(),
    sampleQty: integer('sample_qty').notNull().default(0),
    disuseQty: integer('disuse_qty').notNull().default(0),
    saleInfo: varchar('sale_info', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the buy invoice that settled this line (settlement domain); null = uncalculated */
    buyInvoiceIdx: integer('buy_invoice_idx'),
  },
  (t) => [
    // paging in title order walks books by title, then each book's lines by idx
    index('royalty_lines_book_idx').on(t.bookIdx, t.idx),
    index('royalty_lines_book_customer').on(t.bookIdx, t.customerIdx, t.idx),
    // a date-filtered export batch of one book reads only that book's lines of the range (issue 17)
    index('royalty_lines_book_created').on(t.bookIdx, t.createdAt, t.idx),
    index('royalty_lines_book_uncalculated')
      .on(t.bookIdx, t.idx)
      .where(sql`${t.buyInvoiceIdx} is null`),
    index('royalty_lines_company_created').on(t.companyIdx, t.createdAt),
    index('royalty_lines_company_customer').on(t.companyIdx, t.customerIdx, t.createdAt),
    index('royalty_lines_company_invoice').on(t.companyIdx, t.buyInvoiceIdx),
  ],
);
