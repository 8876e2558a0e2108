import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { NO_COMPANY_MESSAGE } from './db/seed/demo';

// Issue 16 "build once, run with plain Node": the server as production runs it, built by
// apps/server/build.mjs and started as `node apps/server/dist/main.js` (no tsx), on a fresh embedded database.
// Built into a folder of its own beside dist (as the smoke runs build into dist-node<major>), removed at the end:
// rebuilding dist in place swapped it under a server that ran from it (the e2e suite's, or `npm start`).
const dist = path.join(REPO_ROOT, `apps/server/dist-node-test-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
const running = new Set<ChildProcess>();

interface Started {
  proc: ChildProcess;
  url: string;
  log: () => string;
}

/** Starts the compiled server; resolves once it listens (its port read from its log). */
async function start(env: Record<string, string>): Promise<Started> {
  const proc = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  return { proc, url, log: () => out };
}

async function stop(s: Started) {
  s.proc.kill('SIGTERM');
  const [code] = await once(s.proc, 'exit');
  running.delete(s.proc);
  return code as number;
}

beforeAll(() => {
  if (process.env.TEST_DB === 'pg') return;
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'apps/server/build.mjs'), '--outdir', dist], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}, 120_000);
afterAll(() => {
  for (const p of running) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

// the embedded database only: the PostgreSQL pass of the API suite (TEST_DB=pg) would repeat it unchanged
describe.skipIf(process.env.TEST_DB === 'pg')('the compiled server', () => {
  it('is one JavaScript file with its migrations and export worker beside it', () => {
    for (const f of ['main.js', 'xlsx-worker.mjs', 'migrations/meta/_journal.json']) expect(existsSync(path.join(dist, f)), f).toBe(true);
    // the workspace contract package is bundled (its TypeScript sources cannot run on Node 20), packages are not
    const main = readFileSync(path.join(dist, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']@portal\/contract/);
    expect(main).toMatch(/from ["']fastify["']/);
  });

  it('in production on an empty embedded database: runs under plain node, seeds nothing and says how to get a company', async () => {
    const s = await start({ NODE_ENV: 'production' });
    const cmdline = readFileSync(`/proc/${s.proc.pid}/cmdline`, 'utf8').split('\0').join(' ');
    expect(cmdline).toContain(`${path.relative(REPO_ROOT, dist)}/main.js`);
    expect(cmdline).not.toMatch(/tsx/);
    expect((await fetch(`${s.url}/api/ready`)).status).toBe(200);
    expect(await (await fetch(`${s.url}/api/common/loginHints`)).json()).toEqual({ demo_logins: [] });
    const login = await fetch(`${s.url}/api/company/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'demo', password: 'demo1234', company_division: 'AUT' }),
    });
    expect(login.status).toBe(401);
    expect(await stop(s)).toBe(0);
    expect(s.log()).toContain(NO_COMPANY_MESSAGE);
  }, 180_000);

  it('with DEMO_DATA=1 seeds the demo, stopped at once closes cleanly, and an export runs in its worker thread next to the bundle', async () => {
    // issue 59: a Ctrl-C during the first start (the demo seed and its statements run after listen) cut them short, and
    // later starts took the half-written demo for seeded: stopped at once, the server finishes them first
    const first = await start({ NODE_ENV: 'production', DEMO_DATA: '1' });
    expect(await stop(first), first.log()).toBe(0);
    expect(first.log()).not.toContain('shutdown failed');
    expect(first.log()).toContain('Demo royalty statements issued.');
    const s = await start({ NODE_ENV: 'production', DEMO_DATA: '1' });
    const hints = (await (await fetch(`${s.url}/api/common/loginHints`)).json()) as { demo_logins: { id: string }[] };
    expect(hints.demo_logins.map((l) => l.id)).toEqual(['demo', 'demo2']);
    const login = await fetch(`${s.url}/api/company/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'demo', password: 'demo1234', company_division: 'AUT' }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const res = await fetch(`${s.url}/api/copyright/exportBooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(await stop(s)).toBe(0);
  }, 180_000);
});

describe('npm start builds only what is stale (scripts/build-if-stale.mjs)', () => {
  interface Build {
    output: string;
    sources: string[];
  }
  const helper = path.join(REPO_ROOT, 'scripts/build-if-stale.mjs');

  it('builds when the output is missing or older than a source, not for a test file', async () => {
    const { staleReason, BUILDS } = (await import(helper)) as {
      staleReason(b: Build): string | null;
      BUILDS: (Build & { name: string })[];
    };
    expect(BUILDS.map((b) => b.name)).toEqual(['web', 'server']);
    const dir = path.join(dataDir, 'stale');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    const build = { output: path.join(dir, 'out.js'), sources: [path.join(dir, 'src')] };
    writeFileSync(path.join(dir, 'src/a.ts'), 'a');
    expect(staleReason(build)).toMatch(/missing/);
    writeFileSync(build.output, 'built');
    const at = (file: string, s: number) => utimesSync(file, s, s);
    at(path.join(dir, 'src/a.ts'), 1000);
    at(build.output, 2000);
    expect(staleReason(build)).toBeNull();
    writeFileSync(path.join(dir, 'src/a.test.ts'), 'test');
    at(path.join(dir, 'src/a.test.ts'), 3000);
    expect(staleReason(build)).toBeNull();
    at(path.join(dir, 'src/a.ts'), 3000);
    expect(staleReason(build)).toMatch(/changed/);
  });
});
