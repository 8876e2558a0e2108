import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { TCompanyAddressInput, TContactPersonInput, TCompanyUpdate, TNotificationSettings } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { companies, contactPersons, countries, customerAddresses } from '../../db/schema';
import { countRows, listPage, type Paging } from '../../lib/lists';

// ------------------------------------------------------------ profile

export function findProfile(db: DbOrTx, companyIdx: number) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.idx, companyIdx))
    .limit(1)
    .then((r) => r[0]);
}

export async function updateProfile(db: DbOrTx, companyIdx: number, v: TCompanyUpdate, email: string, emailInvoice: string, now: Date) {
  await db
    .update(companies)
    .set({
      companyName: v.company_name,
      firstName: v.first_name,
      lastName: v.last_name,
      registrationNumber: v.registration_number,
      siteUrl: v.site_url,
      country: v.country,
      zipcode: v.zipcode,
      addressLine1: v.addressLine1,
      addressLine2: v.addressLine2,
      city: v.city,
      state: v.state,
      businessConditions: v.business_conditions,
      item: v.item,
      telephone: v.telephone,
      fax: v.fax,
      email,
      emailInvoice,
      updatedAt: now,
    })
    .where(eq(companies.idx, companyIdx));
}

export function countryExists(db: DbOrTx, code3: string) {
  return db
    .select({ idx: countries.idx })
    .from(countries)
    .where(eq(countries.code3, code3))
    .limit(1)
    .then((r) => r.length > 0);
}

// ------------------------------------------------------------ password

// ------------------------------------------------------------ notification mails (issue 18)

const notificationColumns = {
  notify_invoice: companies.notifyInvoice,
  notify_payment: companies.notifyPayment,
  notify_qna: companies.notifyQna,
  notify_statement: companies.notifyStatement,
  mail_language: companies.mailLanguage,
};

export function findNotificationSettings(db: DbOrTx, companyIdx: number) {
  return db
    .select(notificationColumns)
    .from(companies)
    .where(eq(companies.idx, companyIdx))
    .then((r) => r[0]);
}

export function updateNotificationSettings(db: DbOrTx, companyIdx: number, v: TNotificationSettings, now: Date) {
  return db
    .update(companies)
    .set({
      notifyInvoice: v.notify_invoice,
      notifyPayment: v.notify_payment,
      notifyQna: v.notify_qna,
      notifyStatement: v.notify_statement,
      mailLanguage: v.mail_language,
      updatedAt: now,
    })
    .where(eq(companies.idx, companyIdx))
    .returning(notificationColumns)
    .then((r) => r[0]);
}

/** Who gets a company's mails: its lists, its language and country, its switches (company.mail.ts). */
export function findMailTarget(db: DbOrTx, companyIdx: number) {
  return db
    .select({
      idx: companies.idx,
      id: companies.id,
      name: companies.companyName,
      email: companies.email,
      emailInvoice: companies.emailInvoice,
      mailLanguage: companies.mailLanguage,
      country: companies.country,
      notifyInvoice: companies.notifyInvoice,
      notifyPayment: companies.notifyPayment,
      notifyQna: companies.notifyQna,
      notifyStatement: companies.notifyStatement,
    })
    .from(companies)
    .where(eq(companies.idx, companyIdx))
    .limit(1)
    .then((r) => r[0]);
}

// ------------------------------------------------------------ addresses

const addressColumns = {
  customer_address_idx: customerAddresses.idx,
  company_idx: customerAddresses.companyIdx,
  address_name: customerAddresses.addressName,
  addressLine1: customerAddresses.addressLine1,
  addressLine2: customerAddresses.addressLine2,
  city: customerAddresses.city,
  state: customerAddresses.state,
  country: customerAddresses.country,
  zipcode: customerAddresses.zipcode,
  telephone: customerAddresses.telephone,
  fax: customerAddresses.fax,
  default_yn: customerAddresses.defaultYn,
};

const addressValues = (v: TCompanyAddressInput) => ({
  addressName: v.address_name,
  country: v.country,
  zipcode: v.zipcode,
  addressLine1: v.addressLine1,
  addressLine2: v.addressLine2,
  city: v.city,
  state: v.state,
  telephone: v.telephone,
  fax: v.fax,
  defaultYn: v.default_yn,
});

