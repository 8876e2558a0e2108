// Issue 59: the royalty list's "royalty" order at 1M lines on PostgreSQL: one company, 5,000 books (rates 5 to 15.75 %),
// 1,000,000 lines. Per case (first page and page 100, royalty descending): the service call's time (median of 3 after a
// warming call) with the 1-minute load average, then `EXPLAIN (ANALYZE, BUFFERS)` of every statement the call ran, as the
// server runs them (prepared; PostgreSQL's plan choice after five runs), with its shared buffers and time.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/royalty_sort_measure npx tsx scripts/measure/royalty-sort.ts
// The database is migrated and seeded once (kept between runs); drop it after.
import os from 'node:os';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedReference } from '../../apps/server/src/db/seed/reference';
import { createCopyrightService } from '../../apps/server/src/modules/copyright/copyright.service';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL database (created if empty)');
const database = await openDatabase({ url });
await database.migrate();
const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;

const BOOKS = 5000;
const LINES = Number(process.env.LINES ?? 1_000_000);
if (!(await one<{ n: number }>(`select count(*)::int as n from companies where id = 'rsort1'`)).n) {
  await seedReference(database.db);
  const t0 = performance.now();
  const { idx } = await one<{
    idx: number;
  }>(`insert into companies (id, company_name, country, code_company_division, buy_on_credit, buy_consignment)
    values ('rsort1', 'Sort measure', 'KOR', 'AUT', 'Y', 'Y') returning idx`);
  await client.query(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
    select ${idx}, 'Book ' || lpad(g::text, 5, '0'), '979' || lpad(g::text, 10, '0'), date '2015-01-01' + g, 15000, 'KRW',
      case when g % 2 = 0 then 'sale' else 'net' end, ((5 + g % 11) || '.' || lpad((g % 4 * 25)::text, 2, '0'))::numeric
    from generate_series(1, ${BOOKS}) g`);
  await client.query(`insert into royalty_customers (name, country) select 'Sort measure customer ' || g, 'USA' from generate_series(1, 20) g
    on conflict do nothing`);
  await client.query(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, created_at, buy_invoice_idx, royalty)
    select ${idx}, bk.idx, (select min(idx) from royalty_customers where name like 'Sort measure customer %') + g % 20,
      p.price, case when g % 4 = 0 then 'USD' else 'KRW' end, 1 + g % 37,
      timestamptz '2023-07-01 00:00:00+00' + (g::float8 / ${LINES}) * interval '1095 days', null,
      round(p.price * (1 + g % 37) * bk.rate / 100, 2)
    from generate_series(1::bigint, ${LINES}::bigint) g
      cross join lateral (select ((1000 + (g * 7919) % 29000) || '.' || lpad((g % 100)::text, 2, '0'))::numeric(14, 2) as price) p
      join lateral (select b.idx, b.rate from copyright_books b where b.company_idx = ${idx} and b.isbn = '979' || lpad((1 + (g * 31) % ${BOOKS})::text, 10, '0')) bk on true`);
  await client.query('vacuum analyze');
  console.log(`seeded ${LINES} lines over ${BOOKS} books in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const { idx: companyIdx } = await one<{ idx: number }>(`select idx from companies where id = 'rsort1'`);
const { n: lineCount } = await one<{ n: number }>(`select count(*)::int as n from royalty_lines where company_idx = ${companyIdx}`);
const indexes = (await client.query(`select indexname from pg_indexes where tablename = 'royalty_lines' order by 1`)).rows.map(
  (r: { indexname: string }) => r.indexname,
);

const dialect = new PgDialect();
let captured: { sql: string; params: unknown[] }[] = [];
const db = new Proxy(database.db, {
  get(target, prop, receiver) {
    if (prop === 'execute')
      return (q: SQL) => {
        captured.push(dialect.sqlToQuery(q));
        return target.execute(q);
      };
    return Reflect.get(target, prop, receiver);
  },
});
const changes = { stamp: () => null, caughtUp: async () => {}, onChange: () => {} };
const service = createCopyrightService({
  db,
  changes,
  auth: { loginInfo: async () => ({ saleInfo_display: 'Y' }) },
  timeZone: 'Asia/Seoul',
  exporter: { interactive: <T>(f: () => Promise<T>) => f() },
} as unknown as Parameters<typeof createCopyrightService>[0]);

/** as the server runs it: prepared, planned by PostgreSQL's own choice (plan_cache_mode auto) after five executions */
async function explain(stmt: { sql: string; params: unknown[] }) {
  await client.query('deallocate all');
  const lit = (v: unknown) => (v === null || v === undefined ? 'null' : client.escapeLiteral(String(v)));
  if (stmt.params.length) await client.query(`prepare m as ${stmt.sql}`);
  const text = stmt.params.length ? `execute m(${stmt.params.map(lit).join(', ')})` : stmt.sql;
  for (let i = 0; i < 5; i++) await client.query(text);
  const plan = (await client.query(`explain (analyze, buffers) ${text}`)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']);
  return plan.join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const la = () => os.loadavg()[0]!.toFixed(2);
console.log(`company ${companyIdx}: ${lineCount} lines; royalty_lines indexes: ${indexes.join(', ')}; load ${la()}`);
for (const [name, start] of [
  ['royalty desc: first page', 0],
  ['royalty desc: page 100', 990],
] as const) {
  const times: number[] = [];
  let last: { dataset: { royalty: string }[]; total_cnt: number } | undefined;
  for (let i = 0; i < 4; i++) {
    captured = [];
    const t0 = performance.now();
    last = await service.royaltyList(companyIdx, { start, length: 10 }, {}, { sort: 'royalty', dir: 'desc' });
    if (i > 0) times.push(performance.now() - t0); // the first call warms the connection and the totals
  }
  console.log(
    `\n${name}: ${median(times).toFixed(2)} ms (median of 3: ${times.map((x) => x.toFixed(2)).join(', ')}; load ${la()}); ` +
      `page ${last!.dataset.length} of ${last!.total_cnt}, royalties ${last!.dataset.map((r) => r.royalty).join(' ')}`,
  );
  for (const s of captured) console.log(`-- ${s.sql.replace(/\s+/g, ' ').slice(0, 90)}\n${await explain(s)}`);
}
await client.end();
await database.close();
