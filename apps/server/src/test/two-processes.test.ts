/**
 * Two real server processes (apps/server/src/main.ts, each in its own child process with its own
 * DATA_DIR) on one fresh PostgreSQL database with FILE_STORE=postgres: nothing is shared but the
 * database. An invoice PDF made through one downloads through the other; writes are seen in the
 * other's lists at once (the change feed's LISTEN/NOTIFY voids cached answers in every process);
 * a logout through one is refused by the other within SESSION_CACHE_MS.
 *
 * Needs PostgreSQL (TEST_DB=pg and TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { openDatabase, type Database } from '../db/client';
import { SESSION_CACHE_MS } from '../modules/auth/auth.service';
import { insertInvoices } from '../modules/settlement/settlement.factories';
import { createCompany, type TestCompany } from './factories';

const adminUrl = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
const SKIP_REASON = adminUrl ? '' : ' — SKIPPED: needs TEST_DB=pg and TEST_DATABASE_URL (the embedded PGlite serves one process only)';
// said in the run's output too, not only in the name of a skipped test
if (!adminUrl) console.warn(`two-processes.test.ts${SKIP_REASON}`);

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

let dbName: string;
let dbUrl: string;
let database: Database;
const servers: Server[] = [];
let company: TestCompany;

async function startServer(name: string, secret: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
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
      FILE_STORE: 'postgres',
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { name, url: `http://127.0.0.1:${port}`, dataDir, child, output };
}

async function waitReady(s: Server, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode !== null) throw new Error(`${s.name} exited ${s.child.exitCode}:\n${s.output.join('')}`);
    try {
      const res = await fetch(`${s.url}/api/ready`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${s.name} not ready within ${timeoutMs} ms:\n${s.output.join('')}`);
}

const call = (s: Server, token: string | null, method: string, url: string, body?: object) =>
  fetch(`${s.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function login(s: Server) {
  const res = await call(s, null, 'POST', '/api/company/login', { id: company.id, password: company.password, company_division: 'AUT' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const rows = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;

describe.skipIf(!adminUrl)(`two server processes on one PostgreSQL${SKIP_REASON}`, () => {
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    const { default: pg } = await import('pg');
    dbName = `portal_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    // both start at once on the empty database: migrations run one process at a time (advisory lock)
    const secret = randomBytes(32).toString('hex');
    a = await startServer('a', secret);
    b = await startServer('b', secret);
    servers.push(a, b);
    await Promise.all([waitReady(a), waitReady(b)]);
    database = await openDatabase({ url: dbUrl, poolMax: 2 });
    company = await createCompany(database.db);
    await insertInvoices(database.db, company.idx, [
      { code: 'TP-1', day: '2026-03-01' },
      { code: 'TP-2', day: '2026-03-02' },
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null) return resolve();
            s.child.once('exit', () => resolve());
            s.child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    if (dbName) {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
    for (const s of servers) rmSync(s.dataDir, { recursive: true, force: true });
  }, 30_000);

  it('an invoice PDF made through one process downloads through the other (files in the database)', async () => {
    const [ta, tb] = [await login(a), await login(b)];
    const made = await call(a, ta, 'POST', '/api/common/fileDownload', { uploadPath: 'buy_invoice', fileName: 'TP-1.pdf' });
    expect(made.status).toBe(200);
    const pdf = Buffer.from(await made.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await call(b, tb, 'POST', '/api/common/fileDownload', { uploadPath: 'buy_invoice', fileName: 'TP-1.pdf' });
    expect(other.status).toBe(200);
    // the same bytes: B served A's stored file, it did not render its own
    expect(Buffer.from(await other.arrayBuffer()).equals(pdf)).toBe(true);
    const stored = await rows<{ storage_key: string; size: string }>(
      `select f.storage_key, b.size::text as size from stored_files f join file_blobs b on b.key = f.storage_key where f.name = 'TP-1'`,
    );
    expect(stored).toEqual([{ storage_key: expect.stringMatching(/^buy_invoice\//), size: String(pdf.length) }]);
    // neither process wrote the file to its own disk
    for (const s of [a, b]) expect(readdirSync(s.dataDir).filter((f) => f === 'files')).toEqual([]);
  });

  it("a write through one is in the other's lists at once, cached lists included", async () => {
    const [ta, tb] = [await login(a), await login(b)];
    // a Q&A question posted through A is in B's board list
    const before = (await (await call(b, tb, 'GET', '/api/help/bbs/qna?length=100')).json()) as { total_cnt: number };
    const posted = await call(a, ta, 'POST', '/api/help/bbs/qna', { title: 'Asked through A', content: '<p>hello from a</p>' });
    expect(posted.status, await posted.clone().text()).toBe(200);
    const { idx } = (await posted.json()) as { idx: number };
    const after = (await (await call(b, tb, 'GET', '/api/help/bbs/qna?length=100')).json()) as {
      total_cnt: number;
      dataset: { idx: number }[];
    };
    expect(after.total_cnt).toBe(before.total_cnt + 1);
    expect(after.dataset.map((r) => r.idx)).toContain(idx);

    // the invoice list is a cached answer in each process (lib/cache/response-cache.ts): each write
    // committed elsewhere (here the distributor's ERP updating the shared database) voids it in both
    const list = async (s: Server, token: string) => {
      const res = await call(s, token, 'GET', '/api/calculate/buyInvoiceSend?start=0&length=10');
      expect(res.status).toBe(200);
      return ((await res.json()) as { dataset: { code: string; title: string }[] }).dataset.find((r) => r.code === 'TP-2')!.title;
    };
    for (let i = 0; i < 20; i++) {
      // warm both caches, then write, then read straight away
      await list(a, ta);
      await list(b, tb);
      await database.db.execute(`update buy_invoices set title = 'Title ${i}' where code = 'TP-2'`);
      expect([await list(b, tb), await list(a, ta)], `round ${i}`).toEqual([`Title ${i}`, `Title ${i}`]);
    }
  });

  it(`a logout through one is refused by the other within SESSION_CACHE_MS (${SESSION_CACHE_MS} ms)`, async () => {
    const token = await login(a);
    // B has checked (and remembers) the session
    expect((await call(b, token, 'GET', '/api/company/loginInfo')).status).toBe(200);
    expect((await call(a, token, 'GET', '/api/company/logout')).status).toBe(200);
    const loggedOut = Date.now();
    // the process that logged out refuses the token at once
    expect((await call(a, token, 'GET', '/api/company/loginInfo')).status).toBe(401);
    let refusedAfter = -1;
    while (Date.now() - loggedOut < SESSION_CACHE_MS + 2000) {
      if ((await call(b, token, 'GET', '/api/company/loginInfo')).status === 401) {
        refusedAfter = Date.now() - loggedOut;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusedAfter, 'B still accepted the token').toBeGreaterThanOrEqual(0);
    expect(refusedAfter).toBeLessThanOrEqual(SESSION_CACHE_MS + 500);
  }, 30_000);

  it(`(issue 58) a session ended from the list through one is refused by the other within SESSION_CACHE_MS`, async () => {
    const ended = await login(a);
    const kept = await login(a);
    expect((await call(b, ended, 'GET', '/api/company/loginInfo')).status).toBe(200);
    const list = (await (await call(a, kept, 'GET', '/api/company/sessions')).json()) as { dataset: { id: string; current: boolean }[] };
    const sid = (JSON.parse(Buffer.from(ended.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    expect(list.dataset.map((s) => s.id)).toContain(sid);
    expect((await call(a, kept, 'DELETE', `/api/company/sessions/${sid}`)).status).toBe(200);
    const endedAt = Date.now();
    expect((await call(a, ended, 'GET', '/api/company/loginInfo')).status).toBe(401);
    let refusedAfter = -1;
    while (Date.now() - endedAt < SESSION_CACHE_MS + 2000) {
      if ((await call(b, ended, 'GET', '/api/company/loginInfo')).status === 401) {
        refusedAfter = Date.now() - endedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusedAfter, 'B still accepted the ended session').toBeGreaterThanOrEqual(0);
    expect(refusedAfter).toBeLessThanOrEqual(SESSION_CACHE_MS + 500);
    // the session that ended it goes on
    expect((await call(b, kept, 'GET', '/api/company/loginInfo')).status).toBe(200);
  }, 30_000);
});
