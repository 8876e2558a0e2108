// Issue 17 and 57: every §7 list at scale. Two PostgreSQL databases, seeded by scale-seed.mjs with SQL
// generate_series, kept between runs and reused when their data is there: "big" (LISTS_BENCH_TOTAL rows per list's
// table, default 10M: a 1M company, a 10k company and fillers) and "small" (the same 10k company alone). The real
// server runs on each (built, as `npm start` runs it), with `Cache-Control: no-cache` on every timed request.
//
// Figures, each with the machine's load average:
// - counts (the scaling verdict, which does not move with the machine's load): per list and case (first page,
//   page 100, a search, a new filter's count, each offered sort order), the shared buffers (hit + read) and rows the
//   request's statements touch, by EXPLAIN (ANALYZE, BUFFERS) of each, 1M company ÷ 10k company (≤ 2 each);
// - lists (times beside the counts): the median over LISTS_BENCH_PASSES passes of each case's p99 ratio, with the
//   spread: the 1M company ÷ the 10k company (≤ 1.5), and the 10k company in the big database ÷ in the small one
//   (≤ 1.5). The boards and help files belong to the division: their 1M is the big database's, their 10k the small's;
// - rps: requests/s of the royalty and invoice lists' first page at 1M ÷ a Fastify hello-world (uncached ≥ 0.05);
// - totals: the royalty list's totals for a filter not asked before at 1M (p99 ≤ 300 ms);
// - dashboard: each dashboard call of the 1M company (p99 ≤ 50 ms uncached).
//
// How the times are taken, and why (the measurements behind each choice are in docs/decisions/lists-bench.md):
// each list is warmed with LISTS_BENCH_LIST_WARM untimed rounds through all its cases (V8 is still optimizing the
// list's code over its first thousand requests), each case with LISTS_BENCH_WARM more; the two servers are asked in
// turn, each timed company right after the other server in half its requests (a request right after one to the other
// server has the wider tail); a p99 ratio of one pass moves 0.9-1.3 between identical servers on this 2-core machine
// (scheduling stalls, not the query: each statement's p99 is 0.01-0.27 ms in both databases), so the verdict is the
// counts' and the times are printed beside them.
//
// LISTS_BENCH_PARTS (default all: counts,lists,totals,dashboard,rps) picks parts, LISTS_BENCH_LISTS (names, comma-separated) lists,
// LISTS_BENCH_RPS_PAIRS (default 2) the hello-world and list loads per requests/s goal (their median ratio is judged);
// LISTS_BENCH_SEED=0 seeds nothing and measures only the lists whose tables are seeded completely (the others print as skipped).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PASSWORD, layouts, seedScale, seededTables } from './scale-seed.mjs';
import { pgClient } from './settlement.mjs';
import { timedGet } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.LISTS_BENCH_N ?? 500);
/**
 * passes over the lists, and each case's rounds in each pass: a case's time figure is the median of its passes' p99
 * ratios. The defaults (200 rounds a pass, 30 to warm a case, 200 to warm a list; 500 requests of the totals and of
 * each dashboard call; 2 requests/s pairs) keep the whole bench under 15 minutes (issue 57), the counts carrying the
 * scaling verdict: with 2,000 rounds a pass and 4,000 requests this part alone took about 31 minutes.
 */
const PASSES = Number(process.env.LISTS_BENCH_PASSES ?? 3);
const PASS_N = Number(process.env.LISTS_BENCH_PASS_N ?? 200);
const WARM = Number(process.env.LISTS_BENCH_WARM ?? 30);
const LIST_WARM = Number(process.env.LISTS_BENCH_LIST_WARM ?? 200);
const LIST_WARM_S = 60;
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;
const log = (...a) => console.log('   ·', ...a);
const PARTS = (process.env.LISTS_BENCH_PARTS ?? 'counts,lists,totals,dashboard,rps').split(',');
/** hello-world and list loads per requests/s goal (the median ratio is judged) */
const RPS_PAIRS = Number(process.env.LISTS_BENCH_RPS_PAIRS ?? 2);
/** seconds of the load with a new date range each request (issue 57's 8-second runs) */
const RPS_FRESH_S = Number(process.env.LISTS_BENCH_RPS_FRESH_S ?? 8);

