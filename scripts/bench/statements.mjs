// Issue 18: issuing royalty statements for BENCH_STATEMENT_COMPANIES companies (default 1,000) with
// BENCH_STATEMENT_LINES royalty lines each (default 1,000) in one month, on a scratch PostgreSQL database,
// through the real CLI (`npm run portal -- statements issue 2026-10`, PDFs into a local file store).
// Figures: lines/s and statements/s of the first issue, the time of a second issue (nothing changed:
// nothing issued), peak RSS of the CLI process, and the load average of the machine while it ran.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPANIES = Number(process.env.BENCH_STATEMENT_COMPANIES ?? 1000);
const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 1000);
const BOOKS = 20;
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const log = (...a) => console.log('   ·', ...a);

/** Runs the portal CLI (node --import tsx, so the pid measured is the process doing the work). */
function portal(root, args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/tools/portal.ts', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let peakKb = 0;
    const loads = [];
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // exited
      }
      loads.push(os.loadavg()[0]);
    }, 250);
    proc.stdout.on('data', (c) => (out += c));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`portal ${args.join(' ')} exited ${code}: ${out.slice(-500)}`));
      resolve({
        ms: performance.now() - started,
        out,
        peakMb: round(peakKb / 1024, 1),
        load: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length), 1),
      });
    });
  });
}

export default async function statements({ root }) {
  const { default: pg } = await import('pg');
  const name = `portal_bench_statements_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-statements-'));
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    FILE_STORE: 'local',
    APP_TIME_ZONE: 'Asia/Seoul',
    STATEMENT_PERIOD: 'month',
  };
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // migrate (a period without lines issues nothing), then the rows in bulk
    await portal(root, ['statements', 'issue', '2000-01'], env);
    await db.connect();
    const t0 = performance.now();
    await db.query(`insert into companies (id, company_name, country, code_company_division)
      select 'bench' || g, '벤치 출판사 ' || g, case when g % 10 = 0 then 'USA' else 'KOR' end, 'AUT' from generate_series(1, ${COMPANIES}) g`);
    await db.query(`insert into royalty_customers (name, country) values ('Bench Kyobo', 'KOR') on conflict do nothing`);
    await db.query(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
      select c.idx, '벤치 도서 ' || lpad(b::text, 3, '0'), lpad((c.idx * 100 + b)::text, 13, '9'), date '2024-01-01', 15000, 'KRW', 'sale', 5 + b % 11
      from companies c, generate_series(1, ${BOOKS}) b where c.id like 'bench%'`);
    // LINES lines per company in October 2026 (Seoul), each book at up to three prices
    await db.query(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, sample_qty, disuse_qty, created_at, royalty)
      select bk.company_idx, r.idx, (select idx from royalty_customers where name = 'Bench Kyobo'), 10000 + (g % 3) * 1500, 'KRW',
        1 + g % 40, case when g % 7 = 0 then 1 else 0 end, case when g % 17 = 0 then 1 else 0 end,
        timestamptz '2026-10-01 00:00:00+09' + ((g * 2663) % (31 * 86400)) * interval '1 second',
        round((10000 + (g % 3) * 1500) * (1 + g % 40) * r.rate / 100, 2)
      from (select b.company_idx, array_agg(b.idx order by b.idx) as ids from copyright_books b join companies c on c.idx = b.company_idx
            where c.id like 'bench%' group by b.company_idx) bk
        cross join generate_series(1, ${LINES}) g
        cross join lateral (select idx, rate from copyright_books where idx = bk.ids[1 + g % ${BOOKS}]) r`);
    await db.query('analyze');
    log(`seeded ${COMPANIES} companies × ${LINES} lines in ${round((performance.now() - t0) / 1000, 1)} s`);

    const loadBefore = round(os.loadavg()[0], 1);
    const first = await portal(root, ['statements', 'issue', '2026-10'], env);
    log(first.out.trim().split('\n').at(-1));
    const issued = Number(/: (\d+) statement\(s\) issued/.exec(first.out)?.[1] ?? NaN);
    const again = await portal(root, ['statements', 'issue', '2026-10'], env);
    log(again.out.trim().split('\n').at(-1));
    const pdfDir = path.join(dataDir, 'files', 'royalty_statement');
    const pdfs = readdirSync(pdfDir);
    const bytes = pdfs.reduce((n, f) => n + statSync(path.join(pdfDir, f)).size, 0);
    const lines = COMPANIES * LINES;
    return [
      { name: 'statements issued', value: issued, unit: `(${COMPANIES} companies × ${LINES} lines)`, pass: issued === COMPANIES },
      { name: 'royalty lines/s (first issue, PDFs included)', value: round(lines / (first.ms / 1000), 0), unit: 'lines/s' },
      { name: 'statements/s (first issue)', value: round(issued / (first.ms / 1000), 1), unit: 'statements/s' },
      { name: 'first issue wall time', value: round(first.ms / 1000, 1), unit: 's' },
      { name: 'peak RSS of the CLI (first issue)', value: first.peakMb, unit: 'MB', target: '< 512', pass: first.peakMb < 512 },
      {
        name: 'second issue, nothing changed (nothing issued)',
        value: round(again.ms / 1000, 1),
        unit: 's',
        pass: /: 0 statement\(s\) issued/.test(again.out),
      },
      { name: 'mean PDF size', value: round(bytes / pdfs.length / 1024, 1), unit: 'KiB' },
      { name: 'load average (1 min) before / during', value: `${loadBefore} / ${first.load}`, unit: `(${os.cpus().length} cores)` },
    ];
  } finally {
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
