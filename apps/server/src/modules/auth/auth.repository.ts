import { and, count, eq, gt, isNull, lt, max, ne, sql } from 'drizzle-orm';
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

export async function createSession(db: DbOrTx, s: { sid: string; companyIdx: number; expiresAt: Date; now: Date; loggedInAt?: Date }) {
  await db
    .insert(sessions)
    .values({ sid: s.sid, companyIdx: s.companyIdx, expiresAt: s.expiresAt, createdAt: s.now, loggedInAt: s.loggedInAt ?? s.now });
}

/**
 * Revokes a live session and answers when its password was checked; undefined when it was not
 * live (already revoked, e.g. by a concurrent refresh of the same token, or expired).
 */
export function revokeLiveSession(db: DbOrTx, sid: string, now: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ companyIdx: sessions.companyIdx, loggedInAt: sessions.loggedInAt })
    .then((r) => r[0]);
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

export async function revokeSession(db: DbOrTx, sid: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt)));
}

/** Revokes every session of the company except `keepSid` (e.g. after a password change). */
export async function revokeOtherSessions(db: DbOrTx, companyIdx: number, keepSid: string | null, now: Date) {
  const conds = [eq(sessions.companyIdx, companyIdx), isNull(sessions.revokedAt)];
  if (keepSid) conds.push(ne(sessions.sid, keepSid));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conds));
}

export type FailureScope = 'login' | 'settings';

export async function recordFailure(db: DbOrTx, f: { scope: FailureScope; account: string; ip: string; at: Date }) {
  await db.insert(loginFailures).values(f);
}

/** Forgets the failures of one (account, client) pair in a scope (after a right password from it). */
export async function clearPairFailures(db: DbOrTx, scope: FailureScope, account: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.scope, scope), eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
}

/** Forgets an account's failures in a scope (a right current password in company settings). */
export async function clearAccountFailures(db: DbOrTx, scope: FailureScope, account: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.scope, scope), eq(loginFailures.account, account)));
}

/** Deletes failures older than `before` (nothing is counted that far back). */
export async function pruneFailures(db: DbOrTx, before: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

/**
 * The login failures of one client since `since` (one indexed range): how many and the latest,
 * for the client as a whole and for its pair with `account`, and how many since `clientSince`.
 */
export function clientFailures(db: DbOrTx, account: string, ip: string, since: Date, clientSince: Date) {
  const pair = sql`${loginFailures.account} = ${account}`;
  const recent = sql`${loginFailures.at} > ${clientSince}`;
  return db
    .select({
      clientCount: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
      clientLast: sql<Date | null>`max(${loginFailures.at}) filter (where ${recent})`.mapWith(loginFailures.at),
      pairCount: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
      pairLast: sql<Date | null>`max(${loginFailures.at}) filter (where ${pair})`.mapWith(loginFailures.at),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.scope, 'login'), eq(loginFailures.ip, ip), gt(loginFailures.at, since)))
    .then((r) => r[0] ?? { clientCount: 0, clientLast: null, pairCount: 0, pairLast: null });
}

/** An account's failures in a scope since `since`: how many and the latest. */
export function accountFailures(db: DbOrTx, scope: FailureScope, account: string, since: Date) {
  return db
    .select({ count: count(), last: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.scope, scope), eq(loginFailures.account, account), gt(loginFailures.at, since)))
    .then((r) => ({ count: Number(r[0]?.count ?? 0), last: r[0]?.last ?? null }));
}
