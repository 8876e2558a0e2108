import { char, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  idx: serial('idx').primaryKey(),
  code2: char('code_2', { length: 2 }).notNull().unique(),
  code3: char('code_3', { length: 3 }).notNull().unique(),
  fullName: varchar('full_name', { length: 100 }).notNull(),
});

export const currencies = pgTable('currencies', {
  idx: serial('idx').primaryKey(),
  name: char('name', { length: 3 }).notNull().unique(),
  icon: varchar('icon', { length: 8 }).notNull(),
  /** ISO 4217 minor unit (0 for KRW and JPY, 2 for USD), from the contract's CURRENCY_TABLE (migration 'currency_minor_units') */
  minorUnit: smallint('minor_unit').notNull().default(2),
});

export const companyDivisions = pgTable('company_divisions', {
  idx: serial('idx').primaryKey(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
});

export const bisgCodes = pgTable('bisg_codes', {
  nodeId: varchar('node_id', { length: 20 }).primaryKey(),
  nodeName: varchar('node_name', { length: 200 }).notNull(),
});
