// Helpers for the soak (issue 9): start the real server, log in, find calls in the OpenAPI
// document, a private PostgreSQL cluster. Everything listens on 127.0.0.1 and every wait is bounded.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/lib.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const tmp = (name) => mkdtempSync(path.join(os.tmpdir(), `portal-soak-${name}-`));
const children = new Set();

export { freePort };

/** fetch with a time limit; never throws for HTTP statuses. */
export async function call(url, opts = {}, timeoutMs = 10_000) {
  return fetch(url, { ...opts, signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * Starts apps/server/src/main.ts; resolves once /api/health answers 200 (at most `waitMs`).
 * Returns { url, port, proc, exited (promise of { code, signal, at }), log }.
 */
export async function startServer({ env = {}, dataDir = tmp('data'), port, waitMs = 90_000, logName = 'server' } = {}) {
  port ??= await freePort();
  const log = path.join(dataDir, `${logName}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456789',
      WEB_DIST: path.join(root, 'apps/web/dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.pipe(out);
  proc.stderr.pipe(out);
  children.add(proc);
  const exited = new Promise((resolve) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = performance.now() + waitMs;
  while (performance.now() < until) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited while starting (see ${log})`);
    try {
      if ((await call(`${url}/api/health`, {}, 2000)).status === 200) return { url, port, proc, exited, log, dataDir };
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not answer /api/health within ${waitMs} ms (see ${log})`);
}

/** Kills every server this process started (on the way out). */
export function killAll() {
  for (const p of children) p.kill('SIGKILL');
}

export async function login(url, id = 'demo', password = 'demo1234') {
  const res = await call(`${url}/api/company/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, password, company_division: 'AUT' }),
  });
  if (res.status !== 200) throw new Error(`login ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/**
 * The read calls of the load mix, from the OpenAPI document: every list (start/length), details
 * with ids the lists answered, and downloads of invoice PDFs; each kept only if it answers 200.
 */
export async function discoverReads(url, token) {
  const auth = { authorization: `Bearer ${token}` };
  const doc = await (await call(`${url}/api/docs/json`)).json();
  const ops = [];
  for (const [p, item] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(item)) if (m === 'get') ops.push({ path: p, op, params: op.parameters ?? [], text: `${op.summary ?? ''} ${op.description ?? ''}` });
  const fill = (o, values = {}) => {
    const example = [...o.text.matchAll(/`([a-z_]+)`/g)].map((x) => x[1]);
    let p = o.path.replace(/\{([^}]+)\}/g, (_, n) => encodeURIComponent(values[n] ?? example[0] ?? '1'));
    const q = new URLSearchParams();
    for (const prm of o.params.filter((x) => x.in === 'query')) {
      if (prm.name === 'start') q.set('start', '0');
      else if (prm.name === 'length') q.set('length', '10');
      else if (prm.name === 'search_value') q.set('search_value', prm.schema?.type === 'object' ? '{}' : '');
      else if (values[prm.name] !== undefined) q.set(prm.name, values[prm.name]);
      else if (prm.required) return null;
    }
    const qs = q.toString();
    return qs ? `${p}?${qs}` : p;
  };
  const ok = async (p) => {
    try {
      const res = await call(`${url}${p}`, { headers: auth });
      return res.status === 200 ? res : null;
    } catch {
      return null;
    }
  };
  const lists = [];
  const idx = new Set();
  const codes = new Set();
  for (const o of ops.filter((x) => x.params.some((p) => p.name === 'length'))) {
    const p = fill(o);
    const res = p && (await ok(p));
    if (!res) continue;
    lists.push(p);
    const body = await res.json();
    for (const row of (body.dataset ?? []).slice(0, 5)) {
      if (Number.isInteger(row.idx)) idx.add(row.idx);
      if (typeof row.code === 'string') codes.add(row.code);
    }
  }
  const details = [];
  for (const o of ops.filter((x) => x.params.filter((p) => p.in === 'path').length >= 1 && /\{[a-z_]*idx\}$/.test(x.path))) {
    const name = o.path.match(/\{([a-z_]*idx)\}$/)[1];
    for (const id of idx) {
      const p = fill(o, { [name]: id });
      if (p && (await ok(p))) {
        details.push(p);
        break;
      }
    }
  }
  const downloads = [];
  for (const o of ops.filter((x) => /download/i.test(x.path) && x.params.some((p) => p.name === 'fileName'))) {
    for (const code of [...codes].slice(0, 3)) {
      const p = fill(o, { uploadPath: 'buy_invoice', fileName: `${code}.pdf` });
      if (p && (await ok(p))) downloads.push(p);
    }
  }
  return { lists, details, downloads };
}

/** The PostgreSQL major version installed (the directory under /etc/postgresql). */
export function pgVersion() {
  return readdirSync('/etc/postgresql').filter((d) => /^\d+$/.test(d)).sort().at(-1);
}

/**
 * A private PostgreSQL cluster for the soak, so its restart does not cut anyone else's connections
 * on the shared cluster. Trust auth on loopback only.
 */
export function createCluster(name, port) {
  const v = pgVersion();
  spawnSync('pg_dropcluster', ['--stop', v, name], { stdio: 'ignore' });
  const r = spawnSync('pg_createcluster', [v, name, '-p', String(port), '--start', '--', '--auth-local=trust', '--auth-host=trust'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pg_createcluster: ${r.stderr || r.stdout}`);
  return {
    version: v,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** the restart of the issue, asynchronous so the load keeps running */
    restart: () =>
      new Promise((resolve) => {
        const p = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', v, name, 'restart'], { stdio: 'ignore' });
        p.once('exit', (code) => resolve(code));
      }),
    drop: () => spawnSync('pg_dropcluster', ['--stop', v, name], { stdio: 'ignore' }),
  };
}

/**
 * The shared cluster instead (SOAK_CLUSTER=main): a fresh database on it, and the restart of the
 * issue text. Cuts every other connection to that cluster for a few seconds: only when nobody else uses it.
 */
export async function sharedCluster(port = 5432) {
  const v = pgVersion();
  const { default: pg } = await import('pg');
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const name = `portal_soak_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  return {
    version: v,
    url: `postgres://postgres@127.0.0.1:${port}/${name}`,
    restart: () =>
      new Promise((resolve) => {
        const p = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'restart'], { stdio: 'ignore' });
        p.once('exit', (code) => resolve(code));
      }),
    drop: () => spawnSync('psql', [admin, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: 'ignore' }),
  };
}

/** Runs the demo seed into a database (the server seeds only the embedded one by itself). */
export function seedInto(databaseUrl, dataDir) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456789' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`seed: ${r.stderr}`);
}
