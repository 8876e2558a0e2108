// Issue 17: every §7 list fast at scale, at the issue's own sizes. Two PostgreSQL databases (seeded
// by scale-seed.mjs with SQL generate_series, kept between runs and reused when their data is there):
// "big" holds 10M rows in each list's table across 100 companies (a 1M company, a 10k company, 98
// others), "small" the same 10k company alone. The real server runs on each (built, as `npm start` runs it), with
// `Cache-Control: no-cache` on every timed request (kept answers are timed apart, never gated on).
// Figures, each with the machine's 1-minute load average when it was taken:
// - per list (invoices, payments, copyright books, royalty lines, registered books, Q&A and notice
//   boards, help files) and case (first page, page 100, a search, a new filter's count): the scaling verdict
//   by the database's own counts, which do not move with the machine's load: the shared buffers (hit + read)
//   and the rows the request's statements touch, 1M company ÷ 10k company (≤ 2 each; countingServer below);
//   beside them the times, as the median of LISTS_BENCH_PASSES passes' p99 ratios with their spread: p99 of the
//   1M company ÷ p99 of the 10k company (≤ 1.5); the 10k company's p99 in the big database ÷ in the
//   small one (≤ 1.5). The boards and help files are not a company's: their 1M is the big database's
//   board (1M posts for the division) and their 10k the small database's.
// - requests/s of the royalty and invoice lists' first page at 1M ÷ a Fastify hello-world in the same
//   run: uncached ≥ 0.05, with kept answers ≥ 0.25;
// - the royalty list's total and per-currency totals for a filter not asked before, at 1M: p99 ≤ 300 ms;
// - each dashboard call of the 1M company: p99 ≤ 50 ms uncached.
// LISTS_BENCH_TOTAL (default 10M) sizes the big database; LISTS_BENCH_N (default 500; 4,000 until issue 57) requests per case of the totals and
// dashboard parts (the list cases: LISTS_BENCH_PASSES × LISTS_BENCH_PASS_N, below): a p99
// is a case's tail, and this machine's tail is wide (the registered books' first page at 10k: p50 2.1, p99 7.3 ms).
// Two samples of 300 requests drawn from the same 2,000 requests of one server had p99s more than 1.2 apart in 22%
// of draws (2,000 draws), two of 1,000 in 5%: at 300 about five of the 22 "÷ alone" cases failed by chance alone.
// Between two servers the spread is wider than that sampling alone: two identical servers on the small database,
// the same company and page, interleaved (2026-11-28, after 200 warm-up requests each), had p99 ratios of 0.76-1.06
// in blocks of 1,000 requests and 0.91 and 1.22 in blocks of 5,000 (p50s within 0.02 ms); the slow requests are
// scattered, not periodic (31 of 3,000 at ≥ 1.4 ms against a 0.50 ms median). What they are (2026-11-29, another
// 2-core machine, two identical servers, the payments' new filter count, this bench's interleaving): a server's
// round trip to PostgreSQL takes 1.5 ms or more in 1.5-3% of queries (median 0.25 ms) while PostgreSQL itself
// logged 3 of 8,442 bind and execute phases over 1 ms, and 4 of 40 slow requests met a garbage collection: the
// machine's scheduling, not the query. A request of two queries meets such a stall about once in 25, so a p99 of
// 1,000 requests is the upper quartile of some 40 stalls, and it moves with them: the two servers' p99 ratio was
// 0.94-1.16 over nine blocks of 1,000 requests and 0.955, 0.977 and 0.989 over three of 4,000 (hence 4,000, also
// for the totals and dashboard parts; the lists part alone took 11 min on that machine against 5 with 1,000, and
// 20 and 19 of its 22 "÷ alone" rows were ≤ 1.2 in its first two runs). A server process also keeps the garbage
// collection pace it falls into at start: the same server and page (payments page 100), started five times, had
// young-generation pauses averaging 0.81-0.86 ms in three runs and 1.64-1.87 ms in two, each for its whole run; two
// processes in different paces differ in every p99 by about that much. A "÷ alone" row near 1.2 whose p50s
// agree is this noise, not the other companies, unless its statement is planned again on every call: planning costs
// more beside 10M rows (the royalty page, 2026-11-29: 1.42 ms against 0.74, its row 1.23-1.30 in three runs until its
// generic plan was kept). From 2026-11-29 to issue 57 the server forced one generic plan per statement; since then
// PostgreSQL chooses again (docs/decisions/pg-prepared-statements.md). Each case is timed after LISTS_BENCH_WARM (default 30; 200 until issue 57) untimed rounds,
// not 5: a server's tail shrinks over its first thousands of requests of a list (payments page 100, the 10k company
// beside others and alone, interleaved, 2026-11-28 on a 2-core machine: p99 6.54 / 6.29 ms over 3,000 requests after
// 500 warm-up rounds, 3.94 / 4.34 ms after 2,000; p99 per block of 1,000 after 500 rounds 7.48, 4.56, 3.91), and the
// goals are about a running service's tail, not about its first requests;
// that shrinking goes on well past the warm-up (2026-12-02, fresh servers, payments first page, this bench's order, blocks
// of 1,000 rounds: p99 6.7-10.0 ms in the first block, 3.7-4.9 in the fourth) and is not the young generation growing:
// the same with --min-semi-space-size=8 (7.4-8.5, then 3.7-4.8). It goes with V8 still compiling the list's code: one fresh
// server, the payments' first page, blocks of 500 requests (2026-12-02, --trace-opt): functions optimized per block 212,
// 118, 102, 60, 46, 38, then 16-38; p50 1.87, 1.10, 0.86, 0.75 ms, then 0.66-0.86; p99 10.8, 5.7, 5.4, 4.3, then 2.5-3.6;
// scavenges 8-9 per block throughout, no full collection. Hence each list is first warmed with LISTS_BENCH_LIST_WARM
// (default 200; 2,000 until issue 57) untimed rounds through all its cases in turn, so that its first case is not timed while its
// code is still being compiled and its later cases not after more warming than the first. A request sent right after one
// to the other server has the wider tail (p99 7.29 ms against 6.18 after one to the same server, 2,000 requests each;
// 2026-12-02, idle, payments first page: p50 1.26 and 1.41 ms after the other server against 1.00 and 1.10 after the same
// one, the 10k company beside others and alone); so each timed company comes right after the other server in half its
// requests (the order is described where it is built). Tried and dropped (2026-12-02): runs of 10 rounds on
// one server before switching (fewer switches) favoured the 10k company beside others: its p99 ÷ alone 0.71-0.85 in six
// fresh pairs of servers against 0.95-1.03 in this order (payments first page, 4,000 rounds each), a bias, not less noise;
// and three server pairs taken in turn (each p99 of three processes) still gave 4 of 22 "÷ alone" rows over 1.2 in a full
// run (invoices page 100 1.49), against 2 with one pair and runs. The spread of these rows in a full run (0.52-1.73 in
// this order, 0.53-1.49 with runs, with or without the pairs) is far wider than that of one case timed alone on fresh
// servers (0.95-1.03), and is not the server process's luck. The lead left: a server's history. Four cases in a row on
// two servers with --trace-gc (invoices' new filter, payments' new filter, royalty page 100, payments' new filter again)
// gave 0.92, 1.04, 1.02, then 1.29, while the big server's heap grew 63, 67, 67, 78 MB (the small one's 58-62) with 3-5
// full collections a case against 2-3; PostgreSQL executed either company's new-filter statements in 0.10-0.17 ms.
// But --trace-gc itself skews the ratio (the server that collects more writes more lines to a pipe): the payments' new
// filter count gave 1.39 and 1.27 with it and 0.964 without (2026-12-02, one run each); and a whole payments probe read
// no block from outside PostgreSQL's buffers in either database (pg_statio_user_tables), so the tail is not I/O.
// The rows that fail are mostly "new filter count" ones (2026-12-02, whole lists part: all 3 of 67 failures, payments
// ÷ alone 1.672, registered books 1.266, copyright books 1M ÷ 10k 1.567; payments in three full runs of four before),
// where every request leaves a new kept answer and count in the heap; the registered books' count runs the same
// index-only plan in both databases (14 against 9 buffers) and gave 1.298, then 0.956 on fresh servers. Not the kept
// answers: keeping an answer only the second time its key was asked (2026-12-03) still failed three of them (1.219-1.304).
// Not the statements either (2026-12-03, auto_explain of every statement of a payments and registered books run, 1,500
// requests a case): no block read from outside PostgreSQL's buffers, each statement's p99 0.01-0.27 ms in both databases
// (the 10k company's page 0.13 ms against the 1M company's 0.06 ms: its rows lie one per heap page), against request
// p99s of 2-5 ms. In the next full run (the seed corrected) every such row passed but the copyright books';
// the copyright books' new filter count compared an empty answer with a walk until 2026-12-03 (scale-seed.mjs), and
// with the seed corrected its walk read 908,610 index entries (1M ÷ 10k 23.95); the walk over spans (lib/lists/spans.ts)
// and the day index carrying the number (migration 0046) gave 1.286 and 10k ÷ alone 0.850 (docs/decisions/filter-off-the-order.md);
// what is left of the "÷ alone" rows' wandering (2026-12-03): a list request allocates about 230 KB, so with `npm start`'s
// 8 MB semi-spaces about 3 % of requests meet a scavenge (p50 1.0 ms), enough to reach a p99; with 32 MB the
// registered books' new filter count gave 1.003 against 1.226, but the export's peak RSS 1.64 × exceljs (goal ≤ 1.3),
// so it was not taken; and a list timed after others read blocks from disk that they had evicted (the invoices' new
// filter count, alone: 489 blocks in a first probe, none in the next; docs/decisions/xlsx-exports.md, "a larger young generation");
// the invoices' item filter compared an empty answer with a page until 2026-12-03: the seed gave the 10k company of the big
// database no 'consignment' invoice (scale-seed.mjs, invoiceItem), and its walk read its whole index (45 blocks cold);
// from 2026-12-03 to issue 57 the raw statements' text was built in one pass (docs/decisions/raw-sql-text.md): the
// registered books' new filter count allocates 163 KB a request against 237 (one scavenge in 42 requests against 29),
// and every row prints the blocks its case read from outside PostgreSQL's buffers in each database. Two full runs after
// it (2026-12-03, 72 of 76 goals each): no row failed in both, every row failing in one passed in the other (payments
// page 100 ÷ alone 1.011 then 1.661; copyright books page 100 1M ÷ 10k 0.883 then 1.507; royalty first page 1M ÷ 10k
// 1.656 then 1.16), and five of the six failing rows had read no block from outside the buffers (the registered books'
// new filter count, 1.235, read 545 in the big database): one p99 ratio per row per run is a sample whose spread
// between runs is wider than the goals' margins. Since 2026-12-03 (evening) each case is timed in LISTS_BENCH_PASSES (3)
// passes over the lists, LISTS_BENCH_PASS_N (2,000 until issue 57, now 200) rounds each, and (until issue 57) judged on the p99 of
// all 6,000 requests a company, each pass's p99 printed beside it (since issue 57: the median of the passes' p99 ratios). The
// first run of it (lists part 31 min) still failed 3 of 67 rows, all "÷ alone" ones (registered books first page
// 1.345, new filter count 1.26, copyright books new filter count 1.239), and the passes show why pooling does not
// settle them: the registered books' new filter count was 1.24, 1.71 and 0.96 in its three passes, its first page
// 1.08, 1.22 and 1.41; so within one run, over 6,000 requests, the 10k company beside the others has the wider
// tail in some minutes and not in others, which is not sampling noise of one p99;
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
