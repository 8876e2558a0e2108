// Issue 17: every §7 list fast at scale (lib/lists). A PostgreSQL database (kept between runs and
// reused when its data is there) gets one big company and one with 10k rows per list, seeded with SQL
// generate_series; the real server runs on it. Figures, per list: p99 at the big company vs the 10k
// one for the first page, page 100, a search and a new filter's count (a filter not asked before, so
// no kept answer), each with the load average of the machine beside it (a shared machine: read the
// ratio, not the milliseconds). LISTS_BENCH_ROWS sets the big company's rows per list (default 200k).
import os from 'node:os';
import { pgClient, insertCompany } from './settlement.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench1234';
const BIG = Number(process.env.LISTS_BENCH_ROWS ?? 200_000);
const SMALL = 10_000;
const N = Number(process.env.LISTS_BENCH_N ?? 100);

/**
 * One company's rows of every list: n payments, n/10 copyright books, n royalty lines (on 500 of the
 * books: a catalogue's sales gather on a few titles), n registered books.
 */
async function seedCompany(db, co, n) {
  await db.query(
    `insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
     select $1, 'Depositor ' || g, date '2023-01-01' + (g::bigint * 1096 / $2)::int,
       (select idx from currencies where name = case when g % 3 = 0 then 'USD' else 'KRW' end), (g % 9000 + 100)::numeric, 'cash'
     from generate_series(1, $2) g`,
    [co, n],
  );
  await db.query(
    `insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
     select $1, (array['Moon','River','Garden','Winter','Letters'])[1 + g % 5] || ' ' || g, '979' || lpad(g::text, 10, '0'),
       date '2010-01-01' + g % 5000, 15000, 'KRW', case when g % 2 = 0 then 'sale' else 'net' end, 10, now()
     from generate_series(1, $2) g`,
    [co, Math.max(1000, Math.floor(n / 10))],
  );
  await db.query(
    `insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, created_at, buy_invoice_idx)
     select $1, (select min(idx) from copyright_books where company_idx = $1) + g % least($3, 500), (select min(idx) from royalty_customers) + g % 20, 12000, case when g % 4 = 0 then 'USD' else 'KRW' end, 1 + g % 5,
       timestamptz '2023-01-01 00:00:00+09' + (g::bigint * 1096 * 86400 / $2) * interval '1 second', null
     from generate_series(1, $2) g`,
    [co, n, Math.max(1000, Math.floor(n / 10))],
  );
  await db.query(
    `insert into company_books (company_idx, isbn13, title, author, list_price, currency, created_at)
     select $1, '979' || lpad(g::text, 10, '0'), (array['Moon','River','Garden','Winter','Letters'])[1 + g % 5] || ' ' || g,
       'Author ' || g % 500, 15000, 'KRW', timestamptz '2024-01-01 00:00:00+09' + (g::bigint * 700 * 86400 / $2) * interval '1 second'
     from generate_series(1, $2) g`,
    [co, n],
  );
}

async function seed(db) {
  await db.query(`insert into currencies (name, icon) values ('KRW', '₩'), ('USD', '$') on conflict do nothing`);
  await db.query(`insert into company_divisions (code, name) values ('AUT', 'Author') on conflict do nothing`);
  await db.query(`insert into royalty_customers (name, country)
    select 'Bench customer ' || g, 'USA' from generate_series(1, 20) g on conflict do nothing`);
  const { hash } = await import('@node-rs/argon2');
  const pwHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const t0 = performance.now();
  await seedCompany(db, await insertCompany(db, 'listsbig', pwHash), BIG);
  await seedCompany(db, await insertCompany(db, 'lists10k', pwHash), SMALL);
  // the Q&A board is shared by every company: BIG posts, every tenth with a reply
  await db.query(
    `insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division)
     select (select idx from bbs_boards where name = 'qna'), (array['How to','Why','Where is','Refund'])[1 + g % 4] || ' ' || g,
       'c', 'Writer ' || g % 300, 1, 'manager', array['AUT']::varchar[]
     from generate_series(1, $1) g`,
    [BIG],
  );
  await db.query(`update bbs_posts set root_idx = idx, root_title = title, thread_path = lpad(idx::text, 10, '0') where root_idx is null`);
  await db.query(`insert into bbs_comments (bbs_idx, name, content, registrant_idx, registrant_type)
    select idx, 'Kim', 'comment', 1, 'manager' from bbs_posts where idx % 3 = 0`);
  return Math.round(performance.now() - t0);
}

async function analyze(db) {
  for (const t of ['buy_payments', 'copyright_books', 'royalty_lines', 'company_books', 'bbs_posts', 'bbs_comments'])
    await db.query(`vacuum analyze ${t}`);
  for (const t of ['royalty_line', 'buy_payment', 'company_book']) {
    await db.query(`analyze ${t}_day_sums`);
    await db.query(`analyze ${t}_month_sums`);
  }
}

