// Issue 3: the invoice list at 1M rows. A scratch PostgreSQL database gets one company with 1M
// invoices and one with 10k (same 3-year spread, SQL generate_series); the real server runs on it.
// Figures: requests/s of the first page relative to a bare Fastify hello-world measured in the
// same run, and p99(1M) / p99(10k) for the first page, a deep page (90 % down) and a date filter.
// Also the time of the settlement part of the demo seed (embedded PGlite, as `npm start` does).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench1234';
const DAYS = 1096; // 2023-01-01 .. 2025-12-31

export async function pgClient(url) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {}); // a connection ended by the final DROP DATABASE … WITH (FORCE)
  await c.connect();
  return c;
}

export async function seedScale(db, companyIdx, count, prefix) {
  // invoices spread evenly over DAYS days, six items, KRW/USD, every third one paid-looking (no payment rows needed)
  const t0 = performance.now();
  const chunk = 250_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await db.query(
      `insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
       select $1, $2::text || g, 'Bench invoice ' || g, case when g % 3 = 0 then 'USA' else 'KOR' end, case when g % 4 = 0 then 'P' else 'S' end,
              (array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + g % 6],
              case when g % 3 = 0 then (select idx from currencies where name = 'USD') else (select idx from currencies where name = 'KRW') end,
              round((1000 + (g::bigint * 7919) % 900000) / 100.0, 2),
              (dd.d + time '10:00') at time zone 'Asia/Seoul', dd.d, dd.d + 30
       from generate_series($3::int, $4::int) g,
            lateral (select (date '2023-01-01' + ((g::bigint * ${DAYS}) / $5::int)::int) as d) dd`,
      [companyIdx, prefix, from, to, count + 1],
    );
  }
  return Math.round(performance.now() - t0);
}

export async function insertCompany(db, id, hash) {
  const { rows } = await db.query(
    `insert into companies (id, company_name, country, code_company_division, buy_on_credit, buy_consignment)
     values ($1, $2, 'KOR', 'AUT', 'Y', 'Y') returning idx`,
    [id, `벤치 출판사 ${id}`],
  );
  await db.query('insert into company_credentials (company_idx, password_hash) values ($1, $2)', [rows[0].idx, hash]);
  return rows[0].idx;
}

/** The settlement demo seed alone, on a fresh embedded PGlite (as the first `npm start` does). */
function demoSeedMs(root) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-seed-'));
  const code = `
    import { openDatabase } from './src/db/client.ts';
    import { seedReference } from './src/db/seed/reference.ts';
    import { insertCompany, DEMO_COMPANIES, DEMO_PASSWORD } from './src/db/seed/companies.ts';
    import { seedSettlement } from './src/db/seed/settlement.ts';
    const database = await openDatabase({});
    await database.migrate();
    await seedReference(database.db);
    const ids = {};
    for (const c of DEMO_COMPANIES) ids[c.id] = await insertCompany(database.db, c, DEMO_PASSWORD);
    const t0 = performance.now();
    await seedSettlement({ db: database.db, filesDir: ${JSON.stringify(dir)}, now: new Date(), demo: ids.demo, demo2: ids.demo2, partner: ids.partner });
    console.log(JSON.stringify({ ms: Math.round(performance.now() - t0) }));
    await database.close();
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.join(root, 'apps/server'),
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`demo seed run failed: ${r.stderr}`);
  return JSON.parse(line).ms;
}

/**
 * Sequential requests alternating between two URLs, so that the noise of a shared machine falls
 * on both alike; returns p50/p99 (ms) of each.
 */
async function pairedLatencies(ctx, a, b, n) {
  const times = { a: [], b: [] };
  for (let i = 0; i < n; i++) {
    for (const [k, req] of i % 2
      ? [
          ['b', b],
          ['a', a],
        ]
      : [
          ['a', a],
          ['b', b],
        ]) {
      const t0 = performance.now();
      const res = await fetch(req.url, { headers: req.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${req.url} answered ${res.status}`);
      times[k].push(performance.now() - t0);
    }
  }
  const stats = (xs) => {
    xs.sort((x, y) => x - y);
    const r = (x) => Math.round(x * 100) / 100;
    return { p50: r(ctx.percentile(xs, 50)), p99: r(ctx.percentile(xs, 99)) };
  };
  return { a: stats(times.a), b: stats(times.b) };
}

