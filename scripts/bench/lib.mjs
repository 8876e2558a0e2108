// Helpers for benchmarks: start the real server, log in, measure latency and throughput, JS sizes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '../..');
const running = new Set();

/** Runs a command in the repository and fails loudly. */
export function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
}

let built = false;
/** Builds the web app once per bench run. */
export function buildWeb() {
  if (built || process.env.BENCH_SKIP_BUILD) return;
  sh('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'ignore' });
  built = true;
}

let serverBuilt = false;
/** Builds the server (apps/server/build.mjs) once per bench run. */
function buildServer() {
  if (serverBuilt) return;
  sh(process.execPath, ['apps/server/build.mjs'], { stdio: 'ignore' });
  serverBuilt = true;
}

/** A port the OS says is free now (benches of several people may run at once). */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
/** The node options of `npm start` (the root package.json's start script), e.g. ['--enable-source-maps']. */
export function startOptions() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const m = /\bnode((?: --\S+)*) apps\/server\/dist\/main\.js/.exec(scripts.start);
  if (!m) throw new Error('npm start no longer runs node apps/server/dist/main.js');
  return m[1].split(' ').filter(Boolean);
}

/**
 * Starts the server (tsx apps/server/src/main.ts; `{ built: true }`: built first, then run as
 * `npm start` runs it, node with the start script's options and apps/server/dist/main.js) with a fresh
 * DATA_DIR unless one is given; resolves when /api/health answers 200. Returns { url, port, ms (to
 * first 200), proc, stop }.
 */
export async function startServer(env = {}, { built = false } = {}) {
  if (built) buildServer();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const started = performance.now();
  const entry = built ? [...startOptions(), 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const proc = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // the web build the bench made (WEB_OUT_DIR moves it, as for the e2e runs)
      WEB_DIST: path.resolve(root, process.env.WEB_OUT_DIR ?? 'apps/web/dist'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    running.delete(stop);
  };
  running.add(stop);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 25));
    if (performance.now() - started > 180_000) throw new Error('server did not start in 180 s');
  }
  return { url, port, dataDir, ms: Math.round(performance.now() - started), proc, stop };
}

/**
 * A bare Fastify hello-world in a child process on a free port: the yardstick for requests/s.
 * Returns { url, stop }.
 */
export async function helloWorld() {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:${port},host:'127.0.0.1'}).then(()=>console.log('ready'))`;
  const proc = spawn(process.execPath, ['-e', code], { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    proc.once('exit', (c) => reject(new Error(`hello-world exited ${c}`)));
  });
  const stop = async () => {
    running.delete(stop);
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  };
  running.add(stop);
  return { url: `http://127.0.0.1:${port}/`, stop };
}

export async function stopAll() {
  await Promise.all([...running].map((s) => s()));
}

/**
 * Logs in; a 503 (shed while a fresh server is still busy, e.g. issuing the demo's statements) is tried again
 * after its Retry-After, as a client does, for at most a minute.
 */
export async function login(url, id = 'demo', password = 'demo1234') {
  const until = performance.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/company/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, password, company_division: 'AUT' }),
    });
    if (res.status === 200) return (await res.json()).access_token;
    await res.arrayBuffer();
    if (res.status !== 503 || performance.now() > until) throw new Error(`login failed: ${res.status}`);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Timed requests go through node:http on one kept-alive socket per server, not fetch: fetch's own work
// (undici's streams and promises, and its garbage) added 0.4 ms to a request's median and 3 ms to its p99
// on this machine (2,000 requests to /api/health: p50 0.70 / p99 5.6–6.4 ms with fetch, 0.28 / 2.9–3.2 ms
// with node:http), noise of the client's that lands in every p99 compared.
const timedAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One GET on the kept-alive socket of its server; resolves to its time in ms once the whole answer is read (rejects on a
 * status other than 200, the error carrying `status` and `retryAfter`).
 */
export function timedGet(url, headers) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: timedAgent, headers }, (res) => {
      res.resume();
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200)
          reject(
            Object.assign(new Error(`${url} answered ${res.statusCode}`), {
              status: res.statusCode,
              retryAfter: res.headers['retry-after'],
            }),
          );
        else resolve(performance.now() - t0);
      });
    });
    req.on('error', reject);
  });
}

/**
 * Sequential GETs with `timedGet` while `busy()` is true, at least `min` and at most `max`:
 * { p99 in ms (rounded to 0.01), n, times (sorted, unrounded) }.
 */
export async function timedWhile(url, headers, busy, { min = 30, max = 200_000 } = {}) {
  const times = [];
  while ((busy() || times.length < min) && times.length < max) times.push(await timedGet(url, headers));
  times.sort((a, b) => a - b);
  return { p99: Math.round(percentile(times, 99) * 100) / 100, n: times.length, times };
}

/** Sequential requests; returns { p50, p99, mean } in ms. */
export async function latencies(url, { n = 200, headers = {}, method = 'GET', body } = {}) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (x) => Math.round(x * 100) / 100;
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), mean: round(times.reduce((a, b) => a + b, 0) / n) };
}

/**
 * autocannon load; `path()` (optional) gives each request's path and query; returns { rps, p99, errors, non2xx,
 * statuses: { [status]: count } }.
 */
