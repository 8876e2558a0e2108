// Helpers for the soak (issue 9): start the real server (from its sources or built), log in, find calls
// in the OpenAPI document, a private PostgreSQL cluster to restart, stop and start. Everything listens on
// 127.0.0.1 and every wait is bounded.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, percentile } from '../bench/lib.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** every child process still running → how to end it */
const children = new Map();
const tempDirs = new Set();
const clusters = new Set();
/** other things to close on the way out (an SMTP server of this process) */
const closers = new Set();

/** A temporary folder, removed by cleanup() whatever happens. */
export function tmp(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `portal-soak-${name}-`));
  tempDirs.add(dir);
  return dir;
}

/** Runs `close` in cleanup() unless the function this answers was called first (which runs it then). */
export function onCleanup(close) {
  let done;
  const run = () => {
    closers.delete(run);
    return (done ??= Promise.resolve().then(close));
  };
  closers.add(run);
  return run;
}

export { freePort, percentile };

/** fetch with a time limit; never throws for HTTP statuses. */
export async function call(url, opts = {}, timeoutMs = 10_000) {
  return fetch(url, { ...opts, signal: AbortSignal.timeout(timeoutMs) });
}

/** The node options of `npm start` (the root package.json's start script), e.g. ['--enable-source-maps']. */
function startOptions() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const m = /\bnode((?: --\S+)*) apps\/server\/dist\/main\.js/.exec(scripts.start);
  if (!m) throw new Error('npm start no longer runs node apps/server/dist/main.js');
  return m[1].split(' ').filter(Boolean);
}

let serverBuilt = false;
/** Builds apps/server/dist when it is missing or older than its sources, as `npm start` does (once per soak). */
function buildServerIfStale() {
  if (serverBuilt) return;
  const r = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`server build: ${r.stderr || r.stdout}`);
  serverBuilt = true;
}

/**
 * Starts apps/server/src/main.ts through tsx (`built: true`: apps/server/dist/main.js with the node options
 * of `npm start`, as production runs it, built first when stale); resolves once /api/health answers 200
 * (at most `waitMs`). Returns { url, port, proc, exited (promise of { code, signal, at }), log }.
 */
