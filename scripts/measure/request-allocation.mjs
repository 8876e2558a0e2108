// What one list request allocates (KB, objects collected since included), per case, as an A/B of checkouts:
// a server built from each ROOTS entry (name=path of a checkout with node_modules; default: this one) on one
// database, run as `npm start` runs it with V8's sampling heap profiler preloaded (request-allocation-preload.mjs),
// warmed with WARM rounds of every case, then N requests of each case profiled. Prints KB per request and the
// functions whose calls allocated most (inclusive). Allocation is counted, not timed: the machine's load does not
// move it. Needs a seeded lists-bench database. env: ROOTS ("base=/tmp/base,new=."), DB (default
// portal_bench_scale_small_10000), WHO (default scale10k; password bench1234), CASES, N (1000), WARM (500), TOP (12).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, login, sh } from '../bench/lib.mjs';

const here = import.meta.dirname;
const roots = (process.env.ROOTS ?? `new=${path.resolve(here, '../..')}`).split(',').map((x) => x.split('='));
const db = process.env.DB ?? 'portal_bench_scale_small_10000';
const who = process.env.WHO ?? 'scale10k';
const N = Number(process.env.N ?? 1000);
const WARM = Number(process.env.WARM ?? 500);
const TOP = Number(process.env.TOP ?? 12);
const out = mkdtempSync(path.join(os.tmpdir(), 'alloc-'));

const sv = (o) => `search_value=${encodeURIComponent(JSON.stringify(o))}`;
let fresh = 0;
const day = (base, n) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
// a date range not asked before, as the lists bench's new filter count
const newRange = () => {
  fresh++;
  return { startDate: day(Date.UTC(2022, 5, 1), fresh % 700), endDate: day(Date.UTC(2025, 11, 15), -Math.floor(fresh / 700)) };
};
const CASES = {
  'payments first page': () => `/api/calculate/buyPayment?start=0&length=10&${sv({})}`,
  'payments new filter count': () => `/api/calculate/buyPayment?start=0&length=10&${sv(newRange())}`,
  'invoices first page': () => `/api/calculate/buyInvoiceSend?start=0&length=10&${sv({})}`,
  'registered books new filter count': () =>
    `/api/product/booksList?start=0&length=10&${sv({ searchKey: 'title', keyword: '', ...newRange() })}`,
  'copyright books page 100': () => `/api/company/copyright/books?start=990&length=10&${sv({})}`,
  'help files page 100': () => `/api/help/getAllFiles?start=990&length=10&customer_type=company`,
};
const cases = process.env.CASES ? process.env.CASES.split(',') : Object.keys(CASES);

/** Sums a sampling profile: total bytes, and bytes per function including what its callees allocated. */
function summary(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const inclusive = new Map();
  const frame = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${n.callFrame.lineNumber}`;
  const walk = (node, above) => {
    const key = frame(node);
    let bytes = node.selfSize;
    const seen = new Set(above).add(key);
    for (const c of node.children) bytes += walk(c, seen);
    if (!above.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + bytes);
    return bytes;
  };
  const total = walk(profile.head, new Set());
  return { total, inclusive };
}

const kb = (b) => (b / 1024 / N).toFixed(1);
const results = {};
for (const [name, root] of roots) {
  sh(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'ignore' });
  const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  const opts = /\bnode((?: --\S+)*) apps\/server\/dist\/main\.js/.exec(scripts.start)[1].split(' ').filter(Boolean);
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    [...opts, '--import', path.join(here, 'request-allocation-preload.mjs'), 'apps/server/dist/main.js'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ALLOC_OUT: out,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'alloc-data-')),
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (i > 1200) throw new Error(`${name}: the server did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const headers = { authorization: `Bearer ${await login(url, who, 'bench1234')}`, 'cache-control': 'no-cache' };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (p) =>
      new Promise((resolve, reject) =>
        http
          .get(url + p, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${p}: ${res.statusCode}`))));
          })
          .on('error', reject),
      );
    const profiled = async () => {
      proc.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 1000));
      return path.join(out, `heap-${proc.pid}.json`);
    };
    for (let i = 0; i < WARM; i++) for (const c of cases) await get(CASES[c]());
    for (const c of cases) {
      await profiled(); // restarts the sampling: what follows is this case's
      for (let i = 0; i < N; i++) await get(CASES[c]());
      const file = path.join(out, `${name}-${c.replaceAll(' ', '-')}.json`);
      renameSync(await profiled(), file);
      (results[c] ??= {})[name] = summary(file);
    }
  } finally {
    proc.kill('SIGTERM');
  }
}
for (const c of cases) {
  console.log(`\n${c}: KB allocated per request, ${roots.map(([n]) => `${n} ${kb(results[c][n].total)}`).join(', ')}`);
  for (const [n] of roots) {
    console.log(`  ${n}, the functions whose calls allocated most (KB per request, callees included):`);
    for (const [k, v] of [...results[c][n].inclusive].sort((a, b) => b[1] - a[1]).slice(1, TOP + 1))
      console.log(`    ${kb(v).padStart(6)}  ${k}`);
  }
}
