// Tables of the settlement domain (issue 3): buy invoices sent to a company and payments it made.
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { currencies } from './common';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull();

/** A payment the company made to the distributor (spec §3 buy payment). */
export const buyPayments = pgTable(
  'buy_payments',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    /** depositor name */
    dName: varchar('d_name', { length: 100 }).notNull(),
    /** deposit date */
    dDate: date('d_date', { mode: 'string' }).notNull(),
    currencyIdx: integer('currency_idx')
      .notNull()
      .references(() => currencies.idx),
    dPayment: money('d_payment'),
    /** credit_card, check, cash, remittance */
    dType: varchar('d_type', { length: 20 }).notNull(),
    dTypeInfo: varchar('d_type_info', { length: 200 }).notNull().default(''),
    dComment: text('d_comment').notNull().default(''),
    /** the distributor's employee who registered it */
    employeeName: varchar('employee_name', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buy_payments_company_date').on(t.companyIdx, t.dDate, t.idx)],
);

/**
 * An invoice sent to the company (spec §3 buy invoice). `amount` is the sum of its lines, kept
 * here so lists never aggregate; `buy_payment_idx` null means unpaid (spec §4).
 * `created_day` is the registration day in the business time zone: lists sort and filter on it.
 */
export const buyInvoices = pgTable(
  'buy_invoices',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    code: varchar('code', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** KOR or USA */
    issuer: char('issuer', { length: 3 }).notNull(),
    /** P created, S sent, R refunded */
    state: char('state', { length: 1 }).notNull().default('P'),
    /** prepayment, onCredit, consignment, fulfillment, warehouse, copyright */
    item: varchar('item', { length: 20 }).notNull(),
    currencyIdx: integer('currency_idx')
      .notNull()
      .references(() => currencies.idx),
    amount: money('amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdDay: date('created_day', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    buyPaymentIdx: integer('buy_payment_idx').references(() => buyPayments.idx, { onDelete: 'set null' }),
    /** any change after a PDF was stored makes the PDF stale (regenerated on the next download) */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buy_invoices_company_code').on(t.companyIdx, t.code),
    // the list order (created_day desc, idx desc) and its day filter; item lets the order-type
    // filter be checked in the index
    index('buy_invoices_company_day').on(t.companyIdx, t.createdDay, t.idx, t.item),
    index('buy_invoices_payment')
      .on(t.buyPaymentIdx)
      .where(sql`${t.buyPaymentIdx} is not null`),
    // the dashboard's unpaid counter: an index-only count of the company's unpaid invoices
    index('buy_invoices_company_unpaid')
      .on(t.companyIdx, t.idx)
      .where(sql`${t.buyPaymentIdx} is null`),
  ],
);

/**
 * The lines of an invoice, in its currency. `amount` is what the line costs in all; for invoices
 * issued from KOR it is supply value + VAT (10 %, none on an exempt line), as on a Korean tax
 * invoice; for USA-issued ones supply_amount = amount and vat_amount = 0.
 */
export const buyInvoiceLines = pgTable(
  'buy_invoice_lines',
  {
    idx: serial('idx').primaryKey(),
    buyInvoiceIdx: integer('buy_invoice_idx')
      .notNull()
      .references(() => buyInvoices.idx, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: varchar('description', { length: 300 }).notNull(),
    qty: integer('qty').notNull(),
    unitPrice: money('unit_price'),
    amount: money('amount'),
    /** supply value (공급가액) */
    supplyAmount: numeric('supply_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** VAT (세액) */
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** a VAT-exempt line (면세): vat_amount is 0 */
    vatExempt: boolean('vat_exempt').notNull().default(false),
  },
  (t) => [uniqueIndex('buy_invoice_lines_invoice_line').on(t.buyInvoiceIdx, t.lineNo)],
);

/** What a payment covered: the amount it applied to each invoice. */
export const buyPaymentInvoices = pgTable(
  'buy_payment_invoices',
  {
    buyPaymentIdx: integer('buy_payment_idx')
      .notNull()
      .references(() => buyPayments.idx, { onDelete: 'cascade' }),
    buyInvoiceIdx: integer('buy_invoice_idx')
      .notNull()
      .references(() => buyInvoices.idx, { onDelete: 'cascade' }),
    amount: money('amount'),
  },
  (t) => [primaryKey({ columns: [t.buyPaymentIdx, t.buyInvoiceIdx] }), index('buy_payment_invoices_invoice').on(t.buyInvoiceIdx)],
);

/**
 * Invoice counts per company, day and item, kept by statement-level triggers on buy_invoices
 * (migration 'settlement_counts'). With the month table below they give exact totals and let a
 * deep page start from the right day instead of skipping a million rows.
 */
export const buyInvoiceDayCounts = pgTable(
  'buy_invoice_day_counts',
  {
    companyIdx: integer('company_idx').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    item: varchar('item', { length: 20 }).notNull(),
    cnt: integer('cnt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyIdx, t.day, t.item] })],
);

export const buyInvoiceMonthCounts = pgTable(
  'buy_invoice_month_counts',
  {
    companyIdx: integer('company_idx').notNull(),
    /** first day of the month */
    month: date('month', { mode: 'string' }).notNull(),
    item: varchar('item', { length: 20 }).notNull(),
    cnt: integer('cnt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyIdx, t.month, t.item] })],
);

/**
 * Invoice count and amount per company, day, item and currency, and per month: kept by
 * statement-level triggers on buy_invoices (migration 0015 'invoice_sums_triggers'), like the count tables
 * above. The per-currency totals of a filter are read from them (whole months + edge days) instead
 * of summing every matching invoice, so a company with 1M invoices costs about what one with 10k does.
 */
export const buyInvoiceDaySums = pgTable(
  'buy_invoice_day_sums',
  {
    companyIdx: integer('company_idx').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    item: varchar('item', { length: 20 }).notNull(),
    currencyIdx: integer('currency_idx').notNull(),
    cnt: integer('cnt').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyIdx, t.day, t.item, t.currencyIdx] })],
);

export const buyInvoiceMonthSums = pgTable(
  'buy_invoice_month_sums',
  {
    companyIdx: integer('company_idx').notNull(),
    /** first day of the month */
    month: date('month', { mode: 'string' }).notNull(),
    item: varchar('item', { length: 20 }).notNull(),
    currencyIdx: integer('currency_idx').notNull(),
    cnt: integer('cnt').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyIdx, t.month, t.item, t.currencyIdx] })],
);
