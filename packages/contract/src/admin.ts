import { z } from 'zod';
import { jsonSearchValue, RANGE_IN_ORDER, sortQuery, ZDate, ZListResponse, ZPaging, type TSort } from './common';
import { PASSWORD_MIN_LENGTH, UI_LANGUAGES } from './constants';

/**
 * (addition, issue 15) The distributor's admin area under /api/admin: operators log in, create
 * scoped API keys for jobs, and every write is recorded in the audit log.
 */

/** What an operator API key may do: each admin route names the one scope it needs. */
export const OPERATOR_KEY_SCOPES = ['import', 'companies', 'content'] as const;
export const ZOperatorKeyScope = z.enum(OPERATOR_KEY_SCOPES);
export type TOperatorKeyScope = z.infer<typeof ZOperatorKeyScope>;

/** Operator API keys: this prefix and 43 base64url characters (32 random bytes). */
export const OPERATOR_KEY_PREFIX = 'ppk_';

export const ZAdminLoginBody = z.object({
  id: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  /** (issue 58) an operator with 2-step login: its code or a recovery code (401 TWO_STEP_REQUIRED without) */
  otp: z.string().trim().min(1).max(20).optional(),
});
export type TAdminLoginBody = z.infer<typeof ZAdminLoginBody>;

export const ZOperatorKeyCreateBody = z.object({
  name: z.string().trim().min(1).max(100),
  scope: ZOperatorKeyScope,
});
export type TOperatorKeyCreateBody = z.infer<typeof ZOperatorKeyCreateBody>;

