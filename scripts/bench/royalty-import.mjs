// Issue 15: the royalty-lines import of a 1,000,000-line CSV on PostgreSQL, through the API (issue 56: the
// built server as `npm start` runs it, the file POSTed and imported as a job, its run polled to its end with
// its progress printed; the peak RSS is the server process's),
// against a plain `\copy royalty_lines … from` of the same rows by psql into the same table (same indexes
// and summary triggers; the table is emptied before each). Figures: rows/s of both, their ratio (goal
// ≥ 0.25), the import's peak RSS (goal ≤ 300 MiB), each with the load average when it was measured.
//
// Run alone: `node --import tsx scripts/bench/royalty-import.mjs` or `npm run bench royalty-import`.
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_IMPORT_LINES (default 1,000,000),
// BENCH_IMPORT_PORT (the server's port, default 4102).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startOptions } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 1_000_000);
const BOOKS = 1000;
const CUSTOMERS = 50;
const DB_NAME = 'portal_bench_import';
const COMPANY = 'bench-import';
const RATIO_GOAL = 0.25;
const RSS_GOAL_MIB = 300;
const root = path.resolve(import.meta.dirname, '../..');
/** the built server's port (BENCH_IMPORT_PORT) */
const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 4102);
const here = fileURLToPath(import.meta.url);
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const log = (...a) => console.log('   ·', ...a);

