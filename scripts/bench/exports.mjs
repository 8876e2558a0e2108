// lib/export against its yardstick: a plain exceljs streaming script (ExcelJS.stream.xlsx.WorkbookWriter,
// shared strings off, the same number and date formats, a bold frozen header) reading the same royalty
// lines from the same PostgreSQL database by keyset in batches of 10,000, in the list's order.
// Shapes: about 2, 20 and 200 lines per book (companies demo, demo2 and partner), BENCH_EXPORT_LINES lines
// each (default 100,000; the issue asks 1,000,000) over 300 days, exported unfiltered and for the last
// whole month (about a tenth). Per export: rows/s; per unfiltered export the server's peak RSS (a fresh
// built server, run as `npm start` runs it) and the script's. The 1-minute load average beside each figure.
// BENCH_EXPORTS_DB: a database name kept between runs (seeded once; e.g. to measure another build on the
// same rows), else a scratch database dropped at the end. BENCH_EXPORT_CONTENTION=0 skips the list p99
// while two exports run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, timedWhile } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.BENCH_EXPORT_LINES ?? 100_000);
const KEEP_DB = process.env.BENCH_EXPORTS_DB;
const CONTENTION = process.env.BENCH_EXPORT_CONTENTION !== '0';
const TIME_ZONE = 'Asia/Seoul';
/** company login, lines per book, ISBN range */
const SHAPES = [
  { id: 'demo', perBook: 2, isbnBase: 0 },
  { id: 'demo2', perBook: 20, isbnBase: 100_000_000 },
  { id: 'partner', perBook: 200, isbnBase: 200_000_000 },
];
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const load = () => `load ${round(os.loadavg()[0], 1)}`;
const log = (...a) => console.log('   ·', ...a);
const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? round(Number(m[1]) / 1024, 1) : NaN;
};

async function login(url, id) {
  const res = await fetch(`${url}/api/company/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, password: 'demo1234', company_division: 'AUT' }),
  });
  if (res.status !== 200) throw new Error(`login ${id} failed: ${res.status}`);
  return (await res.json()).access_token;
}

/** `lines` royalty lines on lines / perBook new books of the company ('Bench …' titles), unless seeded before. */
async function seedShape(exec, companyIdx, { perBook, isbnBase }) {
  const [{ n }] = await exec(`select count(*)::int as n from copyright_books where company_idx = ${companyIdx} and title like 'Bench %'`);
  if (n > 0) return;
  const books = Math.max(1, Math.round(LINES / perBook));
  await exec(`insert into copyright_books (company_idx, img_url, title, isbn, publication_date, page_count, list_price, currency, pay_type, rate)
    select ${companyIdx}, '/api/copyright/cover/' || i.isbn || '.svg', 'Bench title ' || lpad(g::text, 7, '0'), i.isbn,
      date '2019-01-01' + (g % 2000), 100 + g % 400, (10 + g % 30) * 1000, 'KRW', case when g % 3 = 0 then 'net' else 'sale' end, 5 + (g % 11)
    from generate_series(1, ${books}) g, lateral (select '9798' || lpad((${isbnBase} + g)::text, 9, '0') as isbn) i`);
  await exec(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, sample_qty, disuse_qty, sale_info, created_at, buy_invoice_idx, royalty)
    select ${companyIdx}, bk.idx, c.ids[(1 + (g * 31) % c.n)::int], round(5 + (g % 300) / 10.0, 2), c.cur[(1 + (g * 31) % c.n)::int],
      1 + g % 40, case when g % 7 = 0 then 1 + g % 3 else 0 end, case when g % 17 = 0 then 1 else 0 end,
      (array['Online bookstore','Offline bookstore','E-book'])[1 + g % 3],
      now() - ((g::bigint * 104729) % (300 * 86400)) * interval '1 second', null,
      round(round(5 + (g % 300) / 10.0, 2) * (1 + g % 40) * bk.rate / 100, 2)
    from generate_series(1::bigint, ${LINES}::bigint) g,
      (select array_agg(idx order by idx) as ids, count(*)::int as n from copyright_books where company_idx = ${companyIdx} and title like 'Bench %') b,
      (select array_agg(idx order by idx) as ids,
              array_agg(case country when 'KOR' then 'KRW' when 'JPN' then 'JPY' else 'USD' end order by idx) as cur,
              count(*)::int as n from royalty_customers) c,
      -- the line's book and its rate: the stored royalty (royalty_lines.royalty) is unit price × copies × rate / 100, rounded
      lateral (select idx, rate from copyright_books where idx = b.ids[(1 + (g * 7919) % b.n)::int]) bk`);
}