/** Clears the default flag of the company's other addresses (before one becomes the default). */
export async function clearDefaultAddress(db: DbOrTx, companyIdx: number, exceptIdx: number | null, now: Date) {
  const conds = [eq(customerAddresses.companyIdx, companyIdx), eq(customerAddresses.defaultYn, 'Y')];
  if (exceptIdx !== null) conds.push(ne(customerAddresses.idx, exceptIdx));
  await db
    .update(customerAddresses)
    .set({ defaultYn: '', updatedAt: now })
    .where(and(...conds));
}

/**
 * The company's own rows of a table keyed (idx, company_idx), as the settings screen lists and edits them
 * (addresses, contact persons): every statement filters on the caller's company.
 */
function ownedRows<V, C extends SelectedFields>(
  table: typeof customerAddresses | typeof contactPersons,
  columns: C,
  values: (v: V) => Record<string, unknown>,
) {
  // one of two tables of the same shape: drizzle's types take either through this view
  const t = table as typeof contactPersons;
  const fields = columns as SelectedFields;
  type Row = SelectResultFields<C>;
  const mine = (companyIdx: number, ...more: SQL[]) => and(eq(t.companyIdx, companyIdx), ...more);
  return {
    /** A page in idx order (oldest first) through lib/lists: the keys on (company_idx, idx), then the shown columns. */
    page(db: DbOrTx, companyIdx: number, paging: Paging) {
      const keys = sql`select ${t.idx} as idx from ${t} where ${t.companyIdx} = ${companyIdx}`;
      const shown = sql.join(
        Object.entries(fields).map(([name, col]) => sql`${col} as ${sql.identifier(name)}`),
        sql`, `,
      );
      return listPage<Row & { ord: number }>(
        db,
        {
          keys,
          order: sql`k.idx`,
          columns: sql`select page.ord, ${shown} from page join ${t} on ${t.companyIdx} = ${companyIdx} and ${t.idx} = page.idx`,
        },
        paging,
        () => countRows(db, keys),
      );
    },
    find: (db: DbOrTx, companyIdx: number, idx: number) =>
      db
        .select(fields)
        .from(t)
        .where(mine(companyIdx, eq(t.idx, idx)))
        .limit(1)
        .then((r) => r[0] as Row | undefined),
    async insert(db: DbOrTx, companyIdx: number, v: V, now: Date) {
      const row_ = { companyIdx, ...values(v), createdAt: now, updatedAt: now } as typeof t.$inferInsert;
      const [row] = await db.insert(t).values(row_).returning({ idx: t.idx });
      return row!.idx;
    },
    async update(db: DbOrTx, companyIdx: number, idx: number, v: V, now: Date) {
      const rows = await db
        .update(t)
        .set({ ...values(v), updatedAt: now })
        .where(mine(companyIdx, eq(t.idx, idx)))
        .returning({ idx: t.idx });
      return rows.length;
    },
    countOwn: (db: DbOrTx, companyIdx: number, idxs: number[]) =>
      db
        .select({ n: count() })
        .from(t)
        .where(mine(companyIdx, inArray(t.idx, idxs)))
        .then((r) => Number(r[0]?.n ?? 0)),
    async remove(db: DbOrTx, companyIdx: number, idxs: number[]) {
      const rows = await db
        .delete(t)
        .where(mine(companyIdx, inArray(t.idx, idxs)))
        .returning({ idx: t.idx });
      return rows.length;
    },
  };
}

export const addresses = ownedRows(customerAddresses, addressColumns, addressValues);

// ------------------------------------------------------------ contact persons

const contactColumns = {
  contact_person_idx: contactPersons.idx,
  company_idx: contactPersons.companyIdx,
  name: contactPersons.name,
  department: contactPersons.department,
  position: contactPersons.position,
  email: contactPersons.email,
  telephone: contactPersons.telephone,
  mobile: contactPersons.mobile,
};

const contactValues = (v: TContactPersonInput) => ({
  name: v.name,
  department: v.department,
  position: v.position,
  email: v.email,
  telephone: v.telephone,
  mobile: v.mobile,
});

export const contacts = ownedRows(contactPersons, contactColumns, contactValues);
