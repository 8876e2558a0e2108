import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './auth';

/**
 * Mails to send (lib/mail): written in the same transaction as the event that causes them, delivered
 * by the worker of any server process. A row is claimed with `FOR UPDATE SKIP LOCKED` and leased
 * (`locked_until`): a process that dies mid-send leaves a lease that runs out, and another claim
 * retries the row. The rendered subject and bodies are stored, so delivery needs no template.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** what raised it: one of the contract's MAIL_KINDS */
    kind: varchar('kind', { length: 40 }).notNull(),
    companyIdx: integer('company_idx').references(() => companies.idx, { onDelete: 'cascade' }),
    /** one event raises one mail: e.g. `invoice_new:123` (a second raise of it is ignored) */
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    /** comma-separated recipients */
    recipients: text('recipients').notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** an attachment the worker fetches when sending (e.g. `invoice_pdf:123`); null = none */
    attachment: varchar('attachment', { length: 200 }),
    attempts: smallint('attempts').notNull().default(0),
    /** null = due now; set after a failed attempt (backoff) */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** the lease of the worker that claimed it; null or past = free to claim */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 64 }),
    lastError: text('last_error'),
    /** shown in the log (no SMTP_URL): it stays in the outbox and is sent once a transport is configured */
    announced: boolean('announced').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** gave up after the last attempt */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * (issue 56) the random part of the Message-ID (`<outbox-<id>.<uuid>@<host>>`): the same for every attempt at
     * this row, never the same in another installation or after a restore (where ids are handed out again)
     */
    messageUuid: uuid('message_uuid').notNull().defaultRandom(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe').on(t.dedupeKey),
    // the worker's claim: pending rows in order of their next attempt
    index('mail_outbox_pending')
      .on(t.nextAttemptAt.asc().nullsFirst(), t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // (issue 57) the console's mail list, newest first (an admin list: no owner); and one company's mails (its filter)
    index('mail_outbox_created').on(t.createdAt, t.id),
    index('mail_outbox_company_created').on(t.companyIdx, t.createdAt, t.id),
  ],
);

/** Forgotten-password links: only a SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    companyIdx: integer('company_idx')
      .notNull()
      .references(() => companies.idx, { onDelete: 'cascade' }),
    /** (issue 56) the client key (lib/client-address.ts) that asked for it: links are capped per (company, client) */
    client: varchar('client', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_company_created').on(t.companyIdx, t.createdAt)],
);
