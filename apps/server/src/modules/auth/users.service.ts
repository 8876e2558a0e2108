/** (issue 58) An owner's management of the company's users: list, role, suspend / reactivate, remove. */
import type { TCompanyUserList, TCompanyUserUpdate, TUserRole, TUserStatus } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordActivity, type ActivityEntry } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { AuthService } from './auth.service';
import * as repo from './users.repository';

export interface UsersDeps {
  db: Db;
  now: () => Date;
  auth: Pick<AuthService, 'forgetUser'>;
}

const lastOwner = () =>
  new AppError(409, 'LAST_OWNER', 'The company needs an active owner: the last one cannot be removed, suspended or given another role.');
const companyLogin = () =>
  new AppError(409, 'COMPANY_LOGIN_USER', "The company's own login cannot be removed (it can be suspended or given another role).");

interface UserState {
  idx: number;
  role: TUserRole;
  status: TUserStatus;
}
const activeOwners = (users: UserState[]) => users.filter((u) => u.role === 'owner' && u.status === 'active').length;

export function createUsersService({ db, now, auth }: UsersDeps) {
  return {
    async list(companyIdx: number): Promise<TCompanyUserList> {
      const rows = await repo.listUsers(db, companyIdx);
      const dataset = rows.map(({ createdAt, lastLoginAt, ...u }) => ({
        ...u,
        created_at: createdAt.toISOString(),
        last_login_at: lastLoginAt ? lastLoginAt.toISOString() : null,
      }));
      return { dataset, total_cnt: dataset.length };
    },

    /** A new role and/or status; 409 LAST_OWNER when no active owner would be left. Takes effect on the user's next call. */
    async update(companyIdx: number, userIdx: number, change: TCompanyUserUpdate, activity?: ActivityEntry) {
      await db.transaction(async (tx) => {
        const users = await repo.lockUsers(tx, companyIdx);
        const target = users.find((u) => u.idx === userIdx);
        if (!target) throw notFound();
        const after = users.map((u) => (u.idx === userIdx ? { ...u, ...change } : u));
        if (activeOwners(users) > 0 && activeOwners(after) === 0) throw lastOwner();
        await repo.updateUser(tx, companyIdx, userIdx, change);
        if (change.status === 'suspended' && target.status !== 'suspended') await repo.revokeUserSessions(tx, userIdx, now());
        await recordActivity(tx, activity, now());
      });
      auth.forgetUser(userIdx);
      return { status: 'success' as const };
    },

    /** Removes a user and ends its sessions; not the company's login, not the last active owner (409). */
    async remove(companyIdx: number, userIdx: number, activity?: ActivityEntry) {
      await db.transaction(async (tx) => {
        const users = await repo.lockUsers(tx, companyIdx);
        const target = users.find((u) => u.idx === userIdx);
        if (!target) throw notFound();
        if (activeOwners(users) > 0 && activeOwners(users.filter((u) => u.idx !== userIdx)) === 0) throw lastOwner();
        if (target.companyLogin) throw companyLogin();
        await repo.deleteUser(tx, companyIdx, userIdx);
        await recordActivity(tx, activity, now());
      });
      auth.forgetUser(userIdx);
      return { status: 'success' as const };
    },
  };
}
