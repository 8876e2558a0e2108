/**
 * The outbox through a real SMTP server on loopback: delivery with language and recipients, retry
 * with backoff, a crashed worker's lease running out, a restarted server resuming, two workers (two
 * connection pools, as two processes have) never sending one message twice, and the log without SMTP_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { companies, mailOutbox } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/helper';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { enqueue } from './outbox';
import { ACCOUNT_CHANGED } from '../../modules/company/company.mail';
import { PASSWORD_RESET } from '../../modules/auth/auth.mail';
import { STATEMENT_READY } from '../../modules/copyright/copyright.mail';
import { QNA_REPLY } from '../../modules/help/help.mail';
import { INVOICE_NEW, PAYMENT_REGISTERED } from '../../modules/settlement/settlement.mail';
import { MAIL_FRAME, MAIL_LOCALES, renderMail } from './render';
import { createMailWorker, retryDelayMs, smtpTransport } from './worker';

let t: TestContext;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ mail: inbox.mailConfig() });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});
afterEach(async () => {
  inbox.mails.length = 0;
  await t.db.delete(mailOutbox);
});

async function enqueueMany(n: number, companyIdx?: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const mail = renderMail(STATEMENT_READY, 'en', { company: 'Acme', period: `P${i}` }, 'https://portal.example.test/x');
    const id = await t.db.transaction((tx) =>
      enqueue(tx, { ...mail, kind: 'statement_ready', locale: 'en', to: [`a${i}@example.test`], companyIdx, dedupeKey: `test:${i}` }),
    );
    ids.push(id!);
  }
  return ids;
}

const rows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);

/** Every kind of mail the modules raise, with their texts in the five languages. */
const TEMPLATES = { PASSWORD_RESET, INVOICE_NEW, PAYMENT_REGISTERED, QNA_REPLY, STATEMENT_READY, ACCOUNT_CHANGED };

