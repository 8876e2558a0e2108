import type { TImportReport } from '@portal/contract';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

type ImportRunReport = Omit<TImportReport, 'run_id'>;

/** A person of the distributor who runs the admin area (/api/admin/*): logs in with an id and an argon2id password. */
export const operators = pgTable('operators', {
  idx: serial('idx').primaryKey(),
  loginId: varchar('login_id', { length: 100 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** (issue 56) the operator's last login or call (kept to the minute: not a write on every call) */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  /** (issue 58) 2-step login (TOTP), as company_users holds it; ADMIN_REQUIRE_2FA makes it compulsory */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/**
 * An API key of the admin area (ERP jobs, the CLI over HTTP): shown once at creation, stored as
 * its SHA-256 only; one scope (`import`, `companies`, `content`); revocable.
 */
export const operatorKeys = pgTable(
  'operator_keys',
  {
    idx: serial('idx').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    scope: varchar('scope', { length: 20 }).notNull(),
    /** hex SHA-256 of the whole key */
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    /** the key's first characters, to tell keys apart in lists */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** the operator who created it; null when the CLI created it in-process */
    createdBy: integer('created_by').references(() => operators.idx, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('operator_keys_created_at').on(t.createdAt)],
);

/**
 * Every admin write: who (an operator, a key or the CLI), what, on what, with which counts, when. (issue 58) A
 * company's activity too (actor_kind `user`, company_idx set): its owners read the company's rows, operators all.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** operator | key | cli | user */
    actorKind: varchar('actor_kind', { length: 10 }).notNull(),
    /** the operator's login id, the key's name, the CLI user, or the company user's login id */
    actor: varchar('actor', { length: 100 }).notNull(),
    action: varchar('action', { length: 50 }).notNull(),
    target: varchar('target', { length: 200 }).notNull().default(''),
    counts: jsonb('counts').$type<Record<string, number>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** (issue 58) the company a user's action belongs to; null for the distributor's own actions */
    companyIdx: integer('company_idx'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_company_at').on(t.companyIdx, t.at)],
);

/**
 * (issue 15) Every import: who ran which file when, dry or not, committed or rejected, its counts and its
 * report (errors included, capped as lib/imports caps them).
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** operator | key | cli */
    actorKind: varchar('actor_kind', { length: 10 }).notNull(),
    actor: varchar('actor', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    dryRun: boolean('dry_run').notNull(),
    committed: boolean('committed').notNull(),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    report: jsonb('report').$type<ImportRunReport>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * (issue 56) imports run as jobs: queued | running | done (a report: committed or not) | failed (the job could
     * not finish: its process died, a server error; nothing of it was written)
     */
    status: varchar('status', { length: 10 }).notNull().default('done'),
    /** where a queued or running job is: queued | unpacking | reading | committing | finished */
    phase: varchar('phase', { length: 12 }).notNull().default('finished'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** last sign of life of a running job (its process writes it while it works; a stale one is a dead process) */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_runs_at').on(t.at)],
);