export async function startServer({ env = {}, dataDir = tmp('data'), port, waitMs = 90_000, logName = 'server', built = false } = {}) {
  port ??= await freePort();
  const log = path.join(dataDir, `${logName}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  if (built) buildServerIfStale();
  const entry = built ? [...startOptions(), 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const proc = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456789',
      // the web build (WEB_OUT_DIR moves it, as for the e2e runs and the benches)
      WEB_DIST: path.resolve(root, process.env.WEB_OUT_DIR ?? 'apps/web/dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.pipe(out);
  proc.stderr.pipe(out);
  children.set(proc, () => proc.kill('SIGKILL'));
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

/**
 * Counts a child process (e.g. sqlmap) among those cleanup() ends. One started with
 * `detached: true` leads its own process group, and the whole group is killed.
 */
export function track(proc, { group = false } = {}) {
  children.set(proc, () => {
    try {
      if (group) process.kill(-proc.pid, 'SIGKILL');
      else proc.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  });
  proc.once('exit', () => children.delete(proc));
  return proc;
}

/**
 * On the way out, whatever happened: kills every server this process started (and waits until
 * they are gone, so nothing writes into a folder being removed), drops every PostgreSQL cluster or
 * database it made, removes every temporary folder. Returns what it could not remove.
 */
export async function cleanup() {
  const left = [];
  await Promise.all(
    [...children].map(
      ([p, kill]) =>
        new Promise((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve();
          const timer = setTimeout(resolve, 5000);
          p.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          kill();
        }),
    ),
  );
  for (const close of [...closers]) {
    try {
      await close();
    } catch (e) {
      left.push(`close: ${e.message}`);
    }
  }
  for (const c of [...clusters]) {
    try {
      await c.drop();
      clusters.delete(c);
    } catch (e) {
      left.push(`cluster ${c.name}: ${e.message}`);
    }
  }
  for (const dir of [...tempDirs]) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      tempDirs.delete(dir);
    } catch (e) {
      left.push(`${dir}: ${e.message}`);
    }
  }
  return left;
}

/** Resident memory of a process in bytes (Linux /proc), or null when it is gone. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
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
    for (const [m, op] of Object.entries(item))
      if (m === 'get') ops.push({ path: p, op, params: op.parameters ?? [], text: `${op.summary ?? ''} ${op.description ?? ''}` });
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
  return readdirSync('/etc/postgresql')
    .filter((d) => /^\d+$/.test(d))
    .sort()
    .at(-1);
}

/**
 * A private PostgreSQL cluster for the soak, so its restart does not cut anyone else's connections
 * on the shared cluster. Trust auth on loopback only.
 */
export function createCluster(name, port) {
  const v = pgVersion();
  spawnSync('pg_dropcluster', ['--stop', v, name], { stdio: 'ignore' });
  const drop = () => {
    const r = spawnSync('pg_dropcluster', ['--stop', v, name], { encoding: 'utf8' });
    if (r.status !== 0 && existsCluster(v, name)) throw new Error(`pg_dropcluster: ${r.stderr || r.stdout}`);
  };
  // registered before it exists: a half-made cluster is dropped too
  clusters.add({ name, drop });
  const r = spawnSync('pg_createcluster', [v, name, '-p', String(port), '--start', '--', '--auth-local=trust', '--auth-host=trust'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`pg_createcluster: ${r.stderr || r.stdout}`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // a database of its own on a private cluster goes with the cluster
  return { version: v, name, url, ...control(v, name), database: (db) => createDatabase(url, db) };
}

/**
 * pg_ctlcluster for one cluster, each asynchronous so the load keeps running and resolving to its exit code:
 * restart() (the restart of the issue), stop() (fast: every backend terminated; then connections are refused)
 * and start() (resolves when it accepts connections again).
 */
function control(version, name) {
  const ctl = (action) => () =>
    new Promise((resolve) => {
      const p = spawn('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action], { stdio: 'ignore' });
      p.once('exit', (code) => resolve(code));
    });
  return { restart: ctl('restart'), stop: ctl('stop'), start: ctl('start') };
}

/** A new database `name` beside the one of `url`; answers its URL. */
async function createDatabase(url, name) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Whether pg_lsclusters still lists a cluster. */
export function existsCluster(version, name) {
  const r = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  return r.stdout.split('\n').some((l) => {
    const [v, n] = l.trim().split(/\s+/);
    return v === version && n === name;
  });
}

/**
 * The shared cluster instead (SOAK_CLUSTER=main): a fresh database on it (more with database()), and the
 * restart of the issue text. Cuts every other connection to that cluster for a few seconds: only when nobody
 * else uses it.
 */
export async function sharedCluster(port = 5432) {
  const v = pgVersion();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stamp = Date.now().toString(36);
  /** a fresh database on the shared cluster, dropped by cleanup() */
  const database = async (db) => {
    const name = `${db}_${stamp}`;
    clusters.add({
      name: `database ${name}`,
      drop: () => {
        const r = spawnSync('psql', [admin, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(r.stderr);
      },
    });
    return createDatabase(admin, name);
  };
  return { version: v, url: await database('portal_soak'), ...control(v, 'main'), database };
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

/** One HTTP request on a keep-alive agent; never throws: status 0 with `error` when no answer came. */
export function send(url, { method = 'GET', path: p, headers = {}, body }, agent, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      `${url}${p}`,
      {
        method,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => resolve({ status: 0, error: e.code ?? e.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve({ status: 0, error: e.code ?? e.message }));
    req.end(payload);
  });
}

/**
 * Closed-loop load for `seconds`: every group runs `connections` loops, each on a keep-alive
 * connection of the group's own, sending `next(connection, n)` and waiting for its answer.
 * Returns per group { latencies (sorted ms), statuses {code: count}, samples (first few failed
 * answers) } and per second { ok, bad } over all groups. A 5xx or no answer is never retried.
 */
export async function mixedLoad(url, groups, seconds, { onTick, timeoutMs = 10_000 } = {}) {
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const buckets = Array.from({ length: seconds }, () => ({ ok: 0, bad: 0 }));
  const stats = Object.fromEntries(groups.map((g) => [g.name, { latencies: [], statuses: {}, samples: [] }]));
  const ticker = onTick && setInterval(() => onTick((performance.now() - t0) / 1000), 250);
  const agents = groups.map((g) => new http.Agent({ keepAlive: true, maxSockets: g.connections }));
  await Promise.all(
    groups.flatMap((g, gi) =>
      Array.from({ length: g.connections }, async (_, c) => {
        const s = stats[g.name];
        for (let n = 0; performance.now() < end; n++) {
          const started = performance.now();
          const res = await send(url, g.next(c, n), agents[gi], timeoutMs);
          const at = performance.now();
          s.latencies.push(at - started);
          s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
          const ok = res.status >= 200 && res.status < 300;
          const b = buckets[Math.min(seconds - 1, Math.floor((at - t0) / 1000))];
          if (ok) b.ok++;
          else {
            b.bad++;
            if (s.samples.length < 5)
              s.samples.push({ status: res.status, error: res.error, body: res.body?.slice(0, 200), second: Math.floor((at - t0) / 1000) });
            // a refused connection answers at once: do not spin
            if (res.status === 0) await sleep(50);
          }
        }
      }),
    ),
  );
  if (ticker) clearInterval(ticker);
  for (const a of agents) a.destroy();
  for (const s of Object.values(stats)) s.latencies.sort((a, b) => a - b);
  return { stats, buckets, t0 };
}
