/**
 * Issue 56: the CLI ships with the server and is refused beside it.
 *
 * A production tree as `npm ci && npm run build && npm prune --omit=dev` leaves it, made cheaply: the repository's
 * package.json files and build-if-stale script copied into a temporary folder, the server and CLI built into its
 * apps/server/dist (build.mjs --outdir), and a node_modules that holds only what the prune keeps: a link to each
 * package of package-lock.json that is not dev-only (no tsx, esbuild, vitest, …; the packages' own dependencies
 * resolve from their real folders, as the prune keeps them too). PATH without any node_modules/.bin. There the
 * server runs on an embedded database with the demo data; the CLI (`npm run portal` and `node
 * apps/server/dist/portal.js`) is refused while it runs, and works once it is stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

// made in beforeAll (the PostgreSQL pass skips every test, and with them every hook)
let tree: string;
let dataDir: string;
const PATH = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((p) => !p.includes(`node_modules${path.sep}.bin`))
  .join(path.delimiter);
const env = () => ({
  PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(64),
  LOG_LEVEL: 'warn',
});
let server: ChildProcess | undefined;

/** The pruned view of the repository (see above); answers how long it took. */
function makeTree() {
  const started = performance.now();
  for (const f of [
    'package.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/contract/package.json',
    'scripts/build-if-stale.mjs',
  ]) {
    mkdirSync(path.dirname(path.join(tree, f)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, f), path.join(tree, f));
  }
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const workspaces = new Set(['', 'apps/server/', 'apps/web/', 'packages/contract/']);
  for (const [key, entry] of Object.entries(lock.packages)) {
    const at = key.lastIndexOf('node_modules/');
    // only the folders npm installs at a workspace's (or the root's) node_modules: nested ones come with their parent
    if (at < 0 || entry.dev || entry.link || !workspaces.has(key.slice(0, at))) continue;
    const real = path.join(REPO_ROOT, key);
    if (!existsSync(real)) continue; // an optional package for another platform
    mkdirSync(path.dirname(path.join(tree, key)), { recursive: true });
    symlinkSync(real, path.join(tree, key), 'dir');
  }
  const built = spawnSync(process.execPath, ['apps/server/build.mjs', '--outdir', path.join(tree, 'apps/server/dist')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  return Math.round(performance.now() - started);
}

/** Runs a command in the pruned tree; its exit code and output. */
function run(cmd: string, args: string[], input?: string) {
  const r = spawnSync(cmd, args, { cwd: tree, env: env(), encoding: 'utf8', input, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const portal = (...args: string[]) => run('npm', ['run', '--silent', 'portal', '--', ...args]);
const portalJs = (...args: string[]) => run(process.execPath, ['apps/server/dist/portal.js', ...args]);

/** A month with demo royalty lines that the server's start did not issue: three months back. */
function pastMonth() {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return d.toISOString().slice(0, 7);
}

/** Rows of the embedded database, read directly (the server is stopped). */
async function query<T>(sql: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(path.join(dataDir, 'pglite'));
  try {
    return (await pg.query<T>(sql)).rows;
  } finally {
    await pg.close();
  }
}

beforeAll(() => {
  if (process.env.TEST_DB === 'pg') return;
  tree = mkdtempSync(path.join(os.tmpdir(), 'portal-pruned-'));
  dataDir = path.join(tree, 'data');
  console.log(`pruned tree made and built in ${makeTree()} ms`);
}, 120_000);
afterAll(() => {
  server?.kill('SIGKILL');
  if (tree) rmSync(tree, { recursive: true, force: true });
});

// the embedded database only: the PostgreSQL pass (TEST_DB=pg) would repeat it unchanged (and takes no lock)
describe.skipIf(process.env.TEST_DB === 'pg')('the CLI in a tree pruned with npm prune --omit=dev', () => {
  it('has no tsx and no dev package, and still answers --help through npm run portal and node dist/portal.js', () => {
    expect(existsSync(path.join(tree, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(path.join(tree, 'node_modules/esbuild'))).toBe(false);
    for (const r of [portal('--help'), portalJs('--help')]) {
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^Usage: npm run portal -- <command>/);
      expect(r.code).toBe(0);
    }
  });

  it('beside the running server on the embedded database: refused, exit 1, the server named, nothing written', async () => {
    const out: string[] = [];
    server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: tree,
      env: { ...env(), DEMO_DATA: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST: path.join(tree, 'no-web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
    const exited = once(server, 'exit');
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', () => /Server listening at/.test(out.join('')) && resolve());
      void exited.then(() => reject(new Error(`server exited:\n${out.join('')}`)));
    });
    const message = `The embedded database is in use by the server, pid ${server.pid}: stop it, or use the server's admin API.`;
    const refused = [
      portal('operator', 'create', 'ops.beside', '--password', 'beside-secret-1'),
      portalJs('statements', 'issue', pastMonth()),
      portalJs('restore', path.join(tree, 'none.zip'), '--force'),
    ];
    // a second server on the same DATA_DIR is refused too
    const second = run(process.execPath, ['apps/server/dist/main.js']);
    for (const r of [...refused, second]) {
      expect(r.err.trim()).toBe(message);
      expect(r.code).toBe(1);
    }
    server.kill('SIGTERM');
    await exited;
    server = undefined;
    expect(await query(`select login_id from operators where login_id = 'ops.beside'`)).toEqual([]);
    expect(await query(`select 1 from royalty_statements where period = '${pastMonth()}'`)).toEqual([]);
  }, 400_000);

  it('once the server is stopped: operator create and statements issue work', async () => {
    const created = portal('operator', 'create', 'ops.pruned', '--password', 'pruned-secret-1', '--name', 'Pruned Ops');
    expect(created.out).toMatch(/Operator ops\.pruned created/);
    expect(created.code).toBe(0);
    // the password from the first line of a pipe
    const piped = run('npm', ['run', '--silent', 'portal', '--', 'operator', 'create', 'ops.piped'], 'piped-secret-1\n');
    expect(piped.out).toMatch(/Operator ops\.piped created/);
    expect(piped.code).toBe(0);
    const issued = portalJs('statements', 'issue', pastMonth());
    expect(issued.err).toBe('');
    expect(issued.out).toMatch(new RegExp(`Period ${pastMonth()} .*: [1-9]\\d* statement\\(s\\) issued`));
    expect(issued.code).toBe(0);
    const [row] = await query<{ n: number }>(`select count(*)::int as n from royalty_statements where period = '${pastMonth()}'`);
    expect(row!.n).toBeGreaterThan(0);
  }, 400_000);
});