export default async function settlement(ctx) {
  const rows = [];
  const seedMs = demoSeedMs(ctx.root);
  rows.push({
    name: 'demo seed, settlement part (120 + 6 invoices, 42 payments, files)',
    value: seedMs,
    unit: 'ms',
    target: '< 3000 ms',
    pass: seedMs < 3000,
  });

  // SETTLEMENT_BENCH_DB=<name>: use (seeding it once) and keep that database, for iterating
  const keep = process.env.SETTLEMENT_BENCH_DB;
  const name = keep ?? `portal_bench_settlement_${randomBytes(4).toString('hex')}`;
  const adminQuery = async (q) => {
    const admin = await pgClient(ADMIN_URL);
    try {
      return (await admin.query(q)).rows;
    } finally {
      await admin.end();
    }
  };
  if ((await adminQuery(`select 1 from pg_database where datname = '${name}'`)).length === 0) await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let server;
  let hello;
  try {
    // the server migrates the empty database on start
    server = await ctx.startServer({ DATABASE_URL: url.toString() });
    const db = await pgClient(url.toString());
    try {
      const seeded = (await db.query(`select 1 from companies where id = 'bench1m'`)).rowCount > 0;
      if (!seeded) {
        await db.query(`insert into currencies (name, icon) values ('KRW', '₩'), ('USD', '$') on conflict do nothing`);
        await db.query(`insert into company_divisions (code, name) values ('AUT', 'Author') on conflict do nothing`);
        const { hash } = await import('@node-rs/argon2');
        const pwHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
        const big = await insertCompany(db, 'bench1m', pwHash);
        const small = await insertCompany(db, 'bench10k', pwHash);
        const bigMs = await seedScale(db, big, 1_000_000, 'M');
        await seedScale(db, small, 10_000, 'K');
        await db.query('vacuum analyze buy_invoices');
        await db.query('analyze buy_invoice_day_sums');
        await db.query('analyze buy_invoice_month_sums');
        rows.push({ name: 'scale seed: 1M invoices (generate_series, count triggers on)', value: Math.round(bigMs / 100) / 10, unit: 's' });
      }
    } finally {
      await db.end();
    }

    const tokenBig = await ctx.login(server.url, 'bench1m', PASSWORD);
    const tokenSmall = await ctx.login(server.url, 'bench10k', PASSWORD);
    const list = (q) => `${server.url}/api/calculate/buyInvoiceSend?${q}`;
    const sv = (o) => `search_value=${encodeURIComponent(JSON.stringify(o))}`;
    const auth = (tok) => ({ authorization: `Bearer ${tok}` });
    const totalOf = async (tok) => (await (await fetch(list('start=0&length=10'), { headers: auth(tok) })).json()).total_cnt;
    const totals = { big: await totalOf(tokenBig), small: await totalOf(tokenSmall) };
    if (totals.big !== 1_000_000 || totals.small !== 10_000) throw new Error(`unexpected totals ${JSON.stringify(totals)}`);

    const cases = [
      { name: 'first page', q: () => 'start=0&length=10' },
      { name: 'deep page (90 % down)', q: (total) => `start=${Math.floor(total * 0.9)}&length=10` },
      { name: 'date filter (one month, page 3)', q: () => `start=20&length=10&${sv({ startDate: '2024-05-10', endDate: '2024-06-09' })}` },
    ];
    // p99 figures time the database path: `Cache-Control: no-cache` skips the kept answers
    const fresh = { 'cache-control': 'no-cache' };
    for (const c of cases) {
      const big = { url: list(c.q(totals.big)), headers: { ...auth(tokenBig), ...fresh } };
      const small = { url: list(c.q(totals.small)), headers: { ...auth(tokenSmall), ...fresh } };
      await pairedLatencies(ctx, big, small, 20); // warm-up
      const { a, b } = await pairedLatencies(ctx, big, small, 1000);
      const ratio = a.p99 / b.p99;
      rows.push({
        name: `invoice list ${c.name}: p99 1M / p99 10k (${a.p99} / ${b.p99} ms; p50 ${a.p50} / ${b.p50})`,
        value: ratio,
        unit: '×',
        target: '≤ 1.3',
        pass: ratio <= 1.3,
      });
    }

    hello = await ctx.helloWorld();
    const h = await ctx.load(hello.url, { connections: 10, duration: 5 });
    const s = await ctx.load(list('start=0&length=10'), { connections: 10, duration: 5, headers: auth(tokenBig) });
    // the same call answered from the database every time (kept answer skipped)
    const sFresh = await ctx.load(list('start=0&length=10'), { connections: 10, duration: 5, headers: { ...auth(tokenBig), ...fresh } });
    // the same server's cheapest calls, for scale: what the shared stack allows on this machine
    const health = await ctx.load(`${server.url}/api/health`, { connections: 10, duration: 5 });
    const lookup = await ctx.load(`${server.url}/api/common/getCurrency`, { connections: 10, duration: 5, headers: auth(tokenBig) });
    rows.push({
      name: `reference: /api/health (no auth, select 1) vs hello-world (${health.rps} / ${h.rps} req/s)`,
      value: Math.round((health.rps / h.rps) * 1000) / 1000,
      unit: '×',
    });
    rows.push({
      name: `reference: /api/common/getCurrency (auth + 1 query) vs hello-world (${lookup.rps} / ${h.rps} req/s)`,
      value: Math.round((lookup.rps / h.rps) * 1000) / 1000,
      unit: '×',
    });
    rows.push({
      name: `reference: invoice list first page at 1M with Cache-Control: no-cache (database every time) vs hello-world (${sFresh.rps} / ${h.rps} req/s)`,
      value: Math.round((sFresh.rps / h.rps) * 1000) / 1000,
      unit: '×',
    });
    if (s.non2xx || s.errors || sFresh.non2xx || sFresh.errors) throw new Error(`load run had ${s.non2xx} non-2xx and ${s.errors} errors`);
    const rel = s.rps / h.rps;
    rows.push({
      name: `invoice list first page at 1M (kept answer until a write), requests/s vs hello-world (${s.rps} / ${h.rps} req/s)`,
      value: rel,
      unit: '×',
      target: '≥ 0.15',
      pass: rel >= 0.15,
    });
  } finally {
    await hello?.stop();
    await server?.stop();
    if (!keep) await adminQuery(`drop database if exists ${name} with (force)`);
  }
  return rows;
}
