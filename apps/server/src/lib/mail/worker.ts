import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { claim, extendLease, markFailed, markSent, takeUnannounced, type ClaimedMail } from './outbox';

/** One message handed to the transport. */
export interface OutgoingMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** stable per outbox row and unique: a receiver recognises a retry */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The first wait before recording a sent mail again when the database did not answer, doubling up to the second. */
const RECORD_RETRY_MS = 250;
const RECORD_RETRY_MAX_MS = 5_000;

/** Mails of one batch sent at once (and SMTP connections kept open). */
const SEND_CONCURRENCY = 4;

/** nodemailer over SMTP_URL with a small pool of kept-open connections. */
export function smtpTransport(url: string, timeoutMs = 20_000): MailTransport {
  // nodemailer is loaded with the first message, not at start (docs/decisions/lazy-heavy-modules.md)
  let pool: Promise<Transporter> | undefined;
  const transport = () =>
    (pool ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: SEND_CONCURRENCY,
        // bounded well within the worker's lease: a stuck server never makes two processes send one message
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  return {
    async send(m) {
      await (
        await transport()
      ).sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
        attachments: m.attachments,
      });
    },
    close: () => void pool?.then((t) => t.close()).catch(() => undefined), // a pool that never opened has nothing to close
  };
}

/** Resolves a stored attachment reference (e.g. `invoice_pdf:12`) when a mail is sent; undefined = send without it. */
export type AttachmentResolver = (ref: string) => Promise<{ filename: string; content: Buffer; contentType: string } | undefined>;

export interface MailWorkerOptions {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** absent (no SMTP_URL): mails stay in the outbox and are shown in the log at info level, subject only */
  transport?: MailTransport;
  from: string;
  /** the host part of Message-IDs */
  messageIdHost?: string;
  attachments?: AttachmentResolver;
  /** how often the outbox is looked at (ms) */
  pollMs?: number;
  /** how long a claimed mail is this worker's alone; a crash mid-send is retried after it */
  leaseMs?: number;
  maxAttempts?: number;
  batch?: number;
}

/** Backoff after the nth failed attempt: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export interface MailWorker {
  /** polls the outbox every pollMs until stop() */
  start(): void;
  /** delivers everything due now, in batches, and answers how many were sent */
  flush(): Promise<number>;
  /** finishes the batch in progress, then stops polling and closes the transport */
  stop(): Promise<void>;
}

/** The delivery worker of one process; any number share a database (SKIP LOCKED under a lease). */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const { db, now, log, transport } = opts;
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 5_000;
  const leaseMs = opts.leaseMs ?? 120_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const batch = opts.batch ?? 20;
  const host = opts.messageIdHost ?? 'publisher-portal';
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // one round at a time in this process (the poll and a flush share it)
  let running: Promise<number> = Promise.resolve(0);

  /** Records a row as sent, retrying while the database is away, up to the lease time (then logged as maybe sent twice). */
  async function recordSent(row: ClaimedMail, sentAt: Date) {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        await markSent(db, row.id, sentAt);
        return;
      } catch (err) {
        if (Date.now() - started > leaseMs) {
          log.error({ mailId: row.id, err: err instanceof Error ? err.message : String(err) }, 'mail sent but not recorded as sent');
          return;
        }
        await sleep(Math.min(RECORD_RETRY_MS * 2 ** attempt, RECORD_RETRY_MAX_MS));
      }
    }
  }

  async function deliver(row: ClaimedMail): Promise<boolean> {
    const at = now();
    // the lease is extended while this row is in hand, so no other process claims it meanwhile
    const renew = setInterval(() => {
      void extendLease(db, row.id, id, new Date(now().getTime() + leaseMs)).catch(() => undefined);
    }, leaseMs / 4);
    renew.unref();
    try {
      try {
        const attachment = row.attachment && opts.attachments ? await opts.attachments(row.attachment) : undefined;
        await transport!.send({
          from: opts.from,
          to: row.recipients.split(','),
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          messageId: `<outbox-${row.id}.${row.messageUuid}@${host}>`,
          attachments: attachment ? [attachment] : undefined,
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = row.attempts >= maxAttempts ? null : new Date(at.getTime() + retryDelayMs(row.attempts));
        await markFailed(db, row.id, id, at, message.slice(0, 1000), retryAt).catch(() => undefined);
        log.warn({ mailId: row.id, kind: row.kind, attempt: row.attempts, retryAt, err: message }, 'mail not delivered');
        return false;
      }
      // sent: a failure from here on is the database's, never a reason to send again
      await recordSent(row, now());
      log.info({ mailId: row.id, kind: row.kind }, 'mail sent');
      return true;
    } finally {
      clearInterval(renew);
    }
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const at = now();
      if (!transport) {
        const shown = await takeUnannounced(db, at, batch);
        for (const m of shown) log.info({ mailId: m.id, kind: m.kind, subject: m.subject }, 'mail kept in the outbox (no SMTP_URL)');
        return 0;
      }
      const rows = await claim(db, id, at, new Date(at.getTime() + leaseMs), batch);
      // a few at a time: the claim made them this worker's alone
      for (let i = 0; i < rows.length; i += SEND_CONCURRENCY) {
        const done = await Promise.all(rows.slice(i, i + SEND_CONCURRENCY).map(deliver));
        sent += done.filter(Boolean).length;
      }
      if (rows.length < batch || stopped) return sent;
    }
  }

  const flush = () => (running = running.then(round, round));

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void flush()
        .catch((err: unknown) => log.error({ err }, 'mail outbox round failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!timer && !stopped) schedule();
    },
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      transport?.close();
    },
  };
}
