import { z } from 'zod';

/**
 * (addition, issue 58) The people of a company and what each may do. A company has users; each has one role of
 * this fixed set. The company's own login (spec §7 company/login with the company's id) is its first user, an owner.
 */
export const USER_ROLES = ['owner', 'accounting', 'editorial', 'viewer'] as const;
export const ZUserRole = z.enum(USER_ROLES);
export type TUserRole = z.infer<typeof ZUserRole>;

export const USER_STATUSES = ['active', 'suspended'] as const;
export const ZUserStatus = z.enum(USER_STATUSES);
export type TUserStatus = z.infer<typeof ZUserStatus>;

/**
 * The areas of the company API. Every company route declares one (route `config.area`, with `config.access` when a
 * POST only reads, e.g. a download); the auth plugin refuses a route without one (deny by default).
 * - session: login info, refresh, logout, UI language, lookups (countries, currencies, …): what renders the shell
 * - help: FAQ, files, notice, Q&A (reading, posting, replies, comments)
 * - dashboard: the dashboard's counters, charts and board
 * - settlement: invoices, payments, their PDFs, files and exports
 * - copyright: copyright books, royalties, statements and their exports
 * - product: bulk book upload (book lookup, upload, uploaded books)
 * - profile: company info, addresses, contact persons, notification settings, the company's password
 * - users: the company's users (list, role, suspend, remove)
 */
export const ACCESS_AREAS = ['session', 'help', 'dashboard', 'settlement', 'copyright', 'product', 'profile', 'users'] as const;
export type TAccessArea = (typeof ACCESS_AREAS)[number];
export type TAccessMode = 'read' | 'write';

const ALL: readonly TUserRole[] = USER_ROLES;
/**
 * The role table (the one place it is written): who may read and who may write in each area. A viewer reads what
 * accounting or editorial may read and writes nothing but the help boards (posting a question is for every user).
 */
export const ROLE_TABLE: Record<TAccessArea, Record<TAccessMode, readonly TUserRole[]>> = {
  session: { read: ALL, write: ALL },
  help: { read: ALL, write: ALL },
  dashboard: { read: ALL, write: ['owner'] },
  settlement: { read: ['owner', 'accounting', 'viewer'], write: ['owner', 'accounting'] },
  copyright: { read: ['owner', 'editorial', 'viewer'], write: ['owner', 'editorial'] },
  product: { read: ['owner', 'editorial', 'viewer'], write: ['owner', 'editorial'] },
  profile: { read: ALL, write: ['owner'] },
  users: { read: ['owner'], write: ['owner'] },
};

/** Whether a role may read or write in an area. */
export function roleMay(role: TUserRole, area: TAccessArea, mode: TAccessMode): boolean {
  return ROLE_TABLE[area][mode].includes(role);
}

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
