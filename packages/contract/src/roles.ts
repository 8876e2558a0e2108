import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from './access';
import { jsonSearchValue, RANGE_IN_ORDER, sortQuery, ZDate, ZPaging } from './common';

export * from './access';

export const ZUserRole = z.enum(USER_ROLES);
export const ZUserStatus = z.enum(USER_STATUSES);

/** The user behind a token, beside the company's fields in loginInfo. */
export const ZLoginUser = z.object({
  idx: z.number().int(),
  id: z.string(),
  name: z.string(),
  role: ZUserRole,
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

/** (issue 58) One live session of the user (GET company/sessions): where and when it logged in and was last used. */
export const ZUserSession = z.object({
  /** the session's id, to end it (DELETE company/sessions/{id}) */
  id: z.string(),
  /** the browser's User-Agent at login (up to 300 characters) */
  user_agent: z.string(),
  /** the client's address at login */
  ip: z.string(),
  /** ISO timestamps: the login (kept across token refreshes) and the last call (to the minute; null: none since login) */
  logged_in_at: z.string(),
  last_used_at: z.string().nullable(),
  /** true: the session of the token that asks */
  current: z.boolean(),
});
export type TUserSession = z.infer<typeof ZUserSession>;
export const ZUserSessionList = z.object({ dataset: z.array(ZUserSession), total_cnt: z.number().int() });
export type TUserSessionList = z.infer<typeof ZUserSessionList>;
export const ZUserSessionParams = z.object({ id: z.string().uuid() });
/** (issue 58) Sessions ended by DELETE company/sessions[/{id}]. */
export const ZEndedSessions = z.object({ status: z.literal('success'), ended: z.number().int() });

/**
 * (issue 58) What a company's activity log records (route `config.activity`): who changed the profile (its e-mail
 * lists included), notification settings, password, addresses, contact persons, users, and who downloaded exports.
 */
export const COMPANY_ACTIVITY_ACTIONS = [
  'profile.update',
  'notifications.update',
  'password.change',
  'address.create',
  'address.update',
  'address.delete',
  'contact.create',
  'contact.update',
  'contact.delete',
  'user.update',
  'user.remove',
  'export.invoices',
  'export.payments',
  'export.copyright_books',
  'export.royalty',
] as const;
export type TCompanyActivityAction = (typeof COMPANY_ACTIVITY_ACTIONS)[number];

/** (issue 58) The activity log's filter: actions starting with `action`, one user's (`actor`, a login id), days. */
export const ZActivityFilter = z
  .object({
    action: z.string().trim().max(50).optional(),
    actor: z.string().trim().max(100).optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
  })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TActivityFilter = z.infer<typeof ZActivityFilter>;
export const ZActivityListQuery = ZPaging.extend({ search_value: jsonSearchValue(ZActivityFilter), ...sortQuery(['at'] as const) });