/** The URL of a layout's database on the bench's PostgreSQL. */
function layoutUrl(layout) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${layout.name}`;
  return url.toString();
}

async function prepare(ctx, layout, rows) {
  const admin = await pgClient(ADMIN_URL);
  if ((await admin.query(`select 1 from pg_database where datname = $1`, [layout.name])).rowCount === 0)
    await admin.query(`create database ${layout.name}`);
  await admin.end();
  const url = layoutUrl(layout);
  // the server as `npm start` runs it (built, with the start script's node options): the figures are production's
  const server = await ctx.startServer({ DATABASE_URL: url }, { built: true }); // migrates
  const db = await pgClient(url);
  try {
    // LISTS_BENCH_SEED=0: no seeding (another run is seeding, or there is no time); only the lists whose tables are complete are measured
    if (process.env.LISTS_BENCH_SEED !== '0')
      for (const t of await seedScale(db, layout, log))
        rows.push({
          name: `seed ${layout.name}: ${t.table}, ${t.rows} rows (generate_series, summary triggers on)`,
          value: t.s,
          unit: 's',
        });
    server.seeded = await seededTables(db, layout);
    const counts = (
      await db.query(`select c.id, count(*)::int n from royalty_lines r join companies c on c.idx = r.company_idx
      where c.id in ('scale1m', 'scale10k') group by c.id`)
    ).rows;
    log(`${layout.name}: royalty lines ${JSON.stringify(counts)}`);
  } finally {
    await db.end();
  }
  return server;
}

// unrounded: a goal is judged on the figure itself, never on its rounding (1.204 is not ≤ 1.2); rows print rounded
const p99 = (ctx, xs) =>
  ctx.percentile(
    [...xs].sort((x, y) => x - y),
    99,
  );

// The deterministic counts: what a request's statements touch in the database, which does not move with the
// machine's load as a time does. A server of each database runs with preload/capture-statements.mjs (never the
// timed servers: following requests with AsyncLocalStorage costs every promise), which records the statements
// (text and parameters) of a request tagged `x-bench-capture`; each is then run again on the bench's own
// connection under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) with those parameters, in a transaction rolled back.
// Chosen over per-request deltas of pg_stat_database: those count every backend of the database (a seed, another
// engineer's server, autovacuum, the server's own workers) and are flushed up to a second late, so they are exact
// only on a database nobody else uses; and pg_stat_statements is not loaded on this PostgreSQL
// (shared_preload_libraries). A figure is the statements' shared buffers (hit + read, planning left out: it
// depends on the connection's catalogue cache) and the rows through their plans' nodes (every node's rows out and
// rows removed by a filter, times its loops). Uncached: before each counted request every topic of the change
// feed is announced (NOTIFY, as a write's trigger does), so the server's derived values (counts, totals) are
// computed again, and the request carries `Cache-Control: no-cache` (no kept answer): what a cache miss costs.
// Each request is preceded by the same request untagged (the session, the connection and the grams read once).
// EXPLAIN plans with the parameters' values (a custom plan) where the server's named statement may keep a generic
// one after five calls: the count is the plan PostgreSQL makes for those values, the time figures the server's.
const CAPTURE = path.join(import.meta.dirname, 'preload/capture-statements.mjs');
const EXPLAINABLE = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*\(?\s*(?:select|with|insert|update|delete|values)\b/i;
/** the change feed's topics (apps/server/src/lib/cache/topics.ts) */
const cacheTopics = () => {
  const src = readFileSync(path.join(import.meta.dirname, '../../apps/server/src/lib/cache/topics.ts'), 'utf8');
  return [...(/CACHE_TOPICS = \[([^\]]*)\]/.exec(src)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
};
/** every node's rows out and rows removed, times its loops (Actual Rows and the removed rows are per loop) */
const rowsThrough = (n) =>
  (n['Actual Rows'] +
    (n['Rows Removed by Filter'] ?? 0) +
    (n['Rows Removed by Index Recheck'] ?? 0) +
    (n['Rows Removed by Join Filter'] ?? 0)) *
    n['Actual Loops'] +
  (n.Plans ?? []).reduce((a, c) => a + rowsThrough(c), 0);

/** Starts a capturing server on `url`; its `count(path, headers)` answers a request's figures. */
async function countingServer(ctx, url) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-statements-'));
  const file = path.join(dir, 'statements.jsonl');
  writeFileSync(file, '');
  const server = await ctx.startServer(
    {
      DATABASE_URL: url,
      BENCH_STATEMENTS: file,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(CAPTURE).href}`.trim(),
    },
    { built: true },
  );
  const db = await pgClient(url);
  const topics = cacheTopics();
  if (!topics.length) throw new Error('no change feed topics found in apps/server/src/lib/cache/topics.ts');
  let seq = 0;
  const get = async (p, headers) => {
    const res = await fetch(`${server.url}${p}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  };
  const voidDerived = () => db.query(`select pg_notify('portal_changes', t) from unnest($1::text[]) t`, [topics]);
  return {
    url: server.url,
    async count(p, headers) {
      await voidDerived();
      await get(p, headers);
      await voidDerived();
      const tag = String(++seq);
      await get(p, { ...headers, 'x-bench-capture': tag });
      // statements a request leaves running after its answer are its own too
      await new Promise((r) => setTimeout(r, 200));
      const statements = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((x) => x.tag === tag);
      writeFileSync(file, '');
      const f = { hit: 0, read: 0, rows: 0, statements: statements.length, explained: 0 };
      for (const st of statements) {
        if (!EXPLAINABLE.test(st.text ?? '')) continue; // the change feed's barrier (an empty query), begin/commit
        await db.query('begin');
        try {
          const [out] = (await db.query(`explain (analyze, buffers, format json) ${st.text}`, st.values)).rows[0]['QUERY PLAN'];
          f.hit += out.Plan['Shared Hit Blocks'];
          f.read += out.Plan['Shared Read Blocks'];
          f.rows += rowsThrough(out.Plan);
          f.explained++;
        } finally {
          await db.query('rollback');
        }
      }
      return { ...f, buffers: f.hit + f.read };
    },
    async stop() {
      await db.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** a ÷ b of two counts (both 0: 1; b 0: a ÷ 1) */
const countRatio = (a, b) => (a === b ? 1 : a / Math.max(b, 1));

export default async function lists(ctx) {
  const rows = [];
  const { big: bigLayout, small: smallLayout } = layouts();
  const small = await prepare(ctx, smallLayout, rows);
  const big = await prepare(ctx, bigLayout, rows);
  const auth = (tok) => ({ authorization: `Bearer ${tok}`, 'cache-control': 'no-cache' });
  const who = {
    big1m: { url: big.url, headers: auth(await ctx.login(big.url, 'scale1m', PASSWORD)) },
    big10k: { url: big.url, headers: auth(await ctx.login(big.url, 'scale10k', PASSWORD)) },
    small10k: { url: small.url, headers: auth(await ctx.login(small.url, 'scale10k', PASSWORD)) },
    // the small server's second request of a round (untimed): see `blocks` below
    smallPeer: { url: small.url, headers: auth(await ctx.login(small.url, 'scale10k', PASSWORD)) },
  };
  // "ISBN of one book": each company searches one of its own books with sales, the first in the list's
  // title order (200 lines each in both databases), so that the 1M, the 10k beside others and the 10k
  // alone time the same work; one fixed ISBN matched a 200-line book of the 10k company in the big
  // database and no line of it in the small one, where the companies' books are numbered apart
  const isbnOf = {};
  for (const [k, layout, id] of [
    ['big1m', bigLayout, 'scale1m'],
    ['big10k', bigLayout, 'scale10k'],
    ['small10k', smallLayout, 'scale10k'],
  ]) {
    const db = await pgClient(layoutUrl(layout));
    try {
      const { rows: found } = await db.query(
        `select b.isbn from copyright_books b join companies c on c.idx = b.company_idx
         where c.id = $1 and exists (select 1 from royalty_lines r where r.book_idx = b.idx) order by b.title, b.idx limit 1`,
        [id],
      );
      // royalty lines not seeded yet (LISTS_BENCH_SEED=0 while a seed runs): that list is skipped below
      if (found[0]) isbnOf[k] = found[0].isbn;
      else if (big.seeded.has('royalty_lines') && small.seeded.has('royalty_lines'))
        throw new Error(`${layout.name}: ${id} has no book with royalty lines (seed incomplete?)`);
    } finally {
      await db.end();
    }
  }
  // the small server's untimed peer asks what the 10k company asks there
  isbnOf.smallPeer = isbnOf.small10k;
  // issue 59's searches: row g of the 1M company has g ≡ 0 (mod TOTAL/1M), of the 10k one beside others g ≡ 1 (mod TOTAL/10k),
  // of the 10k one alone g = 1…10,000 (scale-seed.mjs, layouts); mid is TOTAL/2 (5,000,000 at 10M); amounts g % 9000 + 100
  const mid = bigLayout.total / 2;
  const oneOf = {
    big1m: { code: `B${mid}`, depositor: `depositor ${mid}`, amount: '5,000' },
    big10k: { code: `B${mid + 1}`, depositor: `depositor ${mid + 1}`, amount: '1,101' },
    small10k: { code: 'B5001', depositor: 'depositor 5001', amount: '1,101' },
  };
  oneOf.smallPeer = oneOf.small10k;
  const sv = (o) => `search_value=${encodeURIComponent(typeof o === 'string' ? o : JSON.stringify(o))}`;
  let fresh = 0;
  // a date range not asked before (lists keep answers per filter): a new filter's count and totals
  const newRange = () => {
    fresh++;
    // a pair never asked before in a run (start: 700 days from 2022-06-01; end: a day back from 2025-12-15 every 700)
    const day = (base, n) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
    return { startDate: day(Date.UTC(2022, 5, 1), fresh % 700), endDate: day(Date.UTC(2025, 11, 15), -Math.floor(fresh / 700)) };
  };
  const books = (o = {}) => ({ searchKey: 'title', keyword: '', ...o });
  const LISTS = [
    {
      list: 'invoices',
      table: 'buy_invoices',
      path: '/api/calculate/buyInvoiceSend',
      q: (o = {}) => sv(o),
      search: [
        ['item filter (no text search)', { orderTypes: ['consignment'] }],
        // issue 59: one invoice by its code (codes are 'B' || g: one match in each company's own grams)
        ['keyword: the code of one invoice', (k) => ({ keyword: oneOf[k].code })],
        // every title is 'Bench invoice ' || g: answered from the list's first rows (total_at_least)
        ['keyword: a word of every title', { keyword: 'invoice' }],
        // every seeded invoice is unpaid and due before today: the filter keeps them all (its count and totals kept per day)
        ['overdue only', { overdue: true }],
      ],
      // issue 59: the orders a header offers besides the default one (each on its own index led by the company)
      sorts: ['code&dir=asc', 'due_date&dir=asc', 'amount&dir=desc', 'balance_state&dir=asc'],
      // an order off the filter's index with a filter: counted from the summaries, then sorted or walked (fewFirst)
      sortFilters: [['amount&dir=desc', 'one quarter', { startDate: '2024-03-01', endDate: '2024-05-31' }]],
      // a new date range with the overdue filter: its count and totals from the owed invoices' counts per due day
      newFilters: [['overdue', { overdue: true }]],
    },
    {
      list: 'payments',
      table: 'buy_payments',
      path: '/api/calculate/buyPayment',
      q: (o = {}) => sv(o),
      search: [
        ['one quarter (no text search)', { startDate: '2024-03-01', endDate: '2024-05-31' }],
        // issue 59: depositors are 'Depositor ' || g
        ['keyword: the depositor of one payment', (k) => ({ keyword: oneOf[k].depositor })],
        // amounts are g % 9000 + 100: about 1,100 payments of the 1M company and of the 10k one beside others have it,
        // one of the 10k company alone (its g run 1…10,000); typed with a thousands separator
        ['keyword: an exact amount', (k) => ({ keyword: oneOf[k].amount })],
      ],
      sorts: ['d_payment&dir=desc'],
      sortFilters: [['d_payment&dir=desc', 'one quarter', { startDate: '2024-03-01', endDate: '2024-05-31' }]],
    },
    {
      list: 'copyright books',
      table: 'copyright_books',
      path: '/api/company/copyright/books',
      q: (o = {}) => sv(o),
      search: [
        ['title, few matches', { searchKey: 'title', keyword: 'garden 1234' }],
        ['title, a word of one title in five', { searchKey: 'title', keyword: 'garden' }],
      ],
      sorts: ['title&dir=asc', 'publication_date&dir=desc'],
    },
    {
      list: 'royalty lines',
      table: 'royalty_lines',
      path: '/api/copyright/royalty',
      q: (o = {}) => sv(o),
      search: [['ISBN of one of its books with sales', (k) => ({ isbn: isbnOf[k] })]],
      sorts: ['royalty&dir=desc', 'royalty&dir=asc', 'created_at&dir=desc'],
    },
    {
      list: 'registered books',
      table: 'company_books',
      path: '/api/product/booksList',
      q: (o = {}) => sv(books(o)),
      search: [
        ['title, few matches', { keyword: 'winter 1234' }],
        ['title, a word of one title in five', { keyword: 'winter' }],
      ],
      // issue 59: the default is newest first (the first page and page 100 above)
      sorts: ['title&dir=asc', 'created_at&dir=asc'],
    },
    {
      list: 'Q&A board',
      table: 'bbs_posts',
      path: '/api/help/bbs/qna',
      board: true,
      q: (s = '') => sv(s),
      search: [
        ['title or writer, few matches', 'refund 1234'],
        // writers are 'Writer ' || g % 300 and the Q&A board holds even g: 'writer 78' is Writer 78 alone
        // (not 178: 'writer 1…'), one post in 150 (an odd number, as 'writer 77' was here, matched no Q&A post
        // at all); its titles are all 'Refund …' or 'Why …' ((g / 10) % 4 is odd), none among the first
        // quarter of the board in title order ('How to …'), so no search walk of the list's first rows finds one
        ['writer of one post in 150', 'writer 78'],
      ],
    },
    {
      list: 'notice board',
      table: 'bbs_posts',
      path: '/api/help/bbs/notice',
      board: true,
      q: (s = '') => sv(s),
      search: [
        ['title or writer, few matches', 'why 1234'],
        // the notice board holds odd g: Writer 77 alone, likewise
        ['writer of one post in 150', 'writer 77'],
      ],
      sorts: ['created_at&dir=desc'],
    },
    {
      list: 'help files',
      table: 'help_files',
      path: '/api/help/getAllFiles',
      board: true,
      q: () => 'customer_type=company',
      // issue 59: the default is the number, newest first
      sorts: ['no&dir=asc'],
    },
  ];
  let searchWord = 0;
  // each database's blocks read from outside PostgreSQL's buffers (the page cache or the disk) while a case was
  // timed, printed in its rows: a row whose tail met cold reads says so (pg_stat_database, as its backends flush
  // it: at most a second late, against cases of 10 s and more)
  const stats = { big: await pgClient(layoutUrl(bigLayout)), small: await pgClient(layoutUrl(smallLayout)) };
  const blocksRead = async () => {
    const n = {};
    for (const [k, c] of Object.entries(stats))
      n[k] = Number((await c.query(`select blks_read from pg_stat_database where datname = current_database()`)).rows[0].blks_read);
    return n;
  };
  try {
    const only = process.env.LISTS_BENCH_LISTS?.split(',');
    const measured = [];
    for (const l of PARTS.includes('lists') || PARTS.includes('counts')
      ? LISTS.filter((x) => !only || only.some((o) => x.list.includes(o)))
      : []) {
      if (!big.seeded.has(l.table) || !small.seeded.has(l.table)) {
        log(`${l.list}: ${l.table} is not seeded completely (LISTS_BENCH_SEED=0): not measured`);
        rows.push({ name: `${l.list}: not measured (${l.table} not seeded completely)`, value: 'skipped', pass: false });
        continue;
      }
      const cases = [
        ['first page', () => `start=0&length=10&${l.q()}`],
        ['page 100', () => `start=990&length=10&${l.q()}`],
      ];
      // a search value may depend on who asks (k: big1m, big10k, small10k)
      for (const [label, value] of l.search ?? [])
        cases.push([`search: ${label}`, (k) => `start=0&length=10&${l.q(typeof value === 'function' ? value(k) : value)}`]);
      // issue 59: each order a header offers, its first page and page 100; with a filter its first page
      for (const s of l.sorts ?? [])
        cases.push(
          [`sort ${s.replace('&dir=', ' ')}: first page`, () => `start=0&length=10&${l.q()}&sort=${s}`],
          [`sort ${s.replace('&dir=', ' ')}: page 100`, () => `start=990&length=10&${l.q()}&sort=${s}`],
        );
      for (const [s, label, value] of l.sortFilters ?? [])
        cases.push([`sort ${s.replace('&dir=', ' ')}, ${label}: first page`, () => `start=0&length=10&${l.q(value)}&sort=${s}`]);
      if (l.board && l.search)
        // a word not searched before: the count of its matches is not kept anywhere
        cases.push(['new search count', () => `start=0&length=10&${l.q(`how to ${100_000 + searchWord++}`)}`]);
      else if (!l.board) cases.push(['new filter count', () => `start=0&length=10&${l.q(newRange())}`]);
      for (const [label, value] of l.newFilters ?? [])
        cases.push([`new filter count: ${label}`, () => `start=0&length=10&${l.q({ ...newRange(), ...value })}`]);
      // boards and help files: the 1M is the big database's, the 10k the small one's (not a company's)
      const order = l.board ? ['big1m', 'small10k'] : ['big1m', 'big10k', 'small10k'];
      measured.push({
        l,
        order,
        cases: cases.map(([label, q]) => ({
          label,
          q,
          times: Object.fromEntries(order.map((k) => [k, []])),
          passes: [],
          reads: { big: 0, small: 0 },
          shed: 0,
          slow: false,
        })),
      });
    }
    // the deterministic counts of every case: 1M ÷ 10k of the shared buffers and of the rows its statements touch
    if (PARTS.includes('counts') && measured.length) {
      const counting = { big: await countingServer(ctx, layoutUrl(bigLayout)), small: await countingServer(ctx, layoutUrl(smallLayout)) };
      try {
        const tok = {
          big1m: await ctx.login(counting.big.url, 'scale1m', PASSWORD),
          big10k: await ctx.login(counting.big.url, 'scale10k', PASSWORD),
          small10k: await ctx.login(counting.small.url, 'scale10k', PASSWORD),
        };
        const server = { big1m: counting.big, big10k: counting.big, small10k: counting.small };
        for (const { l, cases } of measured)
          for (const c of cases) {
            // boards and help files: the 1M is the big database's, the 10k the small one's (as for the times)
            // one after the other: a server's requests are told apart by their tags, but its file is emptied after each
            const counted = (k) =>
              server[k].count(`${l.path}?${c.q(k)}`, { authorization: `Bearer ${tok[k]}`, 'cache-control': 'no-cache' });
            const x = await counted('big1m');
            const y = await counted(l.board ? 'small10k' : 'big10k');
            const st = (f) => `${f.explained} of ${f.statements} statements explained`;
            // an uncached list request reads the database: no statement captured means the capture failed, not a pass
            c.countRows = [
              {
                name: `${l.list} ${c.label}: shared buffers (hit + read) 1M ÷ 10k, uncached (${x.buffers} / ${y.buffers}: hit ${x.hit} / ${y.hit}, read ${x.read} / ${y.read}; ${st(x)} / ${st(y)})`,
                value: countRatio(x.buffers, y.buffers),
              },
              { name: `${l.list} ${c.label}: rows 1M ÷ 10k, uncached (${x.rows} / ${y.rows})`, value: countRatio(x.rows, y.rows) },
            ].map((r) => ({ ...r, unit: '×', target: '≤ 2', pass: r.value <= 2 && x.explained > 0 && y.explained > 0 }));
            for (const r of c.countRows) log(`${r.name}: ${round(r.value, 3)} × (goal ${r.target})`);
          }
      } finally {
        await counting.big.stop();
        await counting.small.stop();
      }
    }
    // PASSES passes over the lists, each case timed PASS_N rounds in each; a case's p99 is judged over the requests of
    // all passes together (one sample of PASSES × PASS_N per company), and the p99 of each pass is printed beside it
    for (let pass = 0; PARTS.includes('lists') && pass < PASSES; pass++)
      for (const { l, order, cases } of measured) {
        // Round i: each server answers the same number of requests in a block of its own, and every timed company
        // comes first in its server's block (right after the other server: the wider tail, see above) in half its
        // rounds. Boards: [1M, 10k], then [10k, 1M]. Company lists: the big server's block [1M, 10k] and the small
        // one's [10k, peer], then [10k, 1M] and [peer, 10k], where the peer is the same 10k company again, untimed.
        // The former order, [1M, 10k beside, 10k alone] and back, never put the 1M company right after the other
        // server: its p99 was 0.62-1.06 (median 0.84) of the 10k company's on the same server in a probe of the 15
        // company-list cases (2026-12-02, idle machine, --trace-gc on), which flattered every "1M ÷ 10k" row; and it
        // left the small server idle twice as long between its requests as the big one.
        const blocks = l.board
          ? [['big1m', 'small10k']]
          : [
              ['big1m', 'big10k'],
              ['small10k', 'smallPeer'],
            ];
        const roundOf = (i) => blocks.flatMap((b) => (i % 2 ? [...b].reverse() : b));
        // a request shed by an overloaded machine (503, plugins/load-shedding.ts) is asked again after its Retry-After,
        // as a client does, and counted in its case's rows (its time is the one answered)
        const get = async (k, q, c) => {
          for (;;)
            try {
              return await timedGet(`${who[k].url}${l.path}?${q(k)}`, who[k].headers);
            } catch (e) {
              if (e.status !== 503) throw e;
              if (c) c.shed++;
              await new Promise((r) => setTimeout(r, 1000 * Number(e.retryAfter ?? 1)));
            }
        };
        // the list's own code warmed before any of its cases is timed: LIST_WARM rounds through its cases in turn
        // (untimed; at most LIST_WARM_S seconds, so a slow case cannot hold it up); in the first pass only: later
        // passes find its code compiled, and each case still gets its WARM rounds
        const warmEnd = performance.now() + LIST_WARM_S * 1000;
        for (let i = 0; pass === 0 && i < LIST_WARM && performance.now() < warmEnd; i++)
          for (const k of roundOf(i)) await get(k, cases[i % cases.length].q);
        for (const c of cases) {
          const times = Object.fromEntries(order.map((k) => [k, []]));
          // WARM warm-up rounds (untimed); a case slower than a second a request gets 20 rounds and 5 to warm up (said in its row)
          let rounds = c.slow ? Math.min(PASS_N, 20) : PASS_N;
          let warm = c.slow ? Math.min(WARM, 5) : WARM;
          let before;
          for (let i = 0; i < rounds + warm; i++) {
            if (i === warm) before = await blocksRead();
            const t0 = performance.now();
            for (const k of roundOf(i)) {
              const ms = await get(k, c.q, c);
              if (i >= warm && times[k]) times[k].push(ms);
            }
            if (i === 0 && !c.slow && performance.now() - t0 > 1000 * roundOf(0).length) {
              [rounds, warm] = [Math.min(PASS_N, 20), Math.min(warm, 5)];
              c.slow = true;
            }
          }
          const after = await blocksRead();
          for (const k of ['big', 'small']) c.reads[k] += after[k] - before[k];
          for (const k of order) c.times[k].push(...times[k]);
          c.passes.push(Object.fromEntries(order.map((k) => [k, p99(ctx, times[k])])));
          log(
            `pass ${pass + 1} of ${PASSES}, ${l.list} ${c.label}: p99 ${order.map((k) => `${k} ${round(c.passes.at(-1)[k])}`).join(', ')} ms (${load()})`,
          );
        }
      }
    // each case's counts (the scaling verdict), then its times beside them: the median of the passes' p99 ratios and
    // their spread (a pass is PASS_N rounds; one p99 ratio of a shared machine moves more than the goals' margins)
    for (const { l, order, cases } of measured)
      for (const c of cases) {
        rows.push(...(c.countRows ?? []));
        if (!c.passes.length) continue;
        const countsHold = c.countRows?.every((r) => r.pass);
        const reads = `blocks read from outside the buffers: big database ${c.reads.big}, small ${c.reads.small}${c.shed ? `; ${c.shed} requests shed (503) and asked again` : ''}`;
        const n = c.passes.length;
        const perPass = (a, b) =>
          `p99 per pass ${c.passes.map((x) => `${round(x[a])} / ${round(x[b])}`).join(', ')} ms over ${c.times[order[0]].length / n} requests each`;
        const timeRow = (label, a, b) => {
          const ratios = c.passes.map((x) => x[a] / x[b]);
          const value = ctx.median(ratios);
          const pass = value <= 1.5;
          // a time goal missed where the counts hold: said so, not chased (issue 57)
          const note = !pass && countsHold ? '; the counts hold: a time figure of a shared machine' : '';
          return {
            name: `${l.list} ${c.label}: ${label}, median of ${n} passes [${round(Math.min(...ratios), 3)}–${round(Math.max(...ratios), 3)}] (${perPass(a, b)}; ${reads}; ${load()}${note})`,
            value,
            unit: '×',
            target: '≤ 1.5',
            pass,
          };
        };
        rows.push(timeRow('p99 1M ÷ 10k', 'big1m', l.board ? 'small10k' : 'big10k'));
        if (!l.board) rows.push(timeRow("10k company's p99 beside the 1M company and 98 others ÷ alone", 'big10k', 'small10k'));
        for (const r of rows.slice(l.board ? -1 : -2)) log(`${r.name}: ${round(r.value, 3)} × (goal ${r.target})`);
      }

    // the royalty list's total and per-currency totals for a filter not asked before, at 1M
    const totals = [];
    // royalty lines seeded in part (LISTS_BENCH_SEED=0 beside a seed) would time a table the planner thinks empty:
    // minutes a request; as for the lists, a part over a table not seeded completely is skipped
    const complete = (table) => big.seeded.has(table);
    if (PARTS.includes('totals') && !complete('royalty_lines'))
      rows.push({ name: 'royalty totals: not measured (royalty_lines not seeded completely)', value: 'skipped', pass: false });
    for (let i = 0; i < (PARTS.includes('totals') && complete('royalty_lines') ? N : 0); i++)
      totals.push(await timedGet(`${big.url}/api/copyright/royalty?start=0&length=10&${sv(newRange())}`, who.big1m.headers));
    const tp = p99(ctx, totals);
    if (totals.length)
      rows.push({
        name: `royalty total + per-currency totals, new filter at 1M: p99 (${load()})`,
        value: tp,
        unit: 'ms',
        target: '≤ 300 ms',
        pass: tp <= 300,
      });

    // each dashboard call of the 1M company, uncached
    for (const path of PARTS.includes('dashboard')
      ? [
          '/api/company/dashboard/copyrightBooksCnt',
          '/api/company/dashboard/unpaidInvoiceCnt',
          '/api/company/dashboard/copyrightReportCnt',
          '/api/dashboard/board',
          '/api/company/dashboard/monthlySaleQty',
          '/api/company/dashboard/globalSaleTop',
        ]
      : []) {
      const t = [];
      for (let i = 0; i < N + 5; i++) {
        const ms = await timedGet(`${big.url}${path}`, who.big1m.headers);
        if (i >= 5) t.push(ms);
      }
      const dp = p99(ctx, t);
      rows.push({
        name: `dashboard ${path.split('/').pop()} at 1M: p99 uncached (${load()})`,
        value: dp,
        unit: 'ms',
        target: '≤ 50 ms',
        pass: dp <= 50,
      });
      log(`${rows.at(-1).name}: ${round(dp)} ms`);
    }

    // requests/s of the royalty and invoice lists at 1M ÷ a Fastify hello-world, in one run: the hello-world is
    // loaded right before each list figure it divides, and every hello-world figure is printed: on a shared machine the
    // figure moves within a run (2026-11-28, four loads 10 s apart: 23,602, 20,853, 17,182, 15,022 req/s in one run;
    // 25,794, 21,048, 20,761, 24,901 in the next; on the next machine 43,114–55,715 in one run). So each goal is
    // judged on the median of RPS_PAIRS ratios, each of a hello-world load and the list load right after it, all printed.
    if (!PARTS.includes('rps')) return rows;
    const hello = await ctx.helloWorld();
    for (const [list, path, table] of [
      ['royalty', '/api/copyright/royalty', 'royalty_lines'],
      ['invoice', '/api/calculate/buyInvoiceSend', 'buy_invoices'],
    ]) {
      if (!complete(table)) {
        rows.push({ name: `${list} list requests/s: not measured (${table} not seeded completely)`, value: 'skipped', pass: false });
        continue;
      }
      const url = `${big.url}${path}?start=0&length=10`;
      const { 'cache-control': _, ...kept } = who.big1m.headers;
      for (const [label, headers, goal] of [
        ['uncached', who.big1m.headers, 0.05],
        ['with kept answers', kept, 0.25],
      ]) {
        // untimed first, as every other case of this bench is (LISTS_BENCH_WARM): the route's code compiled and
        // its kept values computed, not the server's first second (in a run of this part alone: 2,499 req/s cold
        // against 3,009–3,268 warm for the royalty list, 2026-11-28)
        await ctx.load(url, { connections: 10, duration: 2, headers });
        const pairs = [];
        for (let i = 0; i < RPS_PAIRS; i++) {
          const h = await ctx.load(hello.url, { connections: 10, duration: 5 });
          const r = await ctx.load(url, { connections: 10, duration: 5, headers });
          const pair = { h: h.rps, r: r.rps, non2xx: r.non2xx, ratio: r.rps / h.rps, load: load() };
          pairs.push(pair);
          log(`${list} list ${label}, pair ${i + 1}: ${pair.r} / ${pair.h} req/s = ${round(pair.ratio, 4)} (${pair.load})`);
        }
        const median = ctx.median(pairs.map((x) => x.ratio));
        const non2xx = pairs.reduce((n, x) => n + x.non2xx, 0);
        rows.push({
          name:
            `${list} list first page at 1M, ${label}: req/s ÷ hello-world, median of ${pairs.length} pairs ` +
            `(${pairs.map((x) => `${x.r} / ${x.h} = ${round(x.ratio, 4)}, ${x.load}`).join('; ')}; non-2xx ${non2xx})`,
          value: median,
          unit: '×',
          target: `≥ ${goal}`,
          pass: median >= goal && non2xx === 0,
        });
      }
      // every request a date range never asked before (each a new kept answer and new derived values): its answers
      // are all 200, not shed (a load at full speed once got 503s from an event-loop utilisation limit: issue 57)
      const fresh = await ctx.load(`${big.url}${path}`, {
        connections: 10,
        duration: RPS_FRESH_S,
        headers: kept,
        path: () => `${path}?start=0&length=10&${sv(newRange())}`,
      });
      const others = Object.entries(fresh.statuses).filter(([s]) => s !== '200');
      rows.push({
        name: `${list} list at 1M, a new date range each request, ${RPS_FRESH_S} s of 10 connections: answers not 200 (${fresh.rps} req/s; ${others.map(([s, n]) => `${n} × ${s}`).join(', ') || 'none'}; errors ${fresh.errors}; ${load()})`,
        value: fresh.non2xx + fresh.errors,
        target: '= 0',
        pass: fresh.non2xx + fresh.errors === 0,
      });
      log(rows.at(-1).name);
    }
    await hello.stop();
  } finally {
    await big.stop();
    await small.stop();
    await Promise.all(Object.values(stats).map((c) => c.end()));
  }
  return rows;
}
