import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { TCompanyAddressInput, TContactPersonInput, TCompanyUpdate, TNotificationSettings } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { companies, contactPersons, countries, customerAddresses } from '../../db/schema';

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

export function listAddresses(db: DbOrTx, companyIdx: number, start: number, length: number) {
  return db
    .select(addressColumns)
    .from(customerAddresses)
    .where(eq(customerAddresses.companyIdx, companyIdx))
    .orderBy(asc(customerAddresses.idx))
    .limit(length)
    .offset(start);
}

export function countAddresses(db: DbOrTx, companyIdx: number) {
  return db
    .select({ n: count() })
    .from(customerAddresses)
    .where(eq(customerAddresses.companyIdx, companyIdx))
    .then((r) => Number(r[0]?.n ?? 0));
}

export function findAddress(db: DbOrTx, companyIdx: number, idx: number) {
  return db
    .select(addressColumns)
    .from(customerAddresses)
    .where(and(eq(customerAddresses.companyIdx, companyIdx), eq(customerAddresses.idx, idx)))
    .limit(1)
    .then((r) => r[0]);
}

/** Clears the default flag of the company's other addresses (before one becomes the default). */
export async function clearDefaultAddress(db: DbOrTx, companyIdx: number, exceptIdx: number | null, now: Date) {
  const conds = [eq(customerAddresses.companyIdx, companyIdx), eq(customerAddresses.defaultYn, 'Y')];
  if (exceptIdx !== null) conds.push(ne(customerAddresses.idx, exceptIdx));
  await db
    .update(customerAddresses)
    .set({ defaultYn: '', updatedAt: now })
    .where(and(...conds));
}

export async function insertAddress(db: DbOrTx, companyIdx: number, v: TCompanyAddressInput, now: Date) {
  const [row] = await db
    .insert(customerAddresses)
    .values({ companyIdx, ...addressValues(v), createdAt: now, updatedAt: now })
    .returning({ idx: customerAddresses.idx });
  return row!.idx;
}

export async function updateAddress(db: DbOrTx, companyIdx: number, idx: number, v: TCompanyAddressInput, now: Date) {
  const rows = await db
    .update(customerAddresses)
    .set({ ...addressValues(v), updatedAt: now })
    .where(and(eq(customerAddresses.companyIdx, companyIdx), eq(customerAddresses.idx, idx)))
    .returning({ idx: customerAddresses.idx });
  return rows.length;
}

export function countOwnAddresses(db: DbOrTx, companyIdx: number, idxs: number[]) {
  return db
    .select({ n: count() })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.companyIdx, companyIdx), inArray(customerAddresses.idx, idxs)))
    .then((r) => Number(r[0]?.n ?? 0));
}

export async function deleteAddresses(db: DbOrTx, companyIdx: number, idxs: number[]) {
  const rows = await db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.companyIdx, companyIdx), inArray(customerAddresses.idx, idxs)))
    .returning({ idx: customerAddresses.idx });
  return rows.length;
}

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

export function listContacts(db: DbOrTx, companyIdx: number, start: number, length: number) {
  return db
    .select(contactColumns)
    .from(contactPersons)
    .where(eq(contactPersons.companyIdx, companyIdx))
    .orderBy(asc(contactPersons.idx))
    .limit(length)
    .offset(start);
}

export function countContacts(db: DbOrTx, companyIdx: number) {
  return db
    .select({ n: count() })
    .from(contactPersons)
    .where(eq(contactPersons.companyIdx, companyIdx))
    .then((r) => Number(r[0]?.n ?? 0));
}

export function findContact(db: DbOrTx, companyIdx: number, idx: number) {
  return db
    .select(contactColumns)
    .from(contactPersons)
    .where(and(eq(contactPersons.companyIdx, companyIdx), eq(contactPersons.idx, idx)))
    .limit(1)
    .then((r) => r[0]);
}

export async function insertContact(db: DbOrTx, companyIdx: number, v: TContactPersonInput, now: Date) {
  const [row] = await db
    .insert(contactPersons)
    .values({ companyIdx, ...contactValues(v), createdAt: now, updatedAt: now })
    .returning({ idx: contactPersons.idx });
  return row!.idx;
}

export async function updateContact(db: DbOrTx, companyIdx: number, idx: number, v: TContactPersonInput, now: Date) {
  const rows = await db
    .update(contactPersons)
    .set({ ...contactValues(v), updatedAt: now })
    .where(and(eq(contactPersons.companyIdx, companyIdx), eq(contactPersons.idx, idx)))
    .returning({ idx: contactPersons.idx });
  return rows.length;
}

export function countOwnContacts(db: DbOrTx, companyIdx: number, idxs: number[]) {
  return db
    .select({ n: count() })
    .from(contactPersons)
    .where(and(eq(contactPersons.companyIdx, companyIdx), inArray(contactPersons.idx, idxs)))
    .then((r) => Number(r[0]?.n ?? 0));
}

export async function deleteContacts(db: DbOrTx, companyIdx: number, idxs: number[]) {
  const rows = await db
    .delete(contactPersons)
    .where(and(eq(contactPersons.companyIdx, companyIdx), inArray(contactPersons.idx, idxs)))
    .returning({ idx: contactPersons.idx });
  return rows.length;
}
