import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, companies, companyDivisions, countries, operatorKeys, operators } from '../../db/schema';

export function findOperatorByLoginId(db: DbOrTx, loginId: string) {
  return db
    .select()
    .from(operators)
    .where(eq(operators.loginId, loginId))
    .limit(1)
    .then((r) => r[0]);
}

export function findActiveOperator(db: DbOrTx, idx: number) {
  return db
    .select({ loginId: operators.loginId })
    .from(operators)
    .where(and(eq(operators.idx, idx), eq(operators.active, true)))
    .limit(1)
    .then((r) => r[0]);
}

export function insertOperator(db: DbOrTx, o: { loginId: string; name: string; passwordHash: string }) {
  return db
    .insert(operators)
    .values(o)
    .onConflictDoNothing({ target: operators.loginId })
    .returning({ idx: operators.idx })
    .then((r) => r[0]);
}

/** The unrevoked key of this hash, its last use set to `at` in the same statement. */
export function touchLiveKey(db: DbOrTx, keyHash: string, at: Date) {
  return db
    .update(operatorKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(operatorKeys.keyHash, keyHash), isNull(operatorKeys.revokedAt)))
    .returning({ keyIdx: operatorKeys.idx, name: operatorKeys.name, scope: operatorKeys.scope })
    .then((r) => r[0]);
}

const keyColumns = {
  idx: operatorKeys.idx,
  name: operatorKeys.name,
  scope: operatorKeys.scope,
  prefix: operatorKeys.prefix,
  createdAt: operatorKeys.createdAt,
  revokedAt: operatorKeys.revokedAt,
  lastUsedAt: operatorKeys.lastUsedAt,
};
export type KeyRow = {
  idx: number;
  name: string;
  scope: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

export function insertKey(
  db: DbOrTx,
  k: { name: string; scope: string; keyHash: string; prefix: string; createdBy: number | null; at: Date },
): Promise<KeyRow> {
  return db
    .insert(operatorKeys)
    .values({ name: k.name, scope: k.scope, keyHash: k.keyHash, prefix: k.prefix, createdBy: k.createdBy, createdAt: k.at })
    .returning(keyColumns)
    .then((r) => r[0]!);
}

export function listKeys(db: DbOrTx): Promise<KeyRow[]> {
  return db.select(keyColumns).from(operatorKeys).orderBy(desc(operatorKeys.createdAt), desc(operatorKeys.idx));
}

/** Revokes a key; the key as it is now, or undefined when there is no such key. */
export async function revokeKey(db: DbOrTx, idx: number, at: Date): Promise<KeyRow | undefined> {
  await db
    .update(operatorKeys)
    .set({ revokedAt: at })
    .where(and(eq(operatorKeys.idx, idx), isNull(operatorKeys.revokedAt)));
  return db
    .select(keyColumns)
    .from(operatorKeys)
    .where(eq(operatorKeys.idx, idx))
    .then((r) => r[0]);
}

export async function insertAudit(
  db: DbOrTx,
  e: { actorKind: string; actor: string; action: string; target: string; counts: Record<string, number> | null; at: Date },
) {
  await db.insert(auditLog).values(e);
}

export async function listAudit(db: DbOrTx, start: number, length: number) {
  const [rows, total] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(start).limit(length),
    db
      .select({ n: count() })
      .from(auditLog)
      .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return { rows, total };
}

export async function countryCodes(db: DbOrTx) {
  return new Set((await db.select({ c: countries.code3 }).from(countries)).map((r) => r.c));
}
export async function divisionCodes(db: DbOrTx) {
  return new Set((await db.select({ c: companyDivisions.code }).from(companyDivisions)).map((r) => r.c));
}

const COMPANY_IMPORT_FIELDS = [
  'companyName',
  'country',
  'codeCompanyDivision',
  'firstName',
  'lastName',
  'registrationNumber',
  'siteUrl',
  'zipcode',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'telephone',
  'fax',
  'email',
  'emailInvoice',
  'buyRights',
  'saleRights',
  'saleInfoDisplay',
  'buyOnCredit',
  'buyConsignment',
  'buyPrepayment',
  'saleOnCredit',
  'saleConsignment',
  'salePrepayment',
] as const satisfies readonly (keyof typeof companies.$inferInsert)[];
export type CompanyImportValues = { id: string } & { [K in (typeof COMPANY_IMPORT_FIELDS)[number]]: string };

/** Creates the companies whose login id is new, updates those that differ, counts the rest unchanged. */
export async function upsertCompanies(db: DbOrTx, values: CompanyImportValues[]) {
  const existing = new Map(
    (
      await db
        .select()
        .from(companies)
        .where(
          inArray(
            companies.id,
            values.map((v) => v.id),
          ),
        )
    ).map((c) => [c.id, c]),
  );
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const fresh = values.filter((v) => !existing.has(v.id));
  if (fresh.length) await db.insert(companies).values(fresh);
  counts.created = fresh.length;
  for (const v of values) {
    const old = existing.get(v.id);
    if (!old) continue;
    if (COMPANY_IMPORT_FIELDS.every((f) => String(old[f]).trimEnd() === v[f])) {
      counts.unchanged++;
      continue;
    }
    await db
      .update(companies)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(companies.idx, old.idx));
    counts.updated++;
  }
  return counts;
}
