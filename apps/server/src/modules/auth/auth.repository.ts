import { and, count, eq, gt, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyCredentials, companyUsers, loginFailures, passwordResetTokens, sessions } from '../../db/schema';

/** The company of a company id (password reset: the link goes to the company, for its own login). */
export function findCompanyById(db: DbOrTx, id: string) {
  return db
    .select({ company: companies, passwordHash: companyCredentials.passwordHash })
    .from(companies)
    .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, companies.idx))
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * (issue 58) The account a login id names: a user of a company, with the company and the password hash to check (the
 * company's own login user's password is the company's, in company_credentials, with its must-change).
 */
export function findLoginAccount(db: DbOrTx, loginId: string) {
  return db
    .select({
      company: companies,
      user: {
        idx: companyUsers.idx,
        loginId: companyUsers.loginId,
        name: companyUsers.name,
        role: companyUsers.role,
        status: companyUsers.status,
        companyLogin: companyUsers.companyLogin,
        totpSecret: companyUsers.totpSecret,
        totpEnabledAt: companyUsers.totpEnabledAt,
      },
      passwordHash: sql<
        string | null
      >`case when ${companyUsers.companyLogin} then ${companyCredentials.passwordHash} else ${companyUsers.passwordHash} end`,
      mustChange: sql<boolean>`coalesce(${companyUsers.companyLogin} and ${companyCredentials.mustChange}, false)`.mapWith(Boolean),
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.idx, companyUsers.companyIdx))
    .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, companies.idx))
    .where(eq(companyUsers.loginId, loginId))
    .limit(1)
    .then((r) => r[0]);
}

/** (issue 58) A user of a company as loginInfo shows it. */
export function findLoginUser(db: DbOrTx, companyIdx: number, userIdx: number) {
  return db
    .select({
      idx: companyUsers.idx,
      id: companyUsers.loginId,
      name: companyUsers.name,
      role: companyUsers.role,
      two_step: sql<boolean>`${companyUsers.totpEnabledAt} is not null`.mapWith(Boolean),
    })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.idx, userIdx)))
    .limit(1)
    .then((r) => r[0]);
}