/** Sequential requests alternating between the two companies' URLs; p99 (ms) of each. */
async function paired(ctx, a, b, n) {
  const times = { a: [], b: [] };
  for (let i = 0; i < n; i++)
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
  const p99 = (xs) =>
    Math.round(
      ctx.percentile(
        xs.sort((x, y) => x - y),
        99,
      ) * 100,
    ) / 100;
  return { a: p99(times.a), b: p99(times.b) };
}

export default async function lists(ctx) {
  const rows = [];
  const name = process.env.LISTS_BENCH_DB ?? `portal_bench_lists_${BIG}`;
  const admin = await pgClient(ADMIN_URL);
  if ((await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount === 0)
    await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const server = await ctx.startServer({ DATABASE_URL: url.toString() });
  try {
    const db = await pgClient(url.toString());
    try {
      if ((await db.query(`select 1 from companies where id = 'listsbig'`)).rowCount === 0) {
        // one transaction: a failed seed leaves nothing that a later run would take for data
        await db.query('begin');
        const ms = await seed(db).then(
          async (v) => (await db.query('commit'), v),
          async (e) => {
            await db.query('rollback');
            throw e;
          },
        );
        await analyze(db);
        rows.push({
          name: `scale seed: ${BIG} + ${SMALL} rows per list (generate_series, summary triggers on)`,
          value: ms / 1000,
          unit: 's',
        });
      }
    } finally {
      await db.end();
    }
    const auth = (tok) => ({ authorization: `Bearer ${tok}`, 'cache-control': 'no-cache' });
    const big = auth(await ctx.login(server.url, 'listsbig', PASSWORD));
    const small = auth(await ctx.login(server.url, 'lists10k', PASSWORD));
    const sv = (o) => `search_value=${encodeURIComponent(typeof o === 'string' ? o : JSON.stringify(o))}`;
    let fresh = 0;
    // a date range not asked before (the royalty list keeps answers per filter): a new filter's count
    const newRange = () => {
      fresh++;
      const d = new Date(Date.UTC(2023, 2, 1) + (fresh % 300) * 86_400_000).toISOString().slice(0, 10);
      return { startDate: d, endDate: `2024-${String(1 + (fresh % 12)).padStart(2, '0')}-15` };
    };
    const lists = [
      { list: 'payments', path: '/api/calculate/buyPayment', search: { startDate: '2024-03-01', endDate: '2024-05-31' } },
      { list: 'copyright books', path: '/api/company/copyright/books', search: { searchKey: 'title', keyword: 'garden 12' } },
      { list: 'royalty lines', path: '/api/copyright/royalty', search: { isbn: '9790000001' } },
      { list: 'registered books', path: '/api/product/booksList', search: { searchKey: 'title', keyword: 'winter 3' } },
      { list: 'Q&A board (shared, deep page)', path: '/api/help/bbs/qna', search: 'refund 77', board: true },
    ];
    for (const l of lists) {
      const cases = [
        [
          'first page',
          () => `start=0&length=10${l.board ? '' : `&${sv(l.path.includes('booksList') ? { searchKey: 'title', keyword: '' } : {})}`}`,
        ],
        ['page 100', () => `start=990&length=10${l.path.includes('booksList') ? `&${sv({ searchKey: 'title', keyword: '' })}` : ''}`],
        ['search', () => `start=0&length=10&${sv(l.search)}`],
      ];
      if (!l.board)
        cases.push([
          'new filter count',
          () =>
            `start=0&length=10&${sv(l.path.includes('books') && !l.path.includes('royalty') ? { ...newRange(), ...(l.path.includes('booksList') ? { searchKey: 'title', keyword: '' } : {}) } : newRange())}`,
        ]);
      for (const [label, q] of cases) {
        const u = `${server.url}${l.path}?`;
        await paired(ctx, { url: u + q(), headers: big }, { url: u + q(), headers: small }, 5);
        const times = { a: [], b: [] };
        // a fresh query string per request for the new-filter case; the same one otherwise
        for (let i = 0; i < N; i++) {
          const r = await paired(ctx, { url: u + q(), headers: big }, { url: u + q(), headers: small }, 1);
          times.a.push(r.a);
          times.b.push(r.b);
        }
        const p99 = (xs) =>
          Math.round(
            ctx.percentile(
              xs.sort((x, y) => x - y),
              99,
            ) * 100,
          ) / 100;
        const [pa, pb] = [p99(times.a), p99(times.b)];
        const ratio = Math.round((pa / pb) * 100) / 100;
        rows.push({
          name: `${l.list} ${label}: p99 ${l.board ? `${BIG} posts` : `${BIG} rows`} / 10k (${pa} / ${pb} ms; load ${os.loadavg()[0].toFixed(1)})`,
          value: ratio,
          unit: '×',
          target: '≤ 1.5',
          pass: ratio <= 1.5,
        });
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}
