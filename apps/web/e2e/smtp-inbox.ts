import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { test } from './fixtures';

/** playwright.config.ts E2E_SMTP_PORT (not imported: the config makes temporary folders when loaded) */
const E2E_SMTP_PORT = Number(process.env.E2E_PORT ?? 4173) + 2;

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The SMTP server the main e2e server delivers to (its SMTP_URL points here, playwright.config.ts), listening for the
 * spec file that calls this at its top level: the mails it received, in order.
 */
export function smtpInbox(): ReceivedMail[] {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((m) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: m.subject ?? '', text: m.text ?? '' });
            callback();
          })
          .catch((e: Error) => callback(e));
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
    });
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return received;
}
