/**
 * The outbox across real server processes (apps/server/src/main.ts in child processes) on one fresh
 * PostgreSQL database, delivering to a real SMTP server on loopback: two processes polling at once
 * send every mail exactly once; with every process killed (SIGKILL), mails written meanwhile are sent
 * by the next server that starts; and (issue 56) 300 mails through two processes while the database
 * "restarts" three times are each sent once.
 *
 * Needs PostgreSQL (TEST_DB=pg and TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { enqueue } from './outbox';
import { STATEMENT_READY } from '../../modules/copyright/copyright.mail';
import { renderMail } from './render';

const adminUrl = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
const SKIP_REASON = adminUrl ? '' : ' — SKIPPED: needs TEST_DB=pg and TEST_DATABASE_URL (the embedded PGlite serves one process only)';
if (!adminUrl) console.warn(`mail-processes.test.ts${SKIP_REASON}`);

interface Server {
  name: string;
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: string[];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let dbName = '';
let dbUrl = '';
let database: Database | undefined;
let inbox: SmtpInbox;
const servers: Server[] = [];

async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-mail-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DEMO_DATA: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      SMTP_URL: inbox.url,
      MAIL_POLL_MS: '150',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const s = { name, url: `http://127.0.0.1:${port}`, dataDir, child, output };
  servers.push(s);
  return s;
}

async function waitReady(s: Server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode !== null) throw new Error(`${s.name} exited ${s.child.exitCode}:\n${s.output.join('')}`);
    try {
      if ((await fetch(`${s.url}/api/ready`)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${s.name} not ready within ${timeoutMs} ms:\n${s.output.join('')}`);
}

const stop = (s: Server, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
    s.child.once('exit', () => resolve());
    s.child.kill(signal);
  });

async function write(n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    const m = renderMail(STATEMENT_READY, 'en', { company: 'Acme', period: `${tag}-${i}` }, 'http://x');
    await database!.db.transaction((tx) => enqueue(tx, { ...m, kind: 'statement_ready', locale: 'en', to: [`${tag}${i}@example.test`] }));
  }
}

describe.skipIf(!adminUrl)(`the outbox across server processes on one PostgreSQL${SKIP_REASON}`, () => {
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    const { default: pg } = await import('pg');
    dbName = `portal_mail_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    database = await openDatabase({ url: dbUrl, poolMax: 2 });
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s, 'SIGTERM')));
    await database?.close();
    if (dbName) {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
    for (const s of servers) rmSync(s.dataDir, { recursive: true, force: true });
    await inbox?.close();
  }, 30_000);

  it('two processes polling one outbox send every mail exactly once; after both are killed the next server sends what was written meanwhile', async () => {
    const a = await startServer('a');
    const b = await startServer('b');
    await Promise.all([waitReady(a), waitReady(b)]);
    const n = 80;
    await write(n, 'p');
    await inbox.waitFor(n, 60_000);
    // a moment for any second delivery to show up
    await new Promise((r) => setTimeout(r, 1500));
    expect(inbox.mails).toHaveLength(n);
    expect(new Set(inbox.mails.map((m) => m.messageId)).size).toBe(n);
    const rows = await database!.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    const workers = new Set(rows.map((r) => r.lockedBy?.split('-')[0]));
    console.log(`[mail processes] ${n} mails, sent by ${workers.size} process(es)`);

    // every server dies at once; mails written now wait in the outbox
    await Promise.all([stop(a, 'SIGKILL'), stop(b, 'SIGKILL')]);
    await write(5, 'q');
    await new Promise((r) => setTimeout(r, 500));
    expect(inbox.mails).toHaveLength(n);
    const c = await startServer('c');
    await waitReady(c);
    await inbox.waitFor(n + 5, 60_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(inbox.mails).toHaveLength(n + 5);
    expect(
      inbox.mails
        .slice(n)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['q0@example.test', 'q1@example.test', 'q2@example.test', 'q3@example.test', 'q4@example.test']);
  }, 240_000);

  it('two processes, 300 mails and three database restarts (every backend terminated, connections refused for 2 s): each mail sent once (issue 56)', async () => {
    for (const s of servers.splice(0)) await stop(s, 'SIGKILL');
    inbox.mails.length = 0;
    await database!.db.delete(mailOutbox);
    const n = 300;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const downs: Promise<void>[] = [];
    /**
     * The restart, on this test's database only (the machine's PostgreSQL serves others): no new connection is
     * let in, every connection to it is terminated, and connections are let in again after `ms`.
     */
    const restart = async (ms: number) => {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
      downs.push(
        new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
          await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
        }),
      );
    };
    // right after the SMTP server took a mail and before it says so: the worker's "sent" mark meets a database that is away
    const at = new Set([40, 140, 240]);
    inbox.beforeAccept(async (kept) => {
      if (at.delete(kept)) await restart(2000);
    });
    try {
      const a = await startServer('r1');
      const b = await startServer('r2');
      await Promise.all([waitReady(a), waitReady(b)]);
      // all at once (one commit), so this test's own writes are done before the first restart
      await database!.db.transaction(async (tx) => {
        for (let i = 0; i < n; i++) {
          const m = renderMail(STATEMENT_READY, 'en', { company: 'Acme', period: `r-${i}` }, 'http://x');
          await enqueue(tx, { ...m, kind: 'statement_ready', locale: 'en', to: [`r${i}@example.test`] });
        }
      });
      await inbox.waitFor(n, 120_000);
      await Promise.all(downs);
      // a moment for any second delivery to show up
      await new Promise((r) => setTimeout(r, 3000));
      expect(at.size).toBe(0);
      expect(inbox.mails).toHaveLength(n);
      expect(new Set(inbox.mails.map((m) => m.to[0])).size).toBe(n);
      expect(new Set(inbox.mails.map((m) => m.messageId)).size).toBe(n);
      const rows = await database!.db.select().from(mailOutbox);
      const unsent = rows.filter((r) => r.sentAt === null);
      expect(unsent.map((r) => r.id)).toEqual([]);
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();
      console.log(
        `[mail processes] ${n} mails, 3 restarts: ${inbox.mails.length} delivered, ${new Set(inbox.mails.map((m) => m.to[0])).size} distinct`,
      );
    } finally {
      inbox.beforeAccept(undefined);
      await Promise.all(downs).catch(() => undefined);
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
    }
  }, 300_000);
});
