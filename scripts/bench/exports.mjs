// Issue 17: lib/export. Figures (PostgreSQL scratch database, royalty lines over 300 days):
// - a one-month export: rows/s, and the index entries of royalty_lines read per row written (≈ 1 when a
//   narrow filter reads only its rows; the list's count/totals scan of the same month is included);
// - the unfiltered export: rows/s and peak RSS of the server vs a plain exceljs streaming script
//   (stream.xlsx.WorkbookWriter, useStyles/useSharedStrings off) reading the same rows from the same database;
// - list p99 while two exports run ÷ alone: both warm and timed with node:http (lib.mjs, timedGet), "alone" over
//   20,000 requests before and after the exports. Until 2026-12-03 "alone" was a fresh server's first 500 requests
//   timed with fetch (p99 9.4-9.5 ms against 2.3-3.0 ms warm), which flattered the ratio (1.40-1.62 then; 2.27 and 2.71 in
//   the first two runs since, 6.24 / 2.75 and 6.4 / 2.36 ms, on the same code); 1.6 with the export gate
//   (lib/export/gate.ts: CPU permits, lists counted in shared memory; docs/decisions/xlsx-exports.md).
// Every figure carries the 1-minute load average when it was taken (the machine is shared).
// The server is the build, run as `npm start` runs it (node with the start script's options and
// apps/server/dist/main.js): under tsx its TypeScript loader (a thread of its own, and the transformed
// sources) adds 20-45 MB to the process's RSS that production never carries (measured 2026-11-26: idle
// 170-194 MB under tsx, 150-157 MB built), and the peak RSS goal would be charged for it.
// BENCH_EXPORT_LINES (default 1,000,000): the unfiltered size; one month is about 1/10 of it (100k at 1M, as the issue asks).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulkSeed } from './copyright.mjs';
import { percentile, timedWhile } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.BENCH_EXPORT_LINES ?? 1_000_000);
/** untimed list requests before the contention figure's two timed sets */
const CONTENTION_WARM = 10_000;
/** timed list requests without exports (half before them, half after) */
const CONTENTION_ALONE = 20_000;
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const load = () => `load ${round(os.loadavg()[0], 1)}`;
const log = (...a) => console.log('   ·', ...a);
const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? round(Number(m[1]) / 1024, 1) : NaN;
};

/** POST an export and read the whole body in this process; { ms, bytes }. */
async function download(url, token, path_, body) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/${path_}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path_} answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { ms: performance.now() - t0, bytes };
}

/** An export downloaded by a child process (a user's download does not share the measuring client's loop). */
function downloadElsewhere(url, token, body) {
  const code = `
    const res = await fetch(${JSON.stringify(`${url}/api/copyright/exportRoyalty`)}, {
      method: 'POST', headers: { authorization: ${JSON.stringify(`Bearer ${token}`)}, 'content-type': 'application/json' },
      body: ${JSON.stringify(JSON.stringify(body))},
    });
    if (res.status !== 200) process.exit(2);
    for await (const _ of res.body);`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  return new Promise((resolve, reject) => proc.once('exit', (c) => (c === 0 ? resolve() : reject(new Error(`download exited ${c}`)))));
}

/**
 * The yardstick: a plain exceljs streaming writer in a process of its own, reading the same rows (the
 * royalty export's columns, title order book by book, keyset batches of 500) from the same database.
 * Prints { rows, ms, rssMb }.
 */
