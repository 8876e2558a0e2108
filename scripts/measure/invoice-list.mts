// The invoice list's figure (docs/decisions/invoice-list-on-listpage.md): one company of 100k invoices on PostgreSQL;
// the service's statements for the first page, page 100 and a date range never asked before, each under
// EXPLAIN (ANALYZE, BUFFERS) (shared buffers hit + read, rows), and the service call's time (median of 3, no kept
// figures: every call reads the database) with the load average. From <tree>/apps/server:
//   SRC=$PWD/src npx tsx ../../scripts/measure/invoice-list.mts seed   (once: drops and seeds settle_fig)
//   SRC=$PWD/src npx tsx ../../scripts/measure/invoice-list.mts        (for each tree: before and after)
import os from 'node:os';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const SRC = process.env.SRC!;
const NAME = process.env.FIG_DB ?? 'settle_fig';
const URL_ = `postgres://postgres@127.0.0.1:5432/${NAME}`;
const { default: pg } = await import('pg');
const { openDatabase } = await import(`${SRC}/db/client.ts`);

if (process.argv[2] === 'seed') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const { seedReference } = await import(`${SRC}/db/seed/reference.ts`);
  const fresh = await openDatabase({ url: URL_ });
  await fresh.migrate();
  await seedReference(fresh.db);
  await fresh.close();
  const seeder = new pg.Client({ connectionString: URL_ });
  await seeder.connect();
  const DAYS = 1096;
  for (const [id, count] of [
    ['fig100k', 100_000],
    ['fig10k', 10_000],
  ] as const) {
    const { rows } = await seeder.query(
      `insert into companies (id, company_name, country, code_company_division, buy_on_credit, buy_consignment) values ($1, $1, 'KOR', 'AUT', 'Y', 'Y') returning idx`,
      [id],
    );
    await seeder.query(
      `insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
       select $1, $2::text || g, 'Fig invoice ' || g, 'KOR', 'S',
              (array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + g % 6],
              case when g % 3 = 0 then (select idx from currencies where name = 'USD') else (select idx from currencies where name = 'KRW') end,
              round((1000 + (g::bigint * 7919) % 900000) / 100.0, 2),
              (dd.d + time '10:00') at time zone 'Asia/Seoul', dd.d, dd.d + 30
       from generate_series(1, $3::int) g, lateral (select (date '2023-01-01' + ((g::bigint * ${DAYS}) / ($3::int + 1))::int) as d) dd`,
      [rows[0].idx, id, count],
    );
  }
  await seeder.query('vacuum analyze');
  await seeder.end();
  process.exit(0);
}

const { createSettlementService } = await import(`${SRC}/modules/settlement/settlement.service.ts`);
const database = await openDatabase({ url: URL_ });
const db = database.db;
const dialect = new PgDialect();
let log: { sql: string; params: unknown[] }[] | null = null;
const exec = db.execute.bind(db);
// every statement the service sends (queryRows hands drizzle the SQL template itself) is recorded while `log` is set
db.execute = ((q: SQL) => {
  if (log) {
    const built = dialect.sqlToQuery(q);
    log.push({ sql: built.sql, params: built.params });
  }
  return exec(q);
}) as typeof db.execute;
const client = new pg.Client({ connectionString: URL_ });
await client.connect();
const [{ idx }] = (await client.query(`select idx from companies where id = 'fig100k'`)).rows;
const service = createSettlementService({ db, files: undefined as never });

const dd = (n: number) => String(n).padStart(2, '0');
const cases = [
  { name: 'first page', start: 0, sv: (_: number) => ({}) },
  { name: 'page 100', start: 990, sv: (_: number) => ({}) },
  // a new range each call (FIG_RUN=1 for the second tree: other ranges again)
  {
    name: 'new date range',
    start: 0,
    sv: (i: number) => ({ startDate: `2024-03-${dd(1 + (i % 28))}`, endDate: `2024-08-${dd(1 + ((i * 3) % 28))}` }),
  },
];
let run = Number(process.env.FIG_RUN ?? 0) * 30;
for (const c of cases) {
  const times: number[] = [];
  // warm-up calls (a prepared statement keeps its generic plan after five, as in a server that has run a while), then 3 timed calls
  for (let i = 0; i < (process.env.FIG_WARM ? Number(process.env.FIG_WARM) : 6); i++)
    await service.invoices(idx, { start: c.start, length: 10, search_value: c.sv(run++) });
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await service.invoices(idx, { start: c.start, length: 10, search_value: c.sv(run++) });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  log = [];
  const answer = await service.invoices(idx, { start: c.start, length: 10, search_value: c.sv(run++) });
  const statements = log;
  log = null;
  const figures = [];
  for (const s of statements) {
    const r = await client.query(`explain (analyze, buffers, format json) ${s.sql}`, s.params);
    const plan = r.rows[0]['QUERY PLAN'][0];
    figures.push({
      hit: plan.Plan['Shared Hit Blocks'],
      read: plan.Plan['Shared Read Blocks'],
      rows: plan.Plan['Actual Rows'],
      ms: plan['Execution Time'],
      planMs: plan['Planning Time'],
      sql: s.sql.replace(/\s+/g, ' ').slice(0, 90),
    });
  }
  const sum = (k: 'hit' | 'read' | 'rows' | 'ms' | 'planMs') => Math.round(figures.reduce((n, f) => n + f[k], 0) * 1000) / 1000;
  console.log(
    JSON.stringify({
      case: c.name,
      total: answer.total_cnt,
      first: answer.dataset[0]?.idx,
      statements: figures.length,
      hit: sum('hit'),
      read: sum('read'),
      rows: sum('rows'),
      execMs: sum('ms'),
      planMs: sum('planMs'),
      medianMs: Math.round(times[1]! * 100) / 100,
      load: os.loadavg().map((x) => Math.round(x * 100) / 100),
    }),
  );
  for (const f of figures) console.log('   ', JSON.stringify(f));
}
await client.end();
await database.close();
