import { sql } from 'drizzle-orm';
import { check, char, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { countries } from './common';

/**
 * A company's addresses (spec §3 company address). At most one default per company: the service
 * clears the old default in the same transaction, and a partial unique index guarantees it.
 * varchar lengths count characters in PostgreSQL, so 45 holds 45 Korean characters too.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    idx: serial('customer_address_idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    addressName: varchar('address_name', { length: 100 }).notNull(),
    country: char('country', { length: 3 })
      .notNull()
      .references(() => countries.code3),
    zipcode: varchar('zipcode', { length: 20 }).notNull(),
    addressLine1: varchar('address_line1', { length: 45 }).notNull(),
    addressLine2: varchar('address_line2', { length: 45 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    state: varchar('state', { length: 100 }).notNull().default(''),
    telephone: varchar('telephone', { length: 50 }).notNull(),
    fax: varchar('fax', { length: 50 }).notNull().default(''),
    /** 'Y' for the default address, '' otherwise (spec §3) */
    defaultYn: varchar('default_yn', { length: 1 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_company_idx').on(t.companyIdx, t.idx),
    uniqueIndex('customer_addresses_one_default')
      .on(t.companyIdx)
      .where(sql`${t.defaultYn} = 'Y'`),
    check('customer_addresses_default_yn', sql`${t.defaultYn} in ('Y', '')`),
  ],
);

/** A company's contact persons (addition: the screen needs them, spec §7 shows no call). */
export const contactPersons = pgTable(
  'company_contact_persons',
  {
    idx: serial('contact_person_idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    department: varchar('department', { length: 100 }).notNull().default(''),
    position: varchar('position', { length: 100 }).notNull().default(''),
    email: varchar('email', { length: 200 }).notNull(),
    telephone: varchar('telephone', { length: 50 }).notNull().default(''),
    mobile: varchar('mobile', { length: 50 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_contact_persons_company_idx').on(t.companyIdx, t.idx)],
);