export const ZOperatorKey = z.object({
  idx: z.number().int(),
  name: z.string(),
  scope: ZOperatorKeyScope,
  /** the key's first characters, to tell keys apart */
  prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type TOperatorKey = z.infer<typeof ZOperatorKey>;

/** The answer to a key's creation: the only time the whole key is shown. */
export const ZOperatorKeyCreated = ZOperatorKey.extend({ key: z.string() });
export type TOperatorKeyCreated = z.infer<typeof ZOperatorKeyCreated>;

export const ZOperatorKeyList = z.object({ dataset: z.array(ZOperatorKey), total_cnt: z.number().int() });

export const ZOperatorKeyIdxParams = z.object({
  idx: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** (issue 56) An operator of the admin area, as the operator list shows it. */
export const ZOperator = z.object({
  idx: z.number().int(),
  login_id: z.string(),
  name: z.string(),
  /** false: deactivated (cannot log in; every session of it ended) */
  active: z.boolean(),
  created_at: z.string(),
  /** the last login or call, to the minute; null: never */
  last_used_at: z.string().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZOperatorList = z.object({ dataset: z.array(ZOperator), total_cnt: z.number().int() });
export type TOperatorList = z.infer<typeof ZOperatorList>;

export const ZOperatorIdxParams = z.object({
  idx: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_kind: z.enum(['operator', 'key', 'cli', 'user']),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  counts: z.record(z.string(), z.number()).nullable(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditList = z.object({ dataset: z.array(ZAuditEntry), total_cnt: z.number().int() });

/**
 * (issue 59) The actions the audit log records, as the console names them in its language (`admin:audit.actions.*`);
 * an import's entry is `import.<kind>` (IMPORT_KINDS), a payment import's adjustment `import.payments.adjustment`.
 */
export const AUDIT_ACTIONS = [
  'company.create',
  'company.update',
  'company.email',
  'company.email_invoice',
  'company.password',
  'company.deactivate',
  'company.reactivate',
  'operator.create',
  'operator.deactivate',
  'operator.reactivate',
  'key.create',
  'key.revoke',
] as const;

/**
 * (issue 57) The audit log's filter: the actions starting with `action` (`company.` for every company write,
 * `company.create` for one), the entries of one `actor` (an operator's login id, a key's name, the CLI user),
 * (issue 59) the changes of one `company` (its login id: the `company.*` entries whose target it is), and the
 * days startDate…endDate in the business time zone.
 */
export const ZAuditFilter = z
  .object({
    action: z.string().trim().max(50).optional(),
    actor: z.string().trim().max(100).optional(),
    company: z.string().trim().max(100).optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
  })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TAuditFilter = z.infer<typeof ZAuditFilter>;
/** (issue 59) The audit log's order: by time, newest first by default. */
export const AUDIT_SORTS = ['at'] as const;
export const AUDIT_SORT_DEFAULT: TSort<(typeof AUDIT_SORTS)[number]> = { key: 'at', dir: 'desc' };
export const ZAuditListQuery = ZPaging.extend({ search_value: jsonSearchValue(ZAuditFilter), ...sortQuery(AUDIT_SORTS) });

/**
 * (issue 57) The mails the portal raises (mail_outbox.kind), each by its module's `<domain>.mail.ts`; lib/mail's
 * `enqueue` takes only these, so the console's filter offers every kind there is.
 */
export const MAIL_KINDS = [
  'password_reset',
  'invitation',
  'account_changed',
  'invoice_new',
  'payment_registered',
  'qna_reply',
  'statement_ready',
] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];
/** A mail's state: pending (neither sent nor given up: queued or retrying), sent, or failed (given up after the last attempt). */
export const MAIL_STATES = ['pending', 'sent', 'failed'] as const;
export type TMailState = (typeof MAIL_STATES)[number];

/**
 * (issue 57) The console's mail outbox filter: a `state`, a `kind`, the mails of one `company` (its login id, exact),
 * a `recipient` address containing the text (case-insensitive), and the days startDate…endDate of their creation in
 * the business time zone.
 */
export const ZMailFilter = z
  .object({
    state: z.enum(MAIL_STATES).optional(),
    kind: z.enum(MAIL_KINDS).optional(),
    company: z.string().trim().max(100).optional(),
    recipient: z.string().trim().max(200).optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
  })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TMailFilter = z.infer<typeof ZMailFilter>;
/** The outbox's order: by creation, newest first by default. */
export const MAIL_SORTS = ['created_at'] as const;
export const MAIL_SORT_DEFAULT: TSort<(typeof MAIL_SORTS)[number]> = { key: 'created_at', dir: 'desc' };
export const ZMailListQuery = ZPaging.extend({ search_value: jsonSearchValue(ZMailFilter), ...sortQuery(MAIL_SORTS) });

/** A mail as the console lists it: never its body nor its attachment; the last error cut to 300 characters. */
export const ZMailRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** a MAIL_KINDS value (a string: a row of an older kind is still listed) */
  kind: z.string(),
  /** the company's login id and name; null for a mail of no company */
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  /** comma-separated, as sent */
  recipients: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type TMailRow = z.infer<typeof ZMailRow>;
export const ZMailList = ZListResponse(ZMailRow);
export type TMailList = z.infer<typeof ZMailList>;

/**
 * The import kinds (issue 15): `POST /api/admin/imports/{kind}`. Each is declared by its domain module
 * (columns, row rules, natural key, SQL) and registered in modules/admin/import-kinds.ts.
 */
export const IMPORT_KINDS = [
  'companies',
  'invoices',
  'payments',
  'copyright-books',
  'royalty-customers',
  'royalty-lines',
  'notices',
  'faq',
  'help-files',
] as const;
export const ZImportKind = z.enum(IMPORT_KINDS);
export type TImportKind = z.infer<typeof ZImportKind>;

export const ZImportKindParams = z.object({ kind: ZImportKind });

const ZBoolText = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A CSV's encoding (issue 56): auto detects it (a BOM, else UTF-8 or CP949 from its first non-ASCII bytes); euc-kr reads CP949. */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'utf-16', 'euc-kr'] as const;
export type TImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const ZImportQuery = z.object({
  /** true: validate and count, write nothing */
  dryRun: ZBoolText,
  /** the CSV's encoding (default auto); ignored for XLSX */
  encoding: z.enum(IMPORT_ENCODINGS).default('auto'),
  /** the language of the error messages (default: Accept-Language, else English) */
  lang: z.enum(UI_LANGUAGES).optional(),
});

export const ZImportTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const ZImportReport = z.object({
  kind: z.string(),
  /** the run in the import history (`GET /api/admin/import-runs/{id}`); null when none was recorded */
  run_id: z.number().int().nullable(),
  dry_run: z.boolean(),
  /** false: nothing was written (a bad row, or a dry run) */
  committed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /**
   * every bad cell of every row, up to IMPORT_MAX_ERRORS (those of the lowest rows): its row number as a spreadsheet
   * shows it (the header is row 1), the column, the message
   */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** (issue 59) the errors found beyond the listed ones; absent or 0: every error is listed */
  errors_not_listed: z.number().int().optional(),
});
export type TImportReport = z.infer<typeof ZImportReport>;

/**
 * An import runs as a job (issue 56): queued, running, then done (its report says whether it was committed)
 * or failed (it could not finish: its process stopped, a server error; nothing of it was written).
 */
export const IMPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** Where a run is: queued, unpacking (a zip), reading (rows read, checked and written in batches), committing, finished. */
export const IMPORT_RUN_PHASES = ['queued', 'unpacking', 'reading', 'committing', 'finished'] as const;

/** One import in the history: who ran which file when, where its job is, and what came of it (the report is kept). */
export const ZImportRun = z.object({
  id: z.number().int(),
  kind: z.string(),
  actor_kind: z.enum(['operator', 'key', 'cli', 'user']),
  actor: z.string(),
  file_name: z.string(),
  dry_run: z.boolean(),
  committed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error_count: z.number().int(),
  /** when the upload was received and the run queued */
  at: z.string(),
  status: z.enum(IMPORT_RUN_STATUSES),
  phase: z.enum(IMPORT_RUN_PHASES),
  /** rows read from the file so far (the final count once finished) */
  rows_read: z.number().int(),
  /** rows written so far: created, updated or found unchanged (a dry run counts what it would write) */
  rows_written: z.number().int(),
  finished_at: z.string().nullable(),
});
export type TImportRun = z.infer<typeof ZImportRun>;
export type TImportRunStatus = TImportRun['status'];
export const ZImportRunList = z.object({ dataset: z.array(ZImportRun), total_cnt: z.number().int() });
/** A run with its report: null until it is finished (poll `GET /api/admin/import-runs/{id}`). */
export const ZImportRunDetail = ZImportRun.extend({ report: ZImportReport.nullable() });
export type TImportRunDetail = z.infer<typeof ZImportRunDetail>;
export const ZImportRunIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// ---------------------------------------------------------------- companies (scope `companies`)

/** A company as the admin area lists it. */
export const ZAdminCompany = z.object({
  idx: z.number().int(),
  id: z.string(),
  company_name: z.string(),
  country: z.string(),
  code_company_division: z.string(),
  email: z.string(),
  /** false: deactivated (cannot log in; its sessions were ended) */
  active: z.boolean(),
  /** true: the password was set by the distributor and must be changed at the next login */
  must_change_password: z.boolean(),
  /** false: imported without a password (cannot log in until one is set) */
  has_password: z.boolean(),
  created_at: z.string(),
});
export type TAdminCompany = z.infer<typeof ZAdminCompany>;
export const ZAdminCompanyList = z.object({ dataset: z.array(ZAdminCompany), total_cnt: z.number().int() });

/** (issue 59) The companies' orders: registration (the default, newest first), login id, name. */
export const ADMIN_COMPANY_SORTS = ['created_at', 'id', 'company_name'] as const;
export type TAdminCompanySortKey = (typeof ADMIN_COMPANY_SORTS)[number];
export const ADMIN_COMPANY_SORT_DEFAULT: TSort<TAdminCompanySortKey> = { key: 'created_at', dir: 'desc' };
export const ZAdminCompanyListQuery = z.object({
  /** part of the login id or the company name */
  search: z.string().trim().max(100).optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  length: z.coerce.number().int().min(1).max(100).default(20),
  ...sortQuery(ADMIN_COMPANY_SORTS),
});

export const ZAdminCompanyIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** An initial or reset password (the company's own rule: spec §5); the company must change it at its next login. */
export const ZAdminPassword = z.string().min(PASSWORD_MIN_LENGTH).max(200);

export const ZAdminCompanyCreateBody = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/),
  company_name: z.string().trim().min(1).max(200),
  /** ISO 3166 alpha-3 */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase()),
  code_company_division: z.string().trim().min(1).max(10).default('AUT'),
  email: z.string().trim().max(1000).default(''),
  password: ZAdminPassword,
});
export type TAdminCompanyCreateBody = z.infer<typeof ZAdminCompanyCreateBody>;

export const ZAdminPasswordBody = z.object({ password: ZAdminPassword });

/** (issue 59) An import report lists at most this many errors (the lowest rows'); it counts the rest. */
export const IMPORT_MAX_ERRORS = 500;
