import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bisgCodes, companies, companyDivisions, countries, currencies } from '../../db/schema';

export const listCountries = (db: DbOrTx) =>
  db
    .select({ idx: countries.idx, code_2: countries.code2, code_3: countries.code3, full_name: countries.fullName })
    .from(countries)
    .orderBy(asc(countries.fullName));

export const listCurrencies = (db: DbOrTx) =>
  db.select({ idx: currencies.idx, name: currencies.name, icon: currencies.icon }).from(currencies).orderBy(asc(currencies.idx));

export const listCompanyDivisions = (db: DbOrTx) =>
  db
    .select({ idx: companyDivisions.idx, code: companyDivisions.code, name: companyDivisions.name })
    .from(companyDivisions)
    .orderBy(asc(companyDivisions.idx));

export const listBisgCodes = (db: DbOrTx) =>
  db.select({ nodeId: bisgCodes.nodeId, nodeName: bisgCodes.nodeName }).from(bisgCodes).orderBy(asc(bisgCodes.nodeId));

/** Which of these login ids exist as companies of `division`. */
export const existingLoginIds = async (db: DbOrTx, ids: string[], division: string) =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(inArray(companies.id, ids), eq(companies.codeCompanyDivision, division)))
  ).map((r) => r.id);
