import { bigint, char, date, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './auth';

const sum = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull();

/**
 * An issued royalty statement (issue 18): one per company, period (a month or a quarter,
 * STATEMENT_PERIOD) and currency, numbered and immutable once issued (a trigger refuses updates);
 * a correction is a new version with a number of its own. Its PDF lives in the file store under
 * `storage_key`; `digest` is the hash of what it shows, so issuing again adds a version only when
 * the period's data changed.
 */
export const royaltyStatements = pgTable(
  'royalty_statements',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    /** '2026-10' (month) or '2026-Q4' (quarter) */
    period: varchar('period', { length: 7 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** last day of the period, inclusive (the royalty list's endDate) */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** currencies.name (KRW, USD, …) */
    currency: char('currency', { length: 3 }).notNull(),
    version: integer('version').notNull(),
    /** RS-<period>-<company>-<currency>-v<version>, e.g. RS-202610-000012-KRW-v1 */
    number: varchar('number', { length: 40 }).notNull(),
    /** the language it was written in (en, ko, es, zh, ja) */
    lang: varchar('lang', { length: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull(),
    sampleQty: bigint('sample_qty', { mode: 'number' }).notNull(),
    disuseQty: bigint('disuse_qty', { mode: 'number' }).notNull(),
    /** unsettled royalty of earlier lines, carried into the period */
    openingBalance: sum('opening_balance'),
    /** royalty of the period's lines (the royalty list's total for the period) */
    royalty: sum('royalty'),
    /** royalty of the period's lines settled on an invoice */
    settled: sum('settled'),
    /** opening + royalty − settled */
    closingBalance: sum('closing_balance'),
    digest: varchar('digest', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('royalty_statements_version').on(t.companyIdx, t.period, t.currency, t.version),
    uniqueIndex('royalty_statements_number').on(t.number),
    index('royalty_statements_company_period').on(t.companyIdx, t.periodStart.desc(), t.idx.desc()),
  ],
);
