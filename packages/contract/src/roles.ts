import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from './access';

export * from './access';

export const ZUserRole = z.enum(USER_ROLES);
export const ZUserStatus = z.enum(USER_STATUSES);

/** The user behind a token, beside the company's fields in loginInfo. */
export const ZLoginUser = z.object({
  idx: z.number().int(),
  id: z.string(),
  name: z.string(),
  role: ZUserRole,
  /** (issue 58) the user's 2-step login is on */
  two_step: z.boolean(),
});
export type TLoginUser = z.infer<typeof ZLoginUser>;

/** One user of the company as an owner sees it (GET company/users). */
export const ZCompanyUser = z.object({
  idx: z.number().int(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZUserRole,
  status: ZUserStatus,
  /** true: the company's own login (its id and password; password reset and the distributor's passwords apply to it) */
  company_login: z.boolean(),
  created_at: z.string(),
  /** ISO timestamp of the last login, null when never */
  last_login_at: z.string().nullable(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUser>;

export const ZCompanyUserList = z.object({ dataset: z.array(ZCompanyUser), total_cnt: z.number().int() });
export type TCompanyUserList = z.infer<typeof ZCompanyUserList>;

export const ZCompanyUserParams = z.object({ user_idx: z.coerce.number().int().min(1).max(2_147_483_647) });

/** An owner's change of a user: its role, or suspend (`suspended`) / reactivate (`active`); at least one. */
export const ZCompanyUserUpdate = z
  .object({ role: ZUserRole.optional(), status: ZUserStatus.optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.status !== undefined, { message: 'role or status is required', path: ['role'] });
export type TCompanyUserUpdate = z.infer<typeof ZCompanyUserUpdate>;