/** POST an export and read the whole body; { ms, bytes }. */
async function download(url, token, body) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/copyright/exportRoyalty`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return { ms: performance.now() - t0, bytes };
}

/** An export downloaded by a child process (a user's download does not share the measuring client's loop). */
function downloadElsewhere(url, token) {
  const code = `
    const res = await fetch(${JSON.stringify(`${url}/api/copyright/exportRoyalty`)}, {
      method: 'POST', headers: { authorization: ${JSON.stringify(`Bearer ${token}`)}, 'content-type': 'application/json' }, body: '{}',
    });
    if (res.status !== 200) process.exit(2);
    for await (const _ of res.body);`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  return new Promise((resolve, reject) => proc.once('exit', (c) => (c === 0 ? resolve() : reject(new Error(`download exited ${c}`)))));
}

/**
 * The yardstick, in a process of its own: the royalty export's rows and columns (English) read by keyset
 * (title, book, line) in batches of 10,000, written by exceljs's streaming writer with the export's
 * formats (money per currency, counts, rate, sale time as a date; a bold frozen header) to a counting sink.
 * Prints { rows, ms, rssMb, bytes }.
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
let bytes = 0;
const sink = new Writable({ write: (c, _e, cb) => { bytes += c.length; cb(); } });
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
const ws = wb.addWorksheet('Royalty', { views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }] });
const money = Object.fromEntries((await client.query('select name, icon from currencies')).rows.map((c) => [c.name.trim(), '"' + c.icon + '"#,##0.00']));
const names = new Intl.DisplayNames(['en'], { type: 'region' });
const country = Object.fromEntries((await client.query('select code_2, code_3 from countries')).rows.map((c) => [c.code_3, names.of(c.code_2)]));
const col = (header, key, width, numFmt) => ({ header, key, width, ...(numFmt ? { style: { numFmt } } : {}) });
ws.columns = [
  col('No.', 'no', 6), col('Title', 'title', 20), col('ISBN', 'isbn', 15), col('Customer', 'customer_name', 16), col('Country', 'country', 8),
  col('Sale info', 'sale_info', 12), col('Unit price', 'unit_price', 10), col('Currency', 'currency', 6), col('Qty', 'qty', 6, '#,##0'),
  col('Samples', 'sample_qty', 6, '#,##0'), col('Disused', 'disuse_qty', 6, '#,##0'), col('Rate (%)', 'rate', 6, '0.00'),
  col('Royalty', 'royalty', 12), col('Calculation', 'status', 8), col('Invoice', 'buy_invoice_code', 10), col('Sold', 'created_at', 16, 'yyyy-mm-dd hh:mm'),
];
ws.getRow(1).font = { bold: true };
const BATCH = 10000;
let after = null;
let no = 0;
for (;;) {
  const { rows } = await client.query(\`select b.title, b.isbn, cu.name as customer_name, cu.country, r.sale_info, r.unit_price::text as unit_price,
      r.currency, r.qty, r.sample_qty, r.disuse_qty, b.rate::text as rate, round(r.unit_price * r.qty * b.rate / 100, 2)::text as royalty,
      r.buy_invoice_idx, inv.code as buy_invoice_code, to_char(r.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at,
      b.idx as book_idx, r.idx::float8 as idx
    from copyright_books b join royalty_lines r on r.book_idx = b.idx join royalty_customers cu on cu.idx = r.customer_idx
    left join buy_invoices inv on inv.idx = r.buy_invoice_idx and inv.company_idx = r.company_idx
    where b.company_idx = $1 and r.company_idx = $1
      and ($2::date is null or r.created_at >= $2::date::timestamp at time zone 'Asia/Seoul')
      and ($3::date is null or r.created_at < ($3::date + 1)::timestamp at time zone 'Asia/Seoul')
      and ($4::text is null or ((b.title, b.idx) >= ($4, $5::int) and (b.idx <> $5::int or r.idx > $6::float8)))
    order by b.title, b.idx, r.idx limit \${BATCH}\`, [companyIdx, from, to, after?.title ?? null, after?.book ?? null, after?.idx ?? null]);
  for (const r of rows) {
    const row = ws.addRow({
      no: ++no, title: r.title, isbn: r.isbn, customer_name: r.customer_name, country: country[r.country] ?? r.country, sale_info: r.sale_info,
      unit_price: Number(r.unit_price), currency: r.currency, qty: r.qty, sample_qty: r.sample_qty, disuse_qty: r.disuse_qty, rate: Number(r.rate),
      royalty: Number(r.royalty), status: r.buy_invoice_idx === null ? 'Uncalculated' : 'Calculated', buy_invoice_code: r.buy_invoice_code,
      created_at: new Date(r.created_at + 'Z'),
    });
    row.getCell('unit_price').numFmt = money[r.currency];
    row.getCell('royalty').numFmt = money[r.currency];
    row.commit();
  }
  if (rows.length < BATCH) break;
  const last = rows[rows.length - 1];
  after = { title: last.title, book: last.book_idx, idx: last.idx };
}
ws.commit();
await wb.commit();
await client.end();
const rss = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1] / 1024;
console.log(JSON.stringify({ rows: no, ms: performance.now() - t0, rssMb: rss, bytes }));
`;
function rawExceljs(root, dbUrl, companyIdx, range = [], nice = 0) {
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
  // printed as they come too: a later failure keeps the figures taken before it
  const push = (row) => {
    out.push(row);
    log(`${row.name}: ${round(row.value, 3)} ${row.unit}`);
  };
  const name = KEEP_DB ?? `portal_bench_exports_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    if (!exists) {
      ctx.sh(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-bench-seed-')),
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
    }
    await client.connect();
    const exec = async (s) => (await client.query(s)).rows;
    // the partner company of the demo seed is of another division, which cannot log in: made an AUT one here
    await exec(`update companies set code_company_division = 'AUT' where id = 'partner'`);
    const companies = new Map((await exec('select idx, id from companies')).map((c) => [c.id, c.idx]));
    const t0 = performance.now();
    for (const shape of SHAPES) await seedShape(exec, companies.get(shape.id), shape);
    await exec('vacuum (analyze) copyright_books');
    await exec('vacuum (analyze) royalty_lines');
    log(`seeded in ${round((performance.now() - t0) / 1000, 1)} s (${load()})`);
    // the last whole month of the seeded range, in the app's time zone
    const [{ start, end }] =
      await exec(`with m as (select date_trunc('month', now() at time zone '${TIME_ZONE}')::date - interval '1 month' as s)
      select to_char(m.s, 'YYYY-MM-DD') as start, to_char(m.s + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as end from m`);
    const count = async (companyIdx, range) =>
      (
        await client.query(
          `select count(*)::int as n from royalty_lines r where r.company_idx = $1
            and ($2::date is null or r.created_at >= $2::date::timestamp at time zone '${TIME_ZONE}')
            and ($3::date is null or r.created_at < ($3::date + 1)::timestamp at time zone '${TIME_ZONE}')`,
          [companyIdx, range?.[0] ?? null, range?.[1] ?? null],
        )
      ).rows[0].n;

    for (const shape of SHAPES) {
      const companyIdx = companies.get(shape.id);
      const total = await count(companyIdx);
      const monthRows = await count(companyIdx, [start, end]);
      const label = `${shape.perBook} lines/book`;
      // ours: a fresh built server per shape, its peak RSS after the unfiltered export
      const server = await ctx.startServer({ DATABASE_URL: dbUrl }, { built: true });
      const idleRss = peakRssMb(server.proc.pid);
      const token = await login(server.url, shape.id);
      const all = await download(server.url, token, {});
      const oursRss = peakRssMb(server.proc.pid);
      const oursLoad = load();
      const month = await download(server.url, token, { search_value: { startDate: start, endDate: end } });
      const monthLoad = load();
      await server.stop();
      const raw = await rawExceljs(ctx.root, dbUrl, companyIdx);
      const rawLoad = load();
      // our writer's thread runs at nice 19: on a busy machine that costs it throughput, so the script also runs so
      const rawNice = await rawExceljs(ctx.root, dbUrl, companyIdx, [], 19);
      const rawNiceLoad = load();
      const rawMonth = await rawExceljs(ctx.root, dbUrl, companyIdx, [start, end]);
      const rawMonthLoad = load();
      if (raw.rows !== total || rawMonth.rows !== monthRows)
        throw new Error(`the script wrote ${raw.rows} / ${rawMonth.rows} rows, not ${total} / ${monthRows}`);
      const rps = (rows, ms) => Math.round(rows / (ms / 1000));
      push({
        name: `${label}: unfiltered export of ${total.toLocaleString('en-US')} rows, lib/export`,
        value: rps(total, all.ms),
        unit: `rows/s (${round(all.ms)} ms, ${round(all.bytes / 1048576, 1)} MiB; peak RSS ${oursRss} MB, ${idleRss} MB before; ${oursLoad})`,
      });
      push({
        name: `${label}: the same rows, plain exceljs script`,
        value: rps(raw.rows, raw.ms),
        unit: `rows/s (${round(raw.ms)} ms, ${round(raw.bytes / 1048576, 1)} MiB; peak RSS ${round(raw.rssMb, 1)} MB; ${rawLoad})`,
      });
      push({
        name: `${label}: exceljs rows/s ÷ ours, unfiltered (back to exceljs if ≥ 0.8 and its memory ≤ 1.3 × ours)`,
        value: rps(raw.rows, raw.ms) / rps(total, all.ms),
        unit: `× (peak RSS exceljs ÷ ours ${round(raw.rssMb / oursRss)} ×)`,
      });
      push({
        name: `${label}: the same, the script at nice 19 (our writer's priority)`,
        value: rps(rawNice.rows, rawNice.ms),
        unit: `rows/s (${round(rawNice.ms)} ms; peak RSS ${round(rawNice.rssMb, 1)} MB; ${rawNiceLoad}; exceljs ÷ ours ${round(rps(rawNice.rows, rawNice.ms) / rps(total, all.ms))} ×)`,
      });
      push({
        name: `${label}: one-month export (${monthRows.toLocaleString('en-US')} rows, ${start}..${end}), lib/export`,
        value: rps(monthRows, month.ms),
        unit: `rows/s (${round(month.ms)} ms, ${monthLoad})`,
      });
      push({
        name: `${label}: one month, plain exceljs script`,
        value: rps(rawMonth.rows, rawMonth.ms),
        unit: `rows/s (${round(rawMonth.ms)} ms, ${rawMonthLoad}; exceljs ÷ ours ${round(rps(rawMonth.rows, rawMonth.ms) / rps(monthRows, month.ms))} ×)`,
      });
    }

    if (CONTENTION) {
      // the list's p99 while two unfiltered exports (of the 2 lines/book company) run ÷ alone, warm, timed with node:http
      const server = await ctx.startServer({ DATABASE_URL: dbUrl }, { built: true });
      const tA = await login(server.url, 'demo');
      const tB = await login(server.url, 'demo2');
      const list = `${server.url}/api/copyright/royalty?start=0&length=10&search_value=`;
      const headers = { authorization: `Bearer ${tB}`, 'cache-control': 'no-cache' };
      await timedWhile(list, headers, () => false, { min: 2000, max: 2000 });
      const alone = await timedWhile(list, headers, () => false, { min: 4000, max: 4000 });
      let running = 2;
      const exports = [downloadElsewhere(server.url, tA), downloadElsewhere(server.url, tA)].map((p) => p.finally(() => running--));
      await new Promise((r) => setTimeout(r, 300));
      const during = await timedWhile(list, headers, () => running > 0);
      const duringLoad = load();
      await Promise.all(exports);
      push({
        name: 'list p99 while two unfiltered exports run ÷ alone',
        value: round(percentile(during.times, 99) / percentile(alone.times, 99)),
        unit: `× (${during.p99} ms over ${during.n} req, ${duringLoad} / ${alone.p99} ms over ${alone.n} req)`,
      });
      await server.stop();
    }
  } finally {
    await client.end().catch(() => {});
    if (!KEEP_DB) {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  }
  return out;
}
