import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from './access';
import { jsonSearchValue, RANGE_IN_ORDER, sortQuery, ZDate, ZPaging } from './common';
import { charLength, COMPANY_MESSAGES, MAIL_LANGUAGES, newPassword } from './company';
import { LOGIN_ID_MAX, LOGIN_ID_MIN, LOGIN_ID_PATTERN } from './constants';

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
  'user.invite',
  'user.invitation_withdraw',
  'user.join',
  'two_step.enable',
  'two_step.disable',
  'two_step.policy',
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
// ---------------------------------------------------------------- invitations (addition, issue 58)

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;
/** The link's token: 32 random bytes as base64url (43 characters); anything longer is no token of ours. */
const ZInvitationToken = z.string().min(1).max(200);

const required = (max: number) =>
  z
    .string({ error: COMPANY_MESSAGES.required })
    .trim()
    .superRefine((s, ctx) => {
      if (s.length === 0) ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.required });
      else if (charLength(s) > max) ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.maxLength(max) });
    });
const EMAIL = z.email();

/** POST company/users/invitations: who is invited, with which role; the mail's language (else the company's mail language). */
export const ZInvitationCreate = z
  .object({
    email: required(320).refine((s) => s === '' || EMAIL.safeParse(s).success, { message: COMPANY_MESSAGES.email }),
    role: ZUserRole,
    name: z
      .string()
      .trim()
      .max(200, { message: COMPANY_MESSAGES.maxLength(200) })
      .optional()
      .default(''),
    language: z.enum(MAIL_LANGUAGES).optional(),
  })
  .strict();
export type TInvitationCreate = z.input<typeof ZInvitationCreate>;
export type TInvitationCreateBody = z.output<typeof ZInvitationCreate>;
export const ZInvitationCreated = z.object({ status: z.literal('success'), idx: z.number().int() });

/** A pending invitation (not accepted, not withdrawn, not expired) as the users screen lists it. */
export const ZInvitation = z.object({
  idx: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: ZUserRole,
  created_at: z.string(),
  expires_at: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationList = z.object({ dataset: z.array(ZInvitation), total_cnt: z.number().int() });
export type TInvitationList = z.infer<typeof ZInvitationList>;
export const ZInvitationParams = z.object({ invitation_idx: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ZInvitationTokenParams = z.object({ token: ZInvitationToken });

/** GET invitations/:token: what the accept page shows. */
export const ZInvitationInfo = z.object({
  company_name: z.string(),
  email: z.string(),
  role: ZUserRole,
  name: z.string(),
  language: z.enum(MAIL_LANGUAGES),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

/** An invited user's login id (constants.ts LOGIN_ID_*). */
const ZLoginId = z
  .string({ error: COMPANY_MESSAGES.required })
  .trim()
  .superRefine((s, ctx) => {
    let message: string | undefined;
    if (s.length === 0) message = COMPANY_MESSAGES.required;
    else if (s.length < LOGIN_ID_MIN) message = COMPANY_MESSAGES.minLength(LOGIN_ID_MIN);
    else if (s.length > LOGIN_ID_MAX) message = COMPANY_MESSAGES.maxLength(LOGIN_ID_MAX);
    else if (!LOGIN_ID_PATTERN.test(s)) message = 'loginIdChars';
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST invitations/:token/accept: the new user's login id, name and password (the password-change rules). */
export const ZInvitationAccept = z.object({ login_id: ZLoginId, name: required(200), password: newPassword() }).strict();
export type TInvitationAccept = z.infer<typeof ZInvitationAccept>;