function dbUrl() {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** ISBN-13 with its check digit from 12 digits. */
function isbn13(first12) {
  let s = 0;
  for (let i = 0; i < 12; i++) s += Number(first12[i]) * (i % 2 ? 3 : 1);
  return first12 + ((10 - (s % 10)) % 10);
}
const bookIsbn = (b) => isbn13(`979119${String(b).padStart(6, '0')}`);
const customerName = (c) => `Bench Customer ${String(c).padStart(3, '0')}`;

/** The values of line i (the same for the CSV of the import and the COPY file). */
/** the bench books' royalty rate, in percent (an integer) */
const BOOK_RATE = 10;

/** A line's royalty as royalty_lines stores it: unit price × copies × rate / 100, to the cent, half away from zero (the COPY baseline writes the column too). */
function royaltyOf(l) {
  const cents = Math.floor((Math.round(Number(l.price) * 100) * l.qty * BOOK_RATE + 50) / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function line(i) {
  const day = new Date(Date.UTC(2024, 0, 1) + (i % 540) * 86400000).toISOString().slice(0, 10);
  return {
    ref: `BL-${String(i).padStart(8, '0')}`,
    book: 1 + ((i * 7919) % BOOKS),
    customer: 1 + ((i * 31) % CUSTOMERS),
    day,
    price: `${5 + (i % 300)}.${String(i % 100).padStart(2, '0')}`,
    currency: i % 5 === 0 ? 'USD' : 'KRW',
    qty: 1 + (i % 40),
    sample: i % 7 === 0 ? 1 : 0,
    disuse: i % 17 === 0 ? 1 : 0,
    info: ['Online bookstore', 'Offline bookstore', 'E-book'][i % 3],
  };
}

/** Writes `n` lines through `row` to a file, respecting backpressure. */
async function writeFile(file, header, n, row) {
  const out = createWriteStream(file);
  if (header) out.write(`${header}\n`);
  for (let i = 0; i < n; i++) if (!out.write(`${row(i)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** Child: migrate, fill the reference tables (idempotent) and create an operator; its login as JSON. */
async function child() {
  const { openDatabase } = await import(pathToFileURL(path.join(root, 'apps/server/src/db/client.ts')).href);
  const database = await openDatabase({ url: dbUrl(), poolMax: 2 });
  try {
    const { seedReference } = await import(pathToFileURL(path.join(root, 'apps/server/src/db/seed/reference.ts')).href);
    const { createOperator } = await import(pathToFileURL(path.join(root, 'apps/server/src/test/factories.ts')).href);
    await database.migrate();
    await seedReference(database.db);
    const op = await createOperator(database.db);
    process.stdout.write(`${JSON.stringify({ id: op.id, password: op.password })}\n`);
  } finally {
    await database.close();
  }
}

/** Peak RSS of a process (Linux: VmHWM), in KiB. */
const peakRssKiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/**
 * The import through the API as an operator does it (issue 56): the built server (`npm start`'s command, its
 * production defaults) on a port of its own, the file POSTed as multipart (streamed from disk), answered 202
 * with its run, and the run polled until its job is over, its progress printed as it goes. The time is from
 * the first byte sent to the run finished; the peak RSS is the server process's.
 */
async function importThroughApi(file, login) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-app-'));
  const server = spawn(process.execPath, [...startOptions(), 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl(),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const address = `http://127.0.0.1:${PORT}`;
  try {
    for (let i = 0; ; i++) {
      const ready = await fetch(`${address}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (i > 600 || server.exitCode !== null) throw new Error('the server did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`${address}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const auth = { authorization: `Bearer ${(await res.json()).access_token}` };
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'royalty-lines.csv');
    const t0 = performance.now();
    const posted = await fetch(`${address}/api/admin/imports/royalty-lines`, { method: 'POST', headers: auth, body: form });
    if (posted.status !== 202) throw new Error(`upload answered ${posted.status}: ${await posted.text()}`);
    let run = await posted.json();
    const answeredMs = performance.now() - t0;
    log(`upload answered 202 in ${round(answeredMs / 1000, 1)} s: run ${run.id} ${run.status}`);
    for (let polls = 1; run.status === 'queued' || run.status === 'running'; polls++) {
      await new Promise((r) => setTimeout(r, 1000));
      const polled = await fetch(`${address}/api/admin/import-runs/${run.id}`, { headers: auth });
      if (!polled.ok) {
        // a poll may be refused while the job keeps the process busy (load shedding: 503 with Retry-After): ask again
        log(`poll of run ${run.id} answered ${polled.status}: ${(await polled.text()).slice(0, 120)}`);
        continue;
      }
      run = await polled.json();
      if (polls % 15 === 0 || !['queued', 'running'].includes(run.status))
        log(
          `run ${run.id} ${run.status}: ${run.phase}, ${run.rows_read.toLocaleString('en-US')} read, ${run.rows_written.toLocaleString('en-US')} written`,
        );
    }
    const ms = performance.now() - t0;
    const report = run.report ?? {};
    return {
      ms,
      answeredMs,
      status: run.status,
      committed: report.committed,
      rows: report.rows,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      errors: (report.errors ?? []).slice(0, 3),
      maxRssKiB: peakRssKiB(server.pid),
    };
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function runChild(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', here, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child ${args[0]} exited ${code}`))));
  });
}

export default async function royaltyImportBench() {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount;
  if (!exists) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const login = JSON.parse(await runChild(['migrate']));
  // the server as `npm start` runs it: built from this tree first
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('the server build failed');

  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
  const out = [];
  try {
    const exec = async (s, params) => (await client.query(s, params)).rows;
    await exec(
      `insert into companies (id, company_name, country, code_company_division) values ($1, 'Bench Import', 'KOR', 'AUT')
      on conflict (id) do nothing`,
      [COMPANY],
    );
    const [{ idx: company }] = await exec('select idx from companies where id = $1', [COMPANY]);
    const isbns = Array.from({ length: BOOKS }, (_, b) => bookIsbn(b + 1));
    await exec(
      `insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
       select $1, 'Bench book ' || i.isbn, i.isbn, date '2020-01-01', 15000, 'KRW', 'sale', ${BOOK_RATE} from unnest($2::text[]) i(isbn)
       on conflict (company_idx, isbn) do nothing`,
      [company, isbns],
    );
    const names = Array.from({ length: CUSTOMERS }, (_, c) => customerName(c + 1));
    await exec(`insert into royalty_customers (name, country) select n, 'KOR' from unnest($1::text[]) n on conflict (name) do nothing`, [
      names,
    ]);
    const bookIdx = new Map(
      (await exec('select isbn, idx from copyright_books where company_idx = $1', [company])).map((r) => [r.isbn, r.idx]),
    );
    const customerIdx = new Map((await exec('select name, idx from royalty_customers')).map((r) => [r.name, r.idx]));

    const csv = path.join(dir, 'royalty-lines.csv');
    const copyFile = path.join(dir, 'royalty-lines.copy.csv');
    let t0 = performance.now();
    await writeFile(
      csv,
      'line_ref,company_id,isbn,customer,sold_at,unit_price,currency,qty,sample_qty,disuse_qty,sale_info',
      LINES,
      (i) => {
        const l = line(i);
        return `${l.ref},${COMPANY},${isbns[l.book - 1]},${customerName(l.customer)},${l.day},${l.price},${l.currency},${l.qty},${l.sample},${l.disuse},${l.info}`;
      },
    );
    // the same rows as the import writes them: its idx values resolved, a date as 12:00 UTC
    await writeFile(copyFile, '', LINES, (i) => {
      const l = line(i);
      return `${company},${l.ref},${bookIdx.get(isbns[l.book - 1])},${customerIdx.get(customerName(l.customer))},${l.day}T12:00:00Z,${l.price},${l.currency},${l.qty},${l.sample},${l.disuse},${l.info},${royaltyOf(l)}`;
    });
    log(`wrote ${LINES.toLocaleString('en-US')} lines twice in ${round((performance.now() - t0) / 1000, 1)} s`);

    // the bench database holds only this bench's lines: emptying the lines and their sums together keeps the sums exact
    const empty = () => exec('truncate royalty_lines, royalty_line_day_sums, royalty_line_month_sums');

    // (b) plain COPY by psql
    await empty();
    const copyLoad = load();
    t0 = performance.now();
    const psql = spawnSync(
      'psql',
      [
        dbUrl(),
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `\\copy royalty_lines (company_idx, line_ref, book_idx, customer_idx, created_at, unit_price, currency, qty, sample_qty, disuse_qty, sale_info, royalty) from '${copyFile}' with (format csv)`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (psql.status !== 0) throw new Error(`psql exited ${psql.status}`);
    const copyS = (performance.now() - t0) / 1000;
    const copyRate = Math.round(LINES / copyS);
    const [{ n: copied }] = await exec('select count(*)::int as n from royalty_lines');
    if (copied !== LINES) throw new Error(`COPY wrote ${copied} lines`);
    log(`COPY: ${round(copyS, 1)} s, ${copyRate} rows/s (load ${copyLoad})`);

    // (a) the import, in a child process
    await empty();
    const importLoad = load();
    const result = await importThroughApi(csv, login);
    if (!result.committed || result.created !== LINES) throw new Error(`import did not create every line: ${JSON.stringify(result)}`);
    const importRate = Math.round(LINES / (result.ms / 1000));
    const rssMiB = round(result.maxRssKiB / 1024, 1);
    log(`import: ${round(result.ms / 1000, 1)} s, ${importRate} rows/s, peak RSS ${rssMiB} MiB (load ${importLoad})`);
    // the summary triggers counted every imported line
    const [{ n: summed }] = await exec(
      `select coalesce(sum(cnt), 0)::int as n from royalty_line_month_sums where company_idx = ${company}`,
    );
    if (summed !== LINES) throw new Error(`month sums count ${summed} lines`);

    // a second import of the same file: every line found again, nothing written
    const againLoad = load();
    const again = await importThroughApi(csv, login);
    if (!again.committed || again.unchanged !== LINES) throw new Error(`re-import changed lines: ${JSON.stringify(again)}`);
    const againRate = Math.round(LINES / (again.ms / 1000));
    log(
      `re-import (all unchanged): ${round(again.ms / 1000, 1)} s, ${againRate} rows/s, peak RSS ${round(again.maxRssKiB / 1024, 1)} MiB (load ${againLoad})`,
    );

    const n = LINES.toLocaleString('en-US');
    const ratio = importRate / copyRate;
    out.push(
      { name: `plain psql \\copy of ${n} royalty lines (load ${copyLoad})`, value: copyRate, unit: 'rows/s' },
      { name: `royalty-lines import of ${n} lines through the API, a job (load ${importLoad})`, value: importRate, unit: 'rows/s' },
      { name: `import / COPY rows/s (load ${importLoad})`, value: ratio, target: `≥ ${RATIO_GOAL}`, pass: ratio >= RATIO_GOAL },
      {
        name: `import peak RSS, ${n} lines (load ${importLoad})`,
        value: rssMiB,
        unit: 'MiB',
        target: `≤ ${RSS_GOAL_MIB} MiB`,
        pass: rssMiB <= RSS_GOAL_MIB,
      },
      { name: `re-import of the same ${n} lines, all unchanged (load ${againLoad})`, value: againRate, unit: 'rows/s' },
      {
        name: `re-import peak RSS (load ${againLoad})`,
        value: round(again.maxRssKiB / 1024, 1),
        unit: 'MiB',
        target: `≤ ${RSS_GOAL_MIB} MiB`,
        pass: again.maxRssKiB / 1024 <= RSS_GOAL_MIB,
      },
    );
  } finally {
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] === here) {
  if (process.argv[2] === 'migrate') await child();
  else
    for (const r of await royaltyImportBench())
      console.log(`${r.name}: ${r.value} ${r.unit ?? ''}${r.target ? `  (target ${r.target}${r.pass ? ', met' : ', NOT met'})` : ''}`);
}