const RAW_EXCELJS = `
import pg from 'pg';
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { readFileSync } from 'node:fs';
const [url, companyIdx, from, to] = [process.argv[1], Number(process.argv[2]), process.argv[3] || null, process.argv[4] || null];
const t0 = performance.now();
const client = new pg.Client({ connectionString: url });
await client.connect();
const sink = new Writable({ write: (_c, _e, cb) => cb() });
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
const ws = wb.addWorksheet('Royalty');
const keys = ['no','title','isbn','customer_name','customer_country','sale_info','unit_price','currency','qty','sample_qty','disuse_qty','rate','royalty','status','buy_invoice_code','created_at'];
ws.columns = keys.map((key) => ({ header: key, key }));
const { rows: books } = await client.query('select idx from copyright_books where company_idx = $1 order by title, idx', [companyIdx]);
let no = 0;
for (const { idx: book } of books) {
  let after = 0;
  for (;;) {
    const { rows } = await client.query(\`select r.idx::float8 as idx, b.title, b.isbn, cu.name as customer_name, cu.country as customer_country, r.sale_info,
        r.unit_price::text as unit_price, r.currency, r.qty, r.sample_qty, r.disuse_qty, b.rate::text as rate,
        round(r.unit_price * r.qty * b.rate / 100, 2)::text as royalty, case when r.buy_invoice_idx is null then 'N' else 'Y' end as status,
        inv.code as buy_invoice_code, to_char(r.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS') as created_at
      from royalty_lines r join copyright_books b on b.idx = r.book_idx join royalty_customers cu on cu.idx = r.customer_idx
      left join buy_invoices inv on inv.idx = r.buy_invoice_idx and inv.company_idx = r.company_idx
      where r.book_idx = $1 and r.company_idx = $2 and r.idx > $3
        and ($4::date is null or r.created_at >= $4::date::timestamp at time zone 'Asia/Seoul')
        and ($5::date is null or r.created_at < ($5::date + 1)::timestamp at time zone 'Asia/Seoul')
      order by r.idx limit 500\`, [book, companyIdx, after, from, to]);
    for (const r of rows) {
      ws.addRow({ ...r, no: ++no, unit_price: Number(r.unit_price), rate: Number(r.rate), royalty: Number(r.royalty) }).commit();
    }
    if (rows.length < 500) break;
    after = rows[rows.length - 1].idx;
  }
}
ws.commit();
await wb.commit();
await client.end();
const rss = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1] / 1024;
console.log(JSON.stringify({ rows: no, ms: performance.now() - t0, rssMb: rss }));
`;
function rawExceljs(root, dbUrl, companyIdx, nice = 0, range = []) {
  return new Promise((resolve, reject) => {
    const args = ['--input-type=module', '-e', RAW_EXCELJS, dbUrl, String(companyIdx), ...range];
    const proc = spawn(nice ? 'nice' : process.execPath, nice ? ['-n', String(nice), process.execPath, ...args] : args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.once('exit', (c) => (c === 0 ? resolve(JSON.parse(out)) : reject(new Error(`raw exceljs exited ${c}`))));
  });
}

export default async function exportsBench(ctx) {
  const { default: pg } = await import('pg');
  const out = [];
  const name = `portal_bench_exports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    ctx.sh(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts'], {
      env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-bench-seed-')), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    await client.connect();
    const exec = async (s) => (await client.query(s)).rows;
    const [{ idx: demo }] = await exec(`select idx from companies where id = 'demo'`);
    const [{ idx: demo2 }] = await exec(`select idx from companies where id = 'demo2'`);
    const t0 = performance.now();
    // over 300 days: a month holds about LINES/10, the issue's 100k one-month export at 1M
    await bulkSeed(exec, demo, { lines: LINES, isbnBase: 0, days: 300 });
    await bulkSeed(exec, demo2, { lines: 10_000, isbnBase: 500_000_000 });
    const [{ n: total }] = await exec(`select count(*)::int as n from royalty_lines where company_idx = ${demo}`);
    log(`seeded ${total} lines in ${round((performance.now() - t0) / 1000, 1)} s (${load()})`);
    // the last whole month of the seeded range, in the app's time zone
    const [{ start, end, n: monthRows }] =
      await exec(`with m as (select date_trunc('month', now() at time zone 'Asia/Seoul')::date - interval '1 month' as s)
      select to_char(m.s, 'YYYY-MM-DD') as start, to_char(m.s + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as end,
        (select count(*)::int from royalty_lines r where r.company_idx = ${demo} and r.created_at >= m.s::timestamp at time zone 'Asia/Seoul'
           and r.created_at < (m.s + interval '1 month')::timestamp at time zone 'Asia/Seoul') as n from m`);

    const server = await ctx.startServer({ DATABASE_URL: dbUrl }, { built: true });
    const token = await ctx.login(server.url, 'demo');
    // index entries of royalty_lines read, per index (the row names the indexes that read them)
    const idxRead = async () =>
      Object.fromEntries(
        (
          await exec(`select indexrelname as name, idx_tup_read::bigint as n from pg_stat_user_indexes where relname = 'royalty_lines'`)
        ).map((r) => [r.name, Number(r.n)]),
      );

    // one month, narrow filter
    // pg_stat counters are flushed about every 500 ms by a busy backend, but an idle one may hold its own for
    // up to 10 s: this client's count of the seeded lines above (1,000,000 index entries once the table is
    // vacuumed) was counted in the export's window until it was flushed here first
    await exec('select pg_stat_force_next_flush()');
    await new Promise((r) => setTimeout(r, 600));
    const before = await idxRead();
    const month = await download(server.url, token, 'copyright/exportRoyalty', { search_value: { startDate: start, endDate: end } });
    await new Promise((r) => setTimeout(r, 1200));
    const afterRead = await idxRead();
    const byIndex = Object.entries(afterRead)
      .map(([k, n]) => [k, n - (before[k] ?? 0)])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const read = byIndex.reduce((n, [, x]) => n + x, 0);
    out.push({
      name: `one-month export (${monthRows.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows, ${start}..${end})`,
      value: Math.round(monthRows / (month.ms / 1000)),
      unit: `rows/s (${round(month.ms)} ms, ${load()})`,
    });
    const rawMonth = await rawExceljs(ctx.root, dbUrl, demo, 0, [start, end]);
    const monthRatio = monthRows / (month.ms / 1000) / (rawMonth.rows / (rawMonth.ms / 1000));
    out.push({
      name: `one-month export rows/s ÷ plain exceljs with the same filter (${Math.round(rawMonth.rows / (rawMonth.ms / 1000))} rows/s, ${round(rawMonth.ms)} ms, ${load()})`,
      value: monthRatio,
      unit: '×',
      target: '≥ 0.8',
      pass: monthRatio >= 0.8,
    });
    out.push({
      name: 'one-month export: royalty_lines index entries read per row exported (incl. the count/totals scan)',
      value: round(read / Math.max(1, monthRows)),
      unit: `(${read.toLocaleString('en-US')} read: ${byIndex.map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`).join(', ')}; ${load()})`,
      target: '≤ 3 (only matching rows)',
      pass: read / Math.max(1, monthRows) <= 3,
    });
    await server.stop();

    // unfiltered: fresh server (peak RSS of this export only) vs plain exceljs
    const fresh = await ctx.startServer({ DATABASE_URL: dbUrl }, { built: true });
    const idleRss = peakRssMb(fresh.proc.pid); // started: migrations checked, reference data, listeners
    const tok = await ctx.login(fresh.url, 'demo');
    const all = await download(fresh.url, tok, 'copyright/exportRoyalty', {});
    const ours = { rps: Math.round(total / (all.ms / 1000)), rss: peakRssMb(fresh.proc.pid) };
    const oursLoad = load();
    await fresh.stop();
    const raw = await rawExceljs(ctx.root, dbUrl, demo);
    const rawRps = Math.round(raw.rows / (raw.ms / 1000));
    out.push({
      name: `unfiltered export of ${total.toLocaleString('en-US')} rows (lib/export)`,
      value: ours.rps,
      unit: `rows/s (${round(all.ms)} ms, ${round(all.bytes / 1048576, 1)} MiB, ${oursLoad})`,
    });
    out.push({
      name: 'plain exceljs streaming script, same rows, same database',
      value: rawRps,
      unit: `rows/s (${round(raw.ms)} ms, ${load()})`,
    });
    out.push({
      name: 'unfiltered export rows/s ÷ plain exceljs',
      value: round(ours.rps / rawRps),
      unit: '×',
      target: '≥ 0.8',
      pass: ours.rps / rawRps >= 0.8,
    });
    // the export's worker runs at nice 19 (requests first): on a busy machine that costs it throughput,
    // so the yardstick is also measured at the same priority
    const rawNice = await rawExceljs(ctx.root, dbUrl, demo, 19);
    const rawNiceRps = Math.round(rawNice.rows / (rawNice.ms / 1000));
    out.push({
      name: "unfiltered export rows/s ÷ plain exceljs at the worker's priority (nice 19)",
      value: round(ours.rps / rawNiceRps),
      unit: `× (${rawNiceRps} rows/s, ${round(rawNice.ms)} ms, ${load()})`,
    });
    out.push({
      name: 'peak RSS: server after the unfiltered export ÷ plain exceljs script',
      value: round(ours.rss / raw.rssMb),
      unit: `× (${ours.rss} MB / ${round(raw.rssMb, 1)} MB; the server's peak before the export ${idleRss} MB; ${load()})`,
      target: '≤ 1.3',
      pass: ours.rss / raw.rssMb <= 1.3,
    });

    // list p99 while two exports run ÷ alone (PostgreSQL; the two exports in child processes)
    const s3 = await ctx.startServer({ DATABASE_URL: dbUrl }, { built: true });
    const tA = await ctx.login(s3.url, 'demo');
    const tB = await ctx.login(s3.url, 'demo2');
    const list = `${s3.url}/api/copyright/royalty?start=0&length=10&search_value=`;
    const headers = { authorization: `Bearer ${tB}`, 'cache-control': 'no-cache' };
    // both timed on a warm server, with the same client: CONTENTION_WARM untimed requests first (a fresh server's
    // first requests are its slowest: the list's code is still being compiled), then "alone" in two halves of
    // CONTENTION_ALONE / 2 requests, before the exports start and after they end, and "during" for as long as they
    // run. Until 2026-12-03 "alone" was the fresh server's first 500 requests, timed with fetch (lib.mjs, timedGet),
    // which raised it and so lowered the ratio
    await timedWhile(list, headers, () => false, { min: CONTENTION_WARM, max: CONTENTION_WARM });
    const aloneBefore = await timedWhile(list, headers, () => false, { min: CONTENTION_ALONE / 2, max: CONTENTION_ALONE / 2 });
    let running = 2;
    const exports = [downloadElsewhere(s3.url, tA, {}), downloadElsewhere(s3.url, tA, {})].map((p) => p.finally(() => running--));
    await new Promise((r) => setTimeout(r, 300));
    const during = await timedWhile(list, headers, () => running > 0);
    const duringLoad = load();
    await Promise.all(exports);
    await new Promise((r) => setTimeout(r, 1000));
    const aloneAfter = await timedWhile(list, headers, () => false, { min: CONTENTION_ALONE / 2, max: CONTENTION_ALONE / 2 });
    // judged on the unrounded p99s (printed rounded)
    const duringP99 = percentile(during.times, 99);
    const aloneP99 = percentile(
      [...aloneBefore.times, ...aloneAfter.times].sort((a, b) => a - b),
      99,
    );
    out.push({
      name: 'list p99 while two unfiltered exports run ÷ alone',
      value: round(duringP99 / aloneP99),
      unit: `× (${round(duringP99)} ms over ${during.n} req, ${duringLoad} / ${round(aloneP99)} ms over ${aloneBefore.n + aloneAfter.n} req: ${aloneBefore.p99} ms before the exports, ${aloneAfter.p99} after, ${load()})`,
      target: '≤ 1.5',
      pass: duringP99 / aloneP99 <= 1.5,
    });
    await s3.stop();
  } finally {
    await client.end().catch(() => {});
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
  return out;
}
