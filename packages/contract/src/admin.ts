import { z } from 'zod';
import { UI_LANGUAGES } from './constants';

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

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_kind: z.enum(['operator', 'key', 'cli']),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  counts: z.record(z.string(), z.number()).nullable(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditList = z.object({ dataset: z.array(ZAuditEntry), total_cnt: z.number().int() });

/** The import kinds done so far (issue 15): `POST /api/admin/imports/{kind}`. */
export const IMPORT_KINDS = ['companies'] as const;
export const ZImportKind = z.enum(IMPORT_KINDS);
export type TImportKind = z.infer<typeof ZImportKind>;

export const ZImportKindParams = z.object({ kind: ZImportKind });

const ZBoolText = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const ZImportQuery = z.object({
  /** true: validate and count, write nothing */
  dryRun: ZBoolText,
  /** the language of the error messages (default: Accept-Language, else English) */
  lang: z.enum(UI_LANGUAGES).optional(),
});

export const ZImportTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const ZImportReport = z.object({
  kind: z.string(),
  dry_run: z.boolean(),
  /** false: nothing was written (a bad row, or a dry run) */
  committed: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** every bad row: its number as a spreadsheet shows it (the header is row 1), the column, the message */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type TImportReport = z.infer<typeof ZImportReport>;
