import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { TMailKind } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { renderMail, type MailContext, type MailLocale, type MailTemplate, type RenderedMail } from './render';

export interface OutboxMail extends RenderedMail {
  /** what raised it (`invoice_new`, `password_reset`, …): the console's mail list filters by these */
  kind: TMailKind;
  /** the recipients; a mail with none is not written */
  to: string[];
  locale: MailLocale;
  companyIdx?: number;
  /** one event, one mail: a second enqueue with the same key is ignored */
  dedupeKey?: string;
  /** an attachment the worker resolves when sending (lib/mail/worker.ts) */
  attachment?: string;
}

/** Splits a comma-separated e-mail list (company.email, company.email_invoice). */
export function recipientList(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
}

/** Writes a mail into the outbox in the caller's transaction; undefined without recipient or with a used dedupe key. */
export async function enqueue(tx: DbOrTx, mail: OutboxMail): Promise<number | undefined> {
  if (!mail.to.length) return undefined;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      companyIdx: mail.companyIdx ?? null,
      dedupeKey: mail.dedupeKey ?? null,
      recipients: mail.to.join(','),
      locale: mail.locale,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachment: mail.attachment ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

/** A mail of a module's `template` in `locale`, linking to `path` of the portal, written to the outbox (enqueue). */
export function enqueueMail(
  tx: DbOrTx,
  ctx: MailContext,
  mail: Omit<OutboxMail, keyof RenderedMail> & { template: MailTemplate; values: Record<string, string>; path: string },
): Promise<number | undefined> {
  const { template, values, path, ...row } = mail;
  return enqueue(tx, { ...row, ...renderMail(template, mail.locale, values, ctx.publicUrl + path) });
}

export type ClaimedMail = typeof mailOutbox.$inferSelect;

const pending = (now: Date) =>
  and(
    isNull(mailOutbox.sentAt),
    isNull(mailOutbox.failedAt),
    or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
  );

/** Claims up to `limit` due mails until `leaseUntil` (FOR UPDATE SKIP LOCKED). */
export function claim(db: DbOrTx, worker: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(pending(now))
    .orderBy(sql`${mailOutbox.nextAttemptAt} asc nulls first`, asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: leaseUntil, lockedBy: worker, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Sent: never claimed again, whoever holds the lease now; the first record stays. */
export async function markSent(db: DbOrTx, id: number, now: Date) {
  await db
    .update(mailOutbox)
    .set({ sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** Extends this worker's lease of a row while it is being sent (a slow SMTP server, a database away meanwhile). */
export async function extendLease(db: DbOrTx, id: number, worker: string, until: Date) {
  await db
    .update(mailOutbox)
    .set({ lockedUntil: until })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.lockedBy, worker), isNull(mailOutbox.sentAt)));
}

/** A failed attempt: retried at `retryAt`, or given up (`retryAt` null). */
export async function markFailed(db: DbOrTx, id: number, worker: string, now: Date, error: string, retryAt: Date | null) {
  await db
    .update(mailOutbox)
    .set(retryAt ? { lockedUntil: null, nextAttemptAt: retryAt, lastError: error } : { lockedUntil: null, failedAt: now, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.lockedBy, worker)));
}

/** Without a transport: the due mails not yet logged, marked as logged (still pending for a later SMTP_URL). */
export function takeUnannounced(db: DbOrTx, now: Date, limit: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(pending(now), eq(mailOutbox.announced, false)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ announced: true })
    .where(inArray(mailOutbox.id, due))
    .returning({ id: mailOutbox.id, kind: mailOutbox.kind, subject: mailOutbox.subject });
}