describe('templates', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it('every language has the same strings with the same placeholders as English', () => {
    for (const locale of MAIL_LOCALES) {
      expect(placeholders(MAIL_FRAME[locale].greeting)).toEqual(placeholders(MAIL_FRAME.en.greeting));
      for (const [name, template] of Object.entries(TEMPLATES)) {
        const s = template[locale];
        const en = template.en;
        expect(placeholders(s.subject), `${locale}.${name}.subject`).toEqual(placeholders(en.subject));
        expect(placeholders(s.lines.join(' ')), `${locale}.${name}.lines`).toEqual(placeholders(en.lines.join(' ')));
        expect(s.action.length).toBeGreaterThan(0);
        expect(s.ignore === undefined, `${locale}.${name}.ignore`).toBe(en.ignore === undefined);
      }
    }
  });

  it('renders text and HTML with values escaped, no remote images, nothing left unfilled', () => {
    const values = {
      company: '<b>Acme</b>',
      id: 'acme',
      minutes: '30',
      code: 'INV-1',
      amount: '₩1,000',
      deadline: 'x',
      date: 'y',
      invoices: 'z',
      title: 'T',
      what: 'reply',
      period: '2026-10',
      list: 'RS-202610-000001-KRW-v1 (KRW)',
    };
    for (const locale of MAIL_LOCALES) {
      for (const template of Object.values(TEMPLATES)) {
        const m = renderMail(template, locale, values, 'https://portal.example.test/a?b=1&c=2');
        expect(m.subject + m.text + m.html).not.toMatch(/\{\w+\}/);
        expect(m.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
        expect(m.html).toContain('https://portal.example.test/a?b=1&amp;c=2');
        expect(m.html).not.toMatch(/<img|url\(/i);
        expect(m.text).toContain('https://portal.example.test/a?b=1&c=2');
      }
    }
  });
});

describe('delivery', () => {
  it('sends each outbox mail once through SMTP, with a Message-ID of its row, HTML and plain text', async () => {
    const ids = await enqueueMany(3);
    expect(await t.app.mail.flush()).toBe(3);
    expect(await t.app.mail.flush()).toBe(0);
    expect(inbox.mails.map((m) => m.to[0]).sort()).toEqual(['a0@example.test', 'a1@example.test', 'a2@example.test']);
    const uuids = new Map((await rows()).map((r) => [r.id, r.messageUuid]));
    expect(inbox.mails.map((m) => m.messageId).sort()).toEqual(
      ids.map((id) => `<outbox-${id}.${uuids.get(id)}@portal.example.test>`).sort(),
    );
    const first = inbox.mails.find((m) => m.to[0] === 'a0@example.test')!;
    expect(first.from).toBe('portal@example.test');
    expect(first.subject).toBe('Royalty statement P0 is ready');
    expect(first.text).toContain('Your royalty statement for P0 is ready.');
    expect(first.html).toContain('Your royalty statement for P0 is ready.');
    expect((await rows()).every((r) => r.sentAt && r.attempts === 1)).toBe(true);
  });

  it('Message-IDs carry a random part: unique even when a restored database hands out the same outbox id again (issue 56)', async () => {
    const [id] = await enqueueMany(1);
    await t.app.mail.flush();
    const first = inbox.mails[0]!.messageId;
    expect(first).toMatch(
      new RegExp(`^<outbox-${id}\\.[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@portal\\.example\\.test>$`),
    );
    // a restore of a backup taken before this mail: the row is gone and its id is handed out again
    await t.db.delete(mailOutbox);
    await t.db.execute(sql`select setval(pg_get_serial_sequence('mail_outbox', 'id'), ${id! - 1})`);
    const [again] = await enqueueMany(1);
    expect(again).toBe(id);
    await t.app.mail.flush();
    expect(inbox.mails).toHaveLength(2);
    expect(inbox.mails[1]!.messageId).not.toBe(first);
    expect(inbox.mails[1]!.messageId.startsWith(`<outbox-${id}.`)).toBe(true);
  });

  it('a mail is not written when its transaction rolls back, and a dedupe key raises one mail only', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, {
          ...renderMail(STATEMENT_READY, 'en', {}, 'x'),
          kind: 'statement_ready',
          locale: 'en',
          to: ['r@example.test'],
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rows()).toHaveLength(0);
    await enqueueMany(1);
    await enqueueMany(1);
    expect(await rows()).toHaveLength(1);
  });

  it('retries a refused mail after a growing delay, then delivers it', async () => {
    await enqueueMany(1);
    inbox.failNext(2);
    expect(await t.app.mail.flush()).toBe(0);
    let [row] = await rows();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/451/);
    expect(row!.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));
    // not due yet
    expect(await t.app.mail.flush()).toBe(0);
    expect((await rows())[0]!.attempts).toBe(1);
    t.clock.advance(retryDelayMs(1));
    expect(await t.app.mail.flush()).toBe(0);
    [row] = await rows();
    expect(row!.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    t.clock.advance(retryDelayMs(2));
    expect(await t.app.mail.flush()).toBe(1);
    expect(inbox.mails).toHaveLength(1);
    expect((await rows())[0]!.sentAt).not.toBeNull();
  });

  it('a worker that died mid-send leaves its mails leased; once the lease ran out a restarted server sends each once', async () => {
    await enqueueMany(3);
    // a process claims the mails and dies before it sends or records them
    const dead = createMailWorker({
      db: t.db,
      now: t.clock.now,
      log: t.app.log,
      from: 'x@example.test',
      leaseMs: 60_000,
      transport: { send: () => new Promise<never>(() => undefined), close: () => undefined },
    });
    void dead.flush();
    await expect.poll(async () => (await rows()).filter((r) => r.lockedUntil).length).toBe(3);
    // another process meanwhile leaves them alone
    expect(await t.app.mail.flush()).toBe(0);
    // a fresh server on the same database (the restart), after the lease
    t.clock.advance(60_001);
    const restarted = await build({ config: t.config, database: t.database, logger: false });
    await restarted.ready();
    try {
      expect(await restarted.mail.flush()).toBe(3);
      expect(await t.app.mail.flush()).toBe(0);
      expect(await restarted.mail.flush()).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(inbox.mails.map((m) => m.to[0]).sort()).toEqual(['a0@example.test', 'a1@example.test', 'a2@example.test']);
  });

  it('a mail the SMTP server accepted stays sent when the database is away right after (issue 56): recorded once it is back, never sent again', async () => {
    await enqueueMany(2);
    // the database goes away between the SMTP server's answer and the "sent" mark: the next updates fail
    let away = 0;
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'update' && away > 0) {
          away--;
          throw new Error('Connection terminated unexpectedly');
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const smtp = smtpTransport(inbox.url);
    const worker = createMailWorker({
      db,
      now: t.clock.now,
      log: t.app.log,
      from: 'x@example.test',
      leaseMs: 60_000,
      transport: {
        async send(m) {
          await smtp.send(m);
          away = 3;
        },
        close: () => smtp.close(),
      },
    });
    try {
      expect(await worker.flush()).toBe(2);
    } finally {
      await worker.stop();
    }
    expect(inbox.mails).toHaveLength(2);
    expect((await rows()).every((r) => r.sentAt !== null && r.nextAttemptAt === null)).toBe(true);
    // after any lease and retry delay, nobody sends them again
    t.clock.advance(3_600_000);
    expect(await t.app.mail.flush()).toBe(0);
    expect(inbox.mails).toHaveLength(2);
  });

  it('two servers on one database flushing at once send every mail exactly once', async () => {
    const n = 40;
    await enqueueMany(n);
    // on PostgreSQL the second server has a pool of its own, as a second process would
    let other: Database | undefined;
    if (t.databaseUrl) other = await openDatabase({ url: t.databaseUrl, poolMax: 5 });
    const second = await build({ config: t.config, database: other ?? t.database, logger: false });
    await second.ready();
    try {
      const sent = await Promise.all([t.app.mail.flush(), second.mail.flush(), t.app.mail.flush(), second.mail.flush()]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(n);
    } finally {
      await second.close();
      await other?.close();
    }
    expect(inbox.mails).toHaveLength(n);
    expect(new Set(inbox.mails.map((m) => m.messageId)).size).toBe(n);
    expect((await rows()).every((r) => r.attempts === 1 && r.sentAt)).toBe(true);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mails in the outbox and logs each subject once at info level', async () => {
    const lines: string[] = [];
    const plain = await build({
      config: { ...t.config, mail: undefined },
      database: t.database,
      logger: { level: 'info', stream: { write: (l) => void lines.push(l) } },
    });
    await plain.ready();
    try {
      const [company] = await t.db.select({ idx: companies.idx }).from(companies).limit(1);
      await enqueueMany(2, company?.idx);
      expect(await plain.mail.flush()).toBe(0);
      expect(await plain.mail.flush()).toBe(0);
    } finally {
      await plain.close();
    }
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; subject?: string; level: number })
      .filter((l) => l.msg.startsWith('mail kept'));
    expect(logged.map((l) => l.subject).sort()).toEqual(['Royalty statement P0 is ready', 'Royalty statement P1 is ready']);
    expect(logged.every((l) => l.level === 30)).toBe(true);
    expect(lines.join('\n')).not.toContain('a0@example.test');
    const kept = await rows();
    expect(kept.every((r) => r.sentAt === null && r.announced)).toBe(true);
    // a server with SMTP sends them later
    expect(await t.app.mail.flush()).toBe(2);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.announced, true))).toHaveLength(2);
  });
});