export async function load(url, { connections = 10, duration = 5, headers = {}, path } = {}) {
  const { default: autocannon } = await import('autocannon');
  const requests = path ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }] : undefined;
  const r = await autocannon({ url, connections, duration, headers, requests });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([s, v]) => [s, v.count]));
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, statuses };
}

/** Loads a page in Chromium and sums the gzip size of every JS file it fetched: { kib, files }. */
export async function pageJsGzip(url, { token, lang = 'en' } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    if (token) {
      await page.addInitScript(
        ([tok, lng]) => {
          localStorage.setItem('portal.token', tok);
          localStorage.setItem('portal.expiresAt', String(Date.now() + 3600_000));
          localStorage.setItem('portal.lang', lng);
        },
        [token, lang],
      );
    }
    const scripts = new Map();
    page.on('response', async (res) => {
      const u = res.url();
      if (u.endsWith('.js') || (res.headers()['content-type'] ?? '').includes('javascript')) {
        try {
          scripts.set(u, (await res.body()).length ? gzipSync(await res.body()).length : 0);
        } catch {
          /* redirected or aborted */
        }
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    return { kib: Math.round((total / 1024) * 10) / 10, files: scripts.size };
  } finally {
    await browser.close();
  }
}

/**
 * The JavaScript a page loads first, from the built dist (`dist`: the directory the server serves): every script
 * the page the server sends for `url` names (its entry, paint-first.js, the modulepreloads of its screen, also
 * those inside its after-paint template) with their static imports from Vite's manifest, gzip bytes summed
 * (gzip -6 of each file). Unlike recording a page load in Chromium it does not depend on when the scripts
 * after the first paint are added, so it does not move with the machine's load. Returns { bytes, files }.
 */
export async function firstLoadJs(url, dist) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const html = await res.text();
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const chunkOf = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const files = new Set();
  const add = (file) => {
    if (files.has(file) || !file.endsWith('.js')) return;
    files.add(file);
    for (const key of chunkOf.get(file)?.imports ?? []) add(manifest[key].file);
  };
  for (const m of html.matchAll(/(?:src|href)="\/([^"?#]+\.js)"/g)) add(m[1]);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(dist, f))).length;
  return { bytes, files: files.size };
}

export function saveResults(rows) {
  const dir = path.join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
}

export function readJson(p) {
  return JSON.parse(readFileSync(path.join(root, p), 'utf8'));
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Lighthouse needs the page logged in, and the session lives in localStorage. So Chromium is launched
// here (chrome-launcher, the one lighthouse uses), puppeteer-core (lighthouse's own driver) opens a tab
// on the app's origin and stores the token there, and lighthouse audits the page in that same tab
// (`lighthouse(url, flags, config, page)`), so it sees the stored session. Lighthouse's storage reset
// stays on: it empties the HTTP cache (a first visit, as the goal means) but by default clears neither
// localStorage nor cookies (constants.js clearStorageTypes), so the session survives it.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Imports a dependency of lighthouse from where lighthouse resolves it. */
async function lighthouseDep(name) {
  const req = createRequire(path.join(root, 'node_modules/lighthouse/package.json'));
  return import(req.resolve(name));
}

/**
 * One audit in a fresh Chromium: a tab on the app's origin gets the session (when a token is given),
 * then lighthouse audits `url` in it. preset 'mobile' = lighthouse's default settings (simulated slow
 * 4G, 4x CPU slowdown, Moto G power screen); 'desktop' = its desktop config.
 */
async function lighthouseOnce(url, { token, preset }) {
  const { default: lighthouse } = await import('lighthouse');
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chromeLauncher = await lighthouseDep('chrome-launcher');
  const puppeteer = (await lighthouseDep('puppeteer-core')).default;
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (token) {
      await page.goto(`${new URL(url).origin}/login`, { waitUntil: 'load' });
      await page.evaluate((tok) => {
        localStorage.setItem('portal.token', tok);
        localStorage.setItem('portal.expiresAt', String(Date.now() + 3600_000));
        localStorage.setItem('portal.lang', 'en');
      }, token);
    }
    const r = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config, page);
    const lhr = r.lhr;
    await browser.disconnect();
    // BENCH_LH_DUMP=<dir>: keep every report (critical chains, LCP element and phases, requests) to look at
    if (process.env.BENCH_LH_DUMP) {
      mkdirSync(process.env.BENCH_LH_DUMP, { recursive: true });
      const name = `${preset}${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_LH_DUMP, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl} (not logged in?)`);
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // lighthouse's own measure of this machine's CPU speed: its simulated 4x slowdown is of this machine
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * `runs` Lighthouse audits (BENCH_LH_RUNS, default 5) of one page; a run that fails (e.g. NO_FCP on an
 * overloaded machine) is repeated, at most twice in all.
 */
export async function lighthouseRuns(url, { token, preset = 'mobile', runs = Number(process.env.BENCH_LH_RUNS ?? 5) } = {}) {
  const results = [];
  let failures = 0;
  while (results.length < runs) {
    try {
      results.push(await lighthouseOnce(url, { token, preset }));
    } catch (e) {
      if (++failures > 2) throw e;
      console.warn(`   lighthouse run failed (${e.message}); repeating it`);
    }
  }
  return results;
}
