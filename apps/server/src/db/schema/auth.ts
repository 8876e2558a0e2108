import { sql } from 'drizzle-orm';
import type { TMailLanguage, TUserRole, TUserStatus } from '@portal/contract';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './admin';

const yn = (name: string) => char(name, { length: 1 }).notNull().default('N');

/** A company (publisher or author) that logs in to the portal: spec §3 company profile + session flags. */
export const companies = pgTable('companies', {
  idx: serial('idx').primaryKey(),
  id: varchar('id', { length: 100 }).notNull().unique(),
  companyName: varchar('company_name', { length: 200 }).notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull().default(''),
  lastName: varchar('last_name', { length: 100 }).notNull().default(''),
  registrationNumber: varchar('registration_number', { length: 50 }).notNull().default(''),
  siteUrl: varchar('site_url', { length: 300 }).notNull().default(''),
  country: char('country', { length: 3 }).notNull(),
  zipcode: varchar('zipcode', { length: 20 }).notNull().default(''),
  addressLine1: varchar('address_line1', { length: 45 }).notNull().default(''),
  addressLine2: varchar('address_line2', { length: 45 }).notNull().default(''),
  city: varchar('city', { length: 100 }).notNull().default(''),
  state: varchar('state', { length: 100 }).notNull().default(''),
  businessConditions: varchar('business_conditions', { length: 200 }).notNull().default(''),
  item: varchar('item', { length: 200 }).notNull().default(''),
  telephone: varchar('telephone', { length: 50 }).notNull().default(''),
  fax: varchar('fax', { length: 50 }).notNull().default(''),
  /** comma-separated list, as the spec sends it */
  email: text('email').notNull().default(''),
  emailInvoice: text('email_invoice').notNull().default(''),
  codeCompanyDivision: varchar('code_company_division', { length: 10 }).notNull(),
  buyRights: yn('buy_rights'),
  saleRights: yn('sale_rights'),
  saleInfoDisplay: yn('sale_info_display'),
  buyOnCredit: yn('buy_on_credit'),
  buyConsignment: yn('buy_consignment'),
  buyPrepayment: yn('buy_prepayment'),
  saleOnCredit: yn('sale_on_credit'),
  saleConsignment: yn('sale_consignment'),
  salePrepayment: yn('sale_prepayment'),
  /** the UI language last used (login, language switch): mails to the company are written in it */
  uiLanguage: varchar('ui_language', { length: 5 }).notNull().default('en'),
  /**
   * The language of the company's notification mails, chosen in its notification settings (en, ko, es, zh,
   * ja); null: the language of its country (ko for KOR, as its royalty statements are written).
   */
  mailLanguage: varchar('mail_language', { length: 5 }).$type<TMailLanguage>(),
  /** notification switches (company settings), default on */
  notifyInvoice: boolean('notify_invoice').notNull().default(true),
  notifyPayment: boolean('notify_payment').notNull().default(true),
  notifyQna: boolean('notify_qna').notNull().default(true),
  notifyStatement: boolean('notify_statement').notNull().default(true),
  /** (issue 58) set by an owner: every user of the company must log in with a second step (TOTP) */
  require2fa: boolean('require_2fa').notNull().default(false),
  /** (issue 15) false: deactivated by the distributor: it cannot log in and its sessions are refused */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Login credentials, apart from the profile so that no profile query can read a hash. */
export const companyCredentials = pgTable('company_credentials', {
  companyIdx: integer('company_idx')
    .primaryKey()
    .references(() => companies.idx, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** (issue 15) set by the distributor (initial or reset password): the company must change it before anything else */
  mustChange: boolean('must_change').notNull().default(false),
});

/**
 * (issue 58) The people who log in for a company, each with a role (contract roles.ts). The company's own login is
 * its first user (`company_login`, an owner, created with the company by the trigger of migration 0066): its id is
 * the company's id and its password stays in company_credentials (which the password change, the reset link and the
 * distributor's passwords write), so its `password_hash` here is null. `login_id` is unique over every user, and
 * since every company's id is its login user's, over the company ids too: the one login page finds one account.
 */
export const companyUsers = pgTable(
  'company_users',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    loginId: varchar('login_id', { length: 100 }).notNull().unique(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    email: varchar('email', { length: 320 }).notNull().default(''),
    role: varchar('role', { length: 16 }).$type<TUserRole>().notNull(),
    /** null for the company's login (company_credentials holds it) */
    passwordHash: text('password_hash'),
    status: varchar('status', { length: 16 }).$type<TUserStatus>().notNull().default('active'),
    companyLogin: boolean('company_login').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** (issue 58) the TOTP secret (RFC 6238, base32); enrolment is pending while totp_enabled_at is null */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** the time step of the last code accepted: a code of that step or an earlier one is refused (each code once) */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    index('company_users_company').on(t.companyIdx, t.idx),
    uniqueIndex('company_users_one_company_login')
      .on(t.companyIdx)
      .where(sql`${t.companyLogin}`),
    check('company_users_role', sql`${t.role} in ('owner', 'accounting', 'editorial', 'viewer')`),
    check('company_users_status', sql`${t.status} in ('active', 'suspended')`),
  ],
);

/**
 * A login session. Every token names its session (sid); logout and password changes revoke
 * sessions, so a token is valid only while its signature, expiry and session all hold.
 * (issue 56) An operator's login is a session here too, of an operator instead of a company (exactly one
 * of the two): the same revocation, checked on every call.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: uuid('sid').primaryKey(),
    /** the company of a company's session; null for an operator's */
    companyIdx: integer('company_idx').references(() => companies.idx, { onDelete: 'cascade' }),
    /** (issue 58) the user of a company's session (the migration gave the sessions before it the company's login user) */
    userIdx: integer('user_idx').references(() => companyUsers.idx, { onDelete: 'cascade' }),
    /** (issue 56) the operator of an operator's session; null for a company's */
    operatorIdx: integer('operator_idx').references(() => operators.idx, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** (issue 58) what the session list shows: the client's User-Agent (cut to 300), its address, the last call (to the minute) */
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** when the password was checked: a refresh carries it over, and none is granted SESSION_MAX_HOURS after it */
    loggedInAt: timestamp('logged_in_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_company_idx').on(t.companyIdx),
    index('sessions_operator_idx').on(t.operatorIdx),
    index('sessions_user_idx').on(t.userIdx),
    check('sessions_one_owner', sql`num_nonnulls(${t.companyIdx}, ${t.operatorIdx}) = 1`),
  ],
);

/**
 * (issue 58) An owner's invitation of a person to the company: the mail carries a single-use link, of which only the
 * SHA-256 is kept; valid until expires_at (72 hours), used once (accepted_at), or withdrawn by an owner (revoked_at).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    idx: serial('idx').primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    email: varchar('email', { length: 320 }).notNull(),
    name: varchar('name', { length: 200 }).notNull().default(''),
    role: varchar('role', { length: 16 }).$type<TUserRole>().notNull(),
    /** the language the mail was written in, and the accept page opens in */
    language: varchar('language', { length: 5 }).$type<TMailLanguage>().notNull().default('en'),
    /** hex SHA-256 of the link's token */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    invitedBy: integer('invited_by').references(() => companyUsers.idx, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUser: integer('accepted_user').references(() => companyUsers.idx, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('company_invitations_company').on(t.companyIdx, t.idx),
    check('company_invitations_role', sql`${t.role} in ('owner', 'accounting', 'editorial', 'viewer')`),
  ],
);

/**
 * (issue 58) The ten recovery codes of a user's (or an operator's) 2-step login, each kept as its SHA-256 and
 * usable once. Enrolling again replaces them.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userIdx: integer('user_idx').references(() => companyUsers.idx, { onDelete: 'cascade' }),
    operatorIdx: integer('operator_idx').references(() => operators.idx, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('recovery_codes_user').on(t.userIdx),
    index('recovery_codes_operator').on(t.operatorIdx),
    check('recovery_codes_one_owner', sql`num_nonnulls(${t.userIdx}, ${t.operatorIdx}) = 1`),
  ],
);

/**
 * Failed password checks, for throttling (modules/auth/throttle.ts): scope `login` counts per
 * (account, client) and per client; scope `settings` (the current-password checks of company
 * settings) per account, apart from the login.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: varchar('scope', { length: 16 }).notNull().default('login'),
    account: varchar('account', { length: 100 }).notNull(),
    /** the client key (lib/client-address.ts) */
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('login_failures_scope_ip_at').on(t.scope, t.ip, t.at),
    index('login_failures_scope_account_at').on(t.scope, t.account, t.at),
    index('login_failures_at').on(t.at),
  ],
);
