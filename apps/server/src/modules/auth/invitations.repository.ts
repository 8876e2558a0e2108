/** (issue 58) An owner's invitations of people to the company, and their acceptance. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TMailLanguage, TUserRole } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { companies, companyInvitations, companyUsers } from '../../db/schema';

/** Not accepted, not withdrawn, not expired at `now`. */
const live = (now: Date) =>
  and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, now));

export async function insertInvitation(
  tx: DbOrTx,
  v: {
    companyIdx: number;
    email: string;
    name: string;
    role: TUserRole;
    language: TMailLanguage;
    tokenHash: string;
    invitedBy: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(companyInvitations).values(v).returning({ idx: companyInvitations.idx });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.idx;
}

/** Withdraws the company's live invitations of an address (a new invitation replaces them: one working link a person). */
export async function revokeLiveInvitationsOf(tx: DbOrTx, companyIdx: number, email: string, now: Date) {
  await tx
    .update(companyInvitations)
    .set({ revokedAt: now })
    .where(and(eq(companyInvitations.companyIdx, companyIdx), sql`lower(${companyInvitations.email}) = lower(${email})`, live(now)));
}

/** Whether an active user of the company has this e-mail address (case-insensitive). */
export async function hasActiveUserWithEmail(db: DbOrTx, companyIdx: number, email: string) {
  const found = await db
    .select({ idx: companyUsers.idx })
    .from(companyUsers)
    .where(
      and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.status, 'active'), sql`lower(${companyUsers.email}) = lower(${email})`),
    )
    .limit(1);
  return found.length > 0;
}

/** The company's live invitations, oldest first (a company has a handful: no paging; `company_invitations_company` serves it). */
export function listLiveInvitations(db: DbOrTx, companyIdx: number, now: Date) {
  return db
    .select({
      idx: companyInvitations.idx,
      email: companyInvitations.email,
      name: companyInvitations.name,
      role: companyInvitations.role,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyIdx, companyIdx), live(now)))
    .orderBy(asc(companyInvitations.idx));
}

/** Withdraws one live invitation of the company; false when there is none (another company's, used, withdrawn, expired). */
export async function revokeInvitation(db: DbOrTx, companyIdx: number, idx: number, now: Date) {
  const done = await db
    .update(companyInvitations)
    .set({ revokedAt: now })
    .where(and(eq(companyInvitations.companyIdx, companyIdx), eq(companyInvitations.idx, idx), live(now)))
    .returning({ idx: companyInvitations.idx });
  return done.length > 0;
}

/** An invitation by its token's hash, with its company's name, whatever its state. */
export function findInvitation(db: DbOrTx, tokenHash: string) {
  return db
    .select({
      idx: companyInvitations.idx,
      companyIdx: companyInvitations.companyIdx,
      companyName: companies.companyName,
      email: companyInvitations.email,
      name: companyInvitations.name,
      role: companyInvitations.role,
      language: companyInvitations.language,
      expiresAt: companyInvitations.expiresAt,
      acceptedAt: companyInvitations.acceptedAt,
      revokedAt: companyInvitations.revokedAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.idx, companyInvitations.companyIdx))
    .where(eq(companyInvitations.tokenHash, tokenHash))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Spends a live invitation: one conditional update, so of two accepts at once only one gets the row (the other waits
 * for the first's transaction, then finds accepted_at set). Undefined when it was not live.
 */
export function spendInvitation(tx: DbOrTx, tokenHash: string, now: Date) {
  return tx
    .update(companyInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(companyInvitations.tokenHash, tokenHash), live(now)))
    .returning({
      idx: companyInvitations.idx,
      companyIdx: companyInvitations.companyIdx,
      email: companyInvitations.email,
      role: companyInvitations.role,
    })
    .then((r) => r[0]);
}

export async function setAcceptedUser(tx: DbOrTx, invitationIdx: number, userIdx: number) {
  await tx.update(companyInvitations).set({ acceptedUser: userIdx }).where(eq(companyInvitations.idx, invitationIdx));
}

/** Whether a login id is taken: a user's login id or a company's id (the one login page finds one account). */
export async function loginIdTaken(db: DbOrTx, loginId: string) {
  const [user] = await db.select({ idx: companyUsers.idx }).from(companyUsers).where(eq(companyUsers.loginId, loginId)).limit(1);
  if (user) return true;
  const [company] = await db.select({ idx: companies.idx }).from(companies).where(eq(companies.id, loginId)).limit(1);
  return company !== undefined;
}

export async function insertInvitedUser(
  tx: DbOrTx,
  v: { companyIdx: number; loginId: string; name: string; email: string; role: TUserRole; passwordHash: string; createdAt: Date },
) {
  const [row] = await tx
    .insert(companyUsers)
    .values({ ...v, status: 'active', companyLogin: false })
    .returning({ idx: companyUsers.idx });
  if (!row) throw new Error('user insert returned nothing');
  return row.idx;
}

/** The inviting user's name for the mail (its login id when it has no name). */
export function findInviter(db: DbOrTx, companyIdx: number, userIdx: number) {
  return db
    .select({ name: companyUsers.name, loginId: companyUsers.loginId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.idx, userIdx)))
    .limit(1)
    .then((r) => r[0]);
}
