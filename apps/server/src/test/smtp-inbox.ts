import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../config';

/** A mail the test SMTP server accepted, parsed. */
export interface ReceivedMail {
  /** the envelope's recipients (RCPT TO) */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename?: string; contentType: string; size: number }[];
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** answers the next `n` messages with a temporary failure (451) */
  failNext(n: number): void;
  /** runs `fn` with the count of mails kept so far before each mail is acknowledged (cut the database right after a send) */
  beforeAccept(fn: ((kept: number) => Promise<void>) | undefined): void;
  /** resolves once `count` mails arrived (rejects after `timeoutMs`) */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
  /** the app's mail configuration delivering into this inbox (the worker polls only when a test asks it to) */
  mailConfig(overrides?: Partial<MailConfig>): MailConfig;
}

/** A real SMTP server on loopback (the `smtp-server` package) that keeps every mail it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  let failing = 0;
  let beforeAccept: ((kept: number) => Promise<void>) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing > 0) {
          failing--;
          const err = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then(async (m) => {
            await beforeAccept?.(mails.length);
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              messageId: m.messageId ?? '',
              attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (n) => void (failing = n),
    beforeAccept: (fn) => void (beforeAccept = fn),
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    mailConfig: (overrides = {}) => ({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Portal <portal@example.test>',
      attachPdf: false,
      pollMs: 600_000,
      publicUrl: 'https://portal.example.test',
      ...overrides,
    }),
  };
}
