/** (issue 58) The users of a company: the owner's list and changes. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TUserRole, TUserStatus } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { companyUsers, sessions } from '../../db/schema';

/**
 * Every user of the company in the order they were added. A plain select, not lib/lists' listPage: a company has a
 * handful of users, so the list has no paging, filter, count query or index of its own (`company_users_company`
 * serves it).
 */
export function listUsers(db: DbOrTx, companyIdx: number) {
  return db
    .select({
      idx: companyUsers.idx,
      id: companyUsers.loginId,
      name: companyUsers.name,
      email: companyUsers.email,
      role: companyUsers.role,
      status: companyUsers.status,
      company_login: companyUsers.companyLogin,
      createdAt: companyUsers.createdAt,
      lastLoginAt: companyUsers.lastLoginAt,
    })
    .from(companyUsers)
    .where(eq(companyUsers.companyIdx, companyIdx))
    .orderBy(asc(companyUsers.idx));
}

/** The company's users locked until the transaction ends (of two owners changing users at once, one waits). */
export function lockUsers(tx: DbOrTx, companyIdx: number) {
  return tx
    .select({ idx: companyUsers.idx, role: companyUsers.role, status: companyUsers.status, companyLogin: companyUsers.companyLogin })
    .from(companyUsers)
    .where(eq(companyUsers.companyIdx, companyIdx))
    .orderBy(asc(companyUsers.idx))
    .for('update');
}

export async function updateUser(tx: DbOrTx, companyIdx: number, userIdx: number, set: { role?: TUserRole; status?: TUserStatus }) {
  await tx
    .update(companyUsers)
    .set(set)
    .where(and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.idx, userIdx)));
}

/** Removes a user; its sessions go with it (the foreign key cascades). */
export async function deleteUser(tx: DbOrTx, companyIdx: number, userIdx: number) {
  await tx.delete(companyUsers).where(and(eq(companyUsers.companyIdx, companyIdx), eq(companyUsers.idx, userIdx)));
}

/** Ends every session of a user (suspended: a later reactivation does not bring its old tokens back). */
export async function revokeUserSessions(tx: DbOrTx, userIdx: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userIdx, userIdx), isNull(sessions.revokedAt)));
}
