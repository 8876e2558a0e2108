import { char, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

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
