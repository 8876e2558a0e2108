// (issue 58) Roles and the role table, without zod, so that the web's shell can read them (`@portal/contract/access`).

/**
 * (addition, issue 58) The people of a company and what each may do. A company has users; each has one role of
 * this fixed set. The company's own login (spec §7 company/login with the company's id) is its first user, an owner.
 */
export const USER_ROLES = ['owner', 'accounting', 'editorial', 'viewer'] as const;
export type TUserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

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
