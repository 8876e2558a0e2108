// pg-prepared-statements.md, raw-sql-text.md (issue 57): one list request's time on PostgreSQL, uncached
// (`Cache-Control: no-cache`), for the built servers of several checkouts on one seeded database, in alternating
// rounds: each round times N sequential requests per case and server on one kept-alive socket (localhost) and
// prints their median with the 1-minute load average; the last lines give each case's median of the rounds' medians.
//   SEED=1 DB=portal_sql_100k ROOTS=before=/tmp/sql-before,after=. node scripts/measure/list-time.mjs
// SEED=1 creates the database if missing and seeds scale-seed.mjs's one-company layout with TOTAL rows per table
// (default 100,000: company scale10k, password bench1234). ROUNDS (3), N (300), WARM (100), NOBUILD=1 keeps dist/,
// ONLY=payments times only the cases whose name starts so.
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort, login, sh, timedGet } from '../bench/lib.mjs';
import { seedScale } from '../bench/scale-seed.mjs';
import { pgClient } from '../bench/settlement.mjs';

const admin = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const db = process.env.DB ?? 'portal_sql_100k';
const dbUrl = Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const total = Number(process.env.TOTAL ?? 100_000);
const roots = (process.env.ROOTS ?? `after=${path.resolve(import.meta.dirname, '../..')}`).split(',').map((x) => x.split('='));
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const N = Number(process.env.N ?? 300);
const WARM = Number(process.env.WARM ?? 100);
const la = () => os.loadavg()[0].toFixed(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sv = (o) => `search_value=${encodeURIComponent(JSON.stringify(o))}`;
const ALL = [
  ['payments, first page', `/api/calculate/buyPayment?start=0&length=10&${sv({})}`],
  ['payments, page 100', `/api/calculate/buyPayment?start=990&length=10&${sv({})}`],
  ['invoices, first page', `/api/calculate/buyInvoiceSend?start=0&length=10&${sv({})}`],
  ['royalty, first page', `/api/copyright/royalty?start=0&length=10&${sv({})}`],
  ['royalty, page 100', `/api/copyright/royalty?start=990&length=10&${sv({})}`],
  ['copyright books, title search', `/api/company/copyright/books?start=0&length=10&${sv({ searchKey: 'title', keyword: 'garden 1234' })}`],
];
const CASES = ALL.filter(([c]) => !process.env.ONLY || c.startsWith(process.env.ONLY));

const a = await pgClient(admin);
if ((await a.query('select 1 from pg_database where datname = $1', [db])).rowCount === 0) await a.query(`create database ${db}`);
await a.end();

const procs = [];
async function start(name, root) {
  if (!process.env.NOBUILD) sh(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const proc = spawn(process.execPath, ['--max-semi-space-size=8', '--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `portal-list-time-${name}`),
      DATABASE_URL: dbUrl,
    },
  });
  procs.push(proc);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (i > 2400) throw new Error(`${name}: not up`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { name, url };
}

try {
  // the first server migrates the database, then the seed (resumable) fills it
  const servers = [];
  for (const [name, root] of roots) servers.push(await start(name, root));
  if (process.env.SEED) {
    const c = await pgClient(dbUrl);
    for (const t of await seedScale(c, { name: db, total, big: false, fillers: 0 }, (...m) => console.log('  seed', ...m)))
      console.log(`seeded ${t.table}: ${t.rows} rows in ${t.s} s`);
    await c.end();
  }
  for (const s of servers)
    s.headers = { authorization: `Bearer ${await login(s.url, 'scale10k', 'bench1234')}`, 'cache-control': 'no-cache' };
  for (const s of servers) for (const [, p] of CASES) for (let i = 0; i < WARM; i++) await timedGet(`${s.url}${p}`, s.headers);
  const results = {};
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...servers].reverse() : servers;
    for (const s of order)
      for (const [c, p] of CASES) {
        const times = [];
        for (let i = 0; i < N; i++) times.push(await timedGet(`${s.url}${p}`, s.headers));
        const m = median(times);
        (results[`${c} | ${s.name}`] ??= []).push(m);
        console.log(`round ${round + 1} ${s.name} ${c}: median ${m.toFixed(3)} ms (load ${la()})`);
      }
  }
  for (const [k, xs] of Object.entries(results))
    console.log(`${k}: median of ${xs.length} medians ${median(xs).toFixed(3)} ms [${xs.map((x) => x.toFixed(3)).join(', ')}]`);
} finally {
  for (const p of procs) p.kill('SIGTERM');
}