/** (issue 58) When the user last logged in. */
export async function touchLastLogin(db: DbOrTx, userIdx: number, at: Date) {
  await db.update(companyUsers).set({ lastLoginAt: at }).where(eq(companyUsers.idx, userIdx));
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

export async function createSession(
  db: DbOrTx,
  s: {
    sid: string;
    companyIdx: number;
    userIdx: number;
    expiresAt: Date;
    now: Date;
    loggedInAt?: Date;
    /** (issue 58) the client, as the session list shows it */
    client: SessionClient;
  },
) {
  await db.insert(sessions).values({
    sid: s.sid,
    companyIdx: s.companyIdx,
    userIdx: s.userIdx,
    expiresAt: s.expiresAt,
    createdAt: s.now,
    loggedInAt: s.loggedInAt ?? s.now,
    userAgent: s.client.userAgent.slice(0, 300),
    ip: s.client.ip.slice(0, 64),
  });
}

/** (issue 58) The client of a session: its User-Agent and address at login. */
export interface SessionClient {
  userAgent: string;
  ip: string;
}

/** Revokes a live session; when its password was checked, or undefined when it was not live. */
export function revokeLiveSession(db: DbOrTx, sid: string, now: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({
      companyIdx: sessions.companyIdx,
      userIdx: sessions.userIdx,
      loggedInAt: sessions.loggedInAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .then((r) => r[0]);
}

/**
 * The live session behind a token with its company's division, its user's role and must-change; undefined if revoked,
 * expired, its company inactive or its user suspended or removed (issue 58).
 */
export function findLiveSession(db: DbOrTx, sid: string, now: Date) {
  return db
    .select({
      // the company's (an operator's session has none, and the inner join leaves it out)
      companyIdx: companies.idx,
      id: companies.id,
      division: companies.codeCompanyDivision,
      userIdx: companyUsers.idx,
      loginId: companyUsers.loginId,
      role: companyUsers.role,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      // the distributor's password is the company's login's: only its user must change it
      mustChangePassword: sql<boolean>`coalesce(${companyUsers.companyLogin} and ${companyCredentials.mustChange}, false)`.mapWith(Boolean),
      // (issue 58) the company requires 2-step login and this user has not set it up (yet)
      twoStepSetupRequired: sql<boolean>`(${companies.require2fa} and ${companyUsers.totpEnabledAt} is null)`.mapWith(Boolean),
    })
    .from(sessions)
    .innerJoin(companies, eq(companies.idx, sessions.companyIdx))
    .innerJoin(companyUsers, and(eq(companyUsers.idx, sessions.userIdx), eq(companyUsers.companyIdx, sessions.companyIdx)))
    .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, sessions.companyIdx))
    .where(
      and(
        eq(sessions.sid, sid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(companies.active, true),
        eq(companyUsers.status, 'active'),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

/** (issue 58) Records a session's last call, unless one after `unlessAfter` is recorded (kept to the minute). */
export async function touchSession(db: DbOrTx, sid: string, at: Date, unlessAfter: Date) {
  await db
    .update(sessions)
    .set({ lastUsedAt: at })
    .where(and(eq(sessions.sid, sid), or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, unlessAfter))));
}

/** (issue 58) The user's live sessions, the last used first. */
export function listUserSessions(db: DbOrTx, userIdx: number, now: Date) {
  return db
    .select({
      sid: sessions.sid,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      loggedInAt: sessions.loggedInAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userIdx, userIdx), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(sql`coalesce(${sessions.lastUsedAt}, ${sessions.loggedInAt}) desc`, sessions.sid);
}

/**
 * (issue 58) Ends live sessions of one user: the one `sid`, or every one but `keepSid`. The sessions ended, by id
 * (empty: none of the user's was live).
 */
export async function endUserSessions(db: DbOrTx, userIdx: number, which: { sid: string } | { keepSid: string }, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userIdx, userIdx),
        isNull(sessions.revokedAt),
        'sid' in which ? eq(sessions.sid, which.sid) : ne(sessions.sid, which.keepSid),
      ),
    )
    .returning({ sid: sessions.sid });
  return rows.map((r) => r.sid);
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

export type FailureScope = 'login' | 'settings' | 'reset';

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

/** A client's failures in a scope since `since`: count and latest, for the client and for its pair with `account`. */
export function clientFailures(db: DbOrTx, scope: FailureScope, account: string, ip: string, since: Date, clientSince = since) {
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
    .where(and(eq(loginFailures.scope, scope), eq(loginFailures.ip, ip), gt(loginFailures.at, since)))
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

/** Stores a password the company chose (which ends any must-change); answers whether the company has credentials. */
export async function setPasswordHash(db: DbOrTx, companyIdx: number, passwordHash: string, now: Date) {
  const rows = await db
    .update(companyCredentials)
    .set({ passwordHash, passwordChangedAt: now, mustChange: false })
    .where(eq(companyCredentials.companyIdx, companyIdx))
    .returning({ companyIdx: companyCredentials.companyIdx });
  return rows.length > 0;
}

/** (issue 15) A password set by the distributor (initial or reset): created or replaced, to be changed at the next login. */
export async function setInitialPassword(db: DbOrTx, companyIdx: number, passwordHash: string, now: Date) {
  await db
    .insert(companyCredentials)
    .values({ companyIdx, passwordHash, passwordChangedAt: now, mustChange: true })
    .onConflictDoUpdate({ target: companyCredentials.companyIdx, set: { passwordHash, passwordChangedAt: now, mustChange: true } });
}

/** The UI language the company used last (mails are written in it). */
export async function setUiLanguage(db: DbOrTx, companyIdx: number, language: string) {
  await db
    .update(companies)
    .set({ uiLanguage: language })
    .where(and(eq(companies.idx, companyIdx), ne(companies.uiLanguage, language)));
}

// ------------------------------------------------------------ password reset tokens

export async function insertResetToken(
  db: DbOrTx,
  t: { tokenHash: string; companyIdx: number; client: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(t);
}

/** Reset links mailed to a company since `since`: in all, and those asked for by `client`. */
export function countResetTokens(db: DbOrTx, companyIdx: number, client: string, since: Date) {
  return db
    .select({
      all: count(),
      client: sql<number>`count(*) filter (where ${passwordResetTokens.client} = ${client})`.mapWith(Number),
    })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.companyIdx, companyIdx), gt(passwordResetTokens.createdAt, since)))
    .then((r) => ({ all: Number(r[0]?.all ?? 0), client: Number(r[0]?.client ?? 0) }));
}

/** A token known, unused and unexpired at `now`. */
const liveToken = (tokenHash: string, now: Date) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

/** Spends a live token and answers its company; one UPDATE, so of two requests one wins. */
export function spendResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveToken(tokenHash, now))
    .returning({ companyIdx: passwordResetTokens.companyIdx })
    .then((r) => r[0]?.companyIdx);
}

/** Whether a token is live (known, unused, unexpired), without spending it. */
export async function isLiveResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const found = await db
    .select({ companyIdx: passwordResetTokens.companyIdx })
    .from(passwordResetTokens)
    .where(liveToken(tokenHash, now))
    .limit(1);
  return found.length > 0;
}

/** Spends every other live token of the company (a password set by one link ends the others). */
export async function spendCompanyResetTokens(db: DbOrTx, companyIdx: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.companyIdx, companyIdx), isNull(passwordResetTokens.usedAt)));
}

/** (issue 58) An owner's switch: every user of the company must use 2-step login. */
export async function setRequire2fa(db: DbOrTx, companyIdx: number, require2fa: boolean) {
  await db.update(companies).set({ require2fa }).where(eq(companies.idx, companyIdx));
}

/** (issue 58) The password hash of a user (the company's own login's is the company's). */
export function findUserPasswordHash(db: DbOrTx, companyIdx: number, userIdx: number) {
  return db
    .select({
      hash: sql<
        string | null
      >`case when ${companyUsers.companyLogin} then ${companyCredentials.passwordHash} else ${companyUsers.passwordHash} end`,
      loginId: companyUsers.loginId,
    })
    .from(companyUsers)
    .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, companyUsers.companyIdx))
    .where(and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.idx, userIdx)))
    .limit(1)
    .then((r) => r[0]);
}
