// royalty-on-lib-lists.md: the royalty list's first page, page 100 and a date range not asked before, on PostgreSQL,
// for one company of ~100k lines beside three others of 50k. Per case: the time of the service call (median of 3, each
// on a fresh service: nothing kept) with the 1-minute load average, then `EXPLAIN (ANALYZE, BUFFERS)` of every
// statement the call ran (as the server runs them: one generic plan unless marked planned per call), with its
// shared buffers hit + read and rows.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/royalty_measure ROOT=<a checkout's root> npx tsx scripts/measure/royalty-list.ts
// ROOT defaults to this checkout; the database is migrated by ROOT's migrations and seeded once (kept between runs).
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL database (created if empty)');
const root = path.resolve(process.env.ROOT ?? '.');
const src = (p: string) => import(path.join(root, 'apps/server/src', p));
const { openDatabase } = await src('db/client.ts');
const { seedReference } = await src('db/seed/reference.ts');
const { createCopyrightService } = await src('modules/copyright/copyright.service.ts');

const database = await openDatabase({ url });
await database.migrate();
const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;

// ── seed (once) ─────────────────────────────────────────────────────────────────────────────────
const LINES = Number(process.env.LINES ?? 100_000);
if (!(await one<{ n: number }>(`select count(*)::int as n from companies where id like 'rmeasure%'`)).n) {
  await seedReference(database.db);
  for (const [k, lines] of [
    [1, LINES],
    [2, LINES / 2],
    [3, LINES / 2],
    [4, LINES / 2],
  ]) {
    const { idx } = await one<{
      idx: number;
    }>(`insert into companies (id, company_name, country, code_company_division, buy_on_credit, buy_consignment)
      values ('rmeasure${k}', 'Measure ${k}', 'KOR', 'AUT', 'Y', 'Y') returning idx`);
    // 2,000 books, half of them with sales; sales gather on few titles (a book's share falls with its rank squared)
    await client.query(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
      select ${idx}, (array['Moon','River','Garden','Winter','Letters'])[1 + g % 5] || ' ' || lpad(((g * 7919) % 2000)::text, 4, '0'),
        '979' || lpad((${k} * 100000 + g)::text, 10, '0'), date '2015-01-01' + g, 15000, 'KRW', case when g % 2 = 0 then 'sale' else 'net' end, 10
      from generate_series(1, 2000) g`);
    if (k === 1)
      await client.query(
        `insert into royalty_customers (name, country) select 'Measure customer ' || g, 'USA' from generate_series(1, 20) g`,
      );
    await client.query(`select setseed(0.${k})`);
    await client.query(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, created_at, buy_invoice_idx, royalty)
      select ${idx}, bk.idx, (select min(idx) from royalty_customers where name like 'Measure customer %') + g % 20,
        12000, case when g % 4 = 0 then 'USD' else 'KRW' end, 1 + g % 5,
        timestamptz '2023-07-01 00:00:00+00' + (g::float8 / ${lines}) * interval '1095 days', null, round(12000 * (1 + g % 5) * bk.rate / 100, 2)
      from (select g, 1 + floor(1000 * power(random(), 2))::int as rank from generate_series(1, ${lines}) g) s
      join lateral (select b.idx, b.rate from copyright_books b where b.company_idx = ${idx} and b.isbn = '979' || lpad((${k} * 100000 + s.rank * 2)::text, 10, '0')) bk on true`);
  }
  // a company of 100k copyright books registered as they are published (publication day follows the number)
  const { idx } = await one<{
    idx: number;
  }>(`insert into companies (id, company_name, country, code_company_division, buy_on_credit, buy_consignment)
    values ('rmeasure5', 'Measure 5', 'KOR', 'AUT', 'Y', 'Y') returning idx`);
  await client.query(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
    select ${idx}, 'Catalogue ' || g, '979' || lpad((500000 + g)::text, 10, '0'), date '2000-01-01' + g / 10, 15000, 'KRW',
      case when g % 2 = 0 then 'sale' else 'net' end, 10
    from generate_series(1, 100000) g`);
  await client.query('vacuum analyze');
}
const { idx: catalogueIdx } = await one<{ idx: number }>(`select idx from companies where id = 'rmeasure5'`);
const { idx: companyIdx } = await one<{ idx: number }>(`select idx from companies where id = 'rmeasure1'`);
const { n: lineCount } = await one<{ n: number }>(`select count(*)::int as n from royalty_lines where company_idx = ${companyIdx}`);

// ── statements of a call ────────────────────────────────────────────────────────────────────────
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
const service = () =>
  createCopyrightService({
    db,
    changes,
    auth: { loginInfo: async () => ({ saleInfo_display: 'Y' }) },
    timeZone: 'Asia/Seoul',
    exporter: { interactive: <T>(f: () => Promise<T>) => f() },
  });

interface Node {
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: Node[];
}
/** rows the plan's nodes handed up, summed over loops (what a statement touched) */
const handled = (n: Node): number => n['Actual Rows'] * n['Actual Loops'] + (n.Plans ?? []).reduce((s, c) => s + handled(c), 0);

/** as the server runs it: prepared, planned by PostgreSQL's own choice (plan_cache_mode auto) after five executions */
async function explain(stmt: { sql: string; params: unknown[] }) {
  await client.query('deallocate all');
  const lit = (v: unknown) => (v === null || v === undefined ? 'null' : client.escapeLiteral(String(v)));
  if (stmt.params.length) await client.query(`prepare m as ${stmt.sql}`);
  const text = stmt.params.length ? `execute m(${stmt.params.map(lit).join(', ')})` : stmt.sql;
  for (let i = 0; i < 5; i++) await client.query(text);
  const [{ 'QUERY PLAN': plans }] = (await client.query(`explain (analyze, buffers, format json) ${text}`)).rows;
  const [{ Plan: plan, 'Execution Time': ms }] = plans as { Plan: Node; 'Execution Time': number }[];
  return {
    buffers: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'],
    read: plan['Shared Read Blocks'],
    rows: plan['Actual Rows'],
    handled: handled(plan),
    ms: Math.round(ms * 100) / 100,
    head: stmt.sql.replace(/\s+/g, ' ').slice(0, 70),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const la = () => os.loadavg()[0]!.toFixed(2);
let fresh = 0;
// a range of days in the app's zone not asked before (each call a new one: nothing kept, nothing planned for it)
const newRange = () => {
  fresh++;
  return { startDate: `2024-03-${String(1 + fresh).padStart(2, '0')}`, endDate: `2025-08-${String(10 + fresh).padStart(2, '0')}` };
};
// the catalogue's last ~10 % of publication days (a range with more matches than lib/lists sorts: the number order is walked)
let recent = 0;
const recentRange = () => {
  recent++;
  return { startDate: `2026-${String(1 + recent).padStart(2, '0')}-01`, endDate: '2027-12-31' };
};
const cases: [string, () => [number, object], 'royaltyList' | 'booksList', number][] = [
  ['royalty: first page', () => [0, {}], 'royaltyList', companyIdx],
  ['royalty: page 100', () => [990, {}], 'royaltyList', companyIdx],
  ['royalty: new date range, first page', () => [0, newRange()], 'royaltyList', companyIdx],
  ['copyright books (100k): recent publication range, first page', () => [0, recentRange()], 'booksList', catalogueIdx],
  ['copyright books (100k): recent publication range, page 100', () => [990, recentRange()], 'booksList', catalogueIdx],
];
console.log(`root ${root}; company ${companyIdx}: ${lineCount} lines; load ${la()}`);
for (const [name, make, list, company] of cases) {
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < 4; i++) {
    const [start, filter] = make();
    captured = [];
    const t0 = performance.now();
    last = await service()[list](company, { start, length: 10 }, filter);
    if (i > 0) times.push(performance.now() - t0); // the first call warms the connection's statements
  }
  const statements = captured;
  const out = [];
  for (const s of statements)
    out.push(
      await explain(s).catch((e: Error) => {
        console.log(`   (not explained: ${e.message})`);
        return { buffers: 0, read: 0, rows: 0, handled: 0, ms: 0, head: s.sql.slice(0, 70) };
      }),
    );
  const sum = (k: 'buffers' | 'rows' | 'handled' | 'read') => out.reduce((n, o) => n + o[k], 0);
  const l = last as { dataset: unknown[]; total_cnt: number };
  console.log(
    `${name}: ${median(times).toFixed(2)} ms (median of 3: ${times.map((x) => x.toFixed(2)).join(', ')}; load ${la()}); ` +
      `${statements.length} statements, buffers ${sum('buffers')} (read ${sum('read')}), rows ${sum('rows')}, rows handled ${sum('handled')}; ` +
      `page ${l.dataset.length} of ${l.total_cnt}`,
  );
  for (const o of out) console.log(`   ${o.buffers} buffers (read ${o.read}), ${o.rows} rows, ${o.handled} handled, ${o.ms} ms: ${o.head}`);
}
await client.end();
await database.close();
