import { and, asc, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyCredentials, loginFailures, sessions } from '../../db/schema';

export function findCompanyById(db: DbOrTx, id: string) {
  return db
    .select({ company: companies, passwordHash: companyCredentials.passwordHash })
    .from(companies)
    .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, companies.idx))
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function findCompanyByIdx(db: DbOrTx, idx: number) {
  return db
    .select()
    .from(companies)
    .where(eq(companies.idx, idx))
    .limit(1)
    .then((r) => r[0]);
}

export function findPasswordHash(db: DbOrTx, companyIdx: number) {
  return db
    .select({ hash: companyCredentials.passwordHash })
    .from(companyCredentials)
    .where(eq(companyCredentials.companyIdx, companyIdx))
    .then((r) => r[0]?.hash);
}

export async function createSession(db: DbOrTx, s: { sid: string; companyIdx: number; expiresAt: Date; now: Date }) {
  await db.insert(sessions).values({ sid: s.sid, companyIdx: s.companyIdx, expiresAt: s.expiresAt, createdAt: s.now });
}

/** The live session behind a token, with its company's division; undefined when revoked or expired. */
export function findLiveSession(db: DbOrTx, sid: string, now: Date) {
  return db
    .select({
      companyIdx: sessions.companyIdx,
      id: companies.id,
      division: companies.codeCompanyDivision,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(companies, eq(companies.idx, sessions.companyIdx))
    .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1)
    .then((r) => r[0]);
}

export async function extendSession(db: DbOrTx, sid: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.sid, sid));
}

export async function revokeSession(db: DbOrTx, sid: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt)));
}

/** Revokes every session of the company except `keepSid` (e.g. after a password change). */
export async function revokeOtherSessions(db: DbOrTx, companyIdx: number, keepSid: string | null, now: Date) {
  const conds = [eq(sessions.companyIdx, companyIdx), isNull(sessions.revokedAt)];
  if (keepSid) conds.push(ne(sessions.sid, keepSid));
  await db.update(sessions).set({ revokedAt: now }).where(and(...conds));
}

export async function recordLoginFailure(db: DbOrTx, account: string, ip: string, at: Date) {
  await db.insert(loginFailures).values({ account, ip, at });
}

export async function clearLoginFailures(db: DbOrTx, account: string) {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}

export function countFailures(db: DbOrTx, column: 'account' | 'ip', value: string, since: Date) {
  const col = column === 'account' ? loginFailures.account : loginFailures.ip;
  return db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(col, value), gt(loginFailures.at, since)))
    .then((r) => Number(r[0]?.n ?? 0));
}

/** The time of the `offset`-th oldest failure in the window (0-based). */
export function nthFailureAt(db: DbOrTx, column: 'account' | 'ip', value: string, since: Date, offset: number) {
  const col = column === 'account' ? loginFailures.account : loginFailures.ip;
  return db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(col, value), gt(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at))
    .offset(offset)
    .limit(1)
    .then((r) => r[0]?.at);
}
