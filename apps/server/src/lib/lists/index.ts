import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/raw-query';

/**
 * One way to answer a spec §7 list ({ dataset, total_cnt } from start/length): the repositories keep
 * their SQL (filters, order, columns); this file keeps how a page, its total and its per-currency
 * totals are asked for. The page's keys are chosen first on an index in the list's order, then the
 * shown columns are read for those rows only; the total is counted only when the page cannot tell it
 * (index-only, or from the list's summary tables); per-currency sums come as one json array.
 */

export interface Paging {
  start: number;
  length: number;
}

/** The largest start a list accepts (as the contract does); beyond the end answers an empty page. */
export const MAX_START = 100_000_000;

/** start ≥ 0 and an integer; length 1…MAX_PAGE_SIZE, a length below 1 (or none) falls back to the default (spec §9). */
export function clampPaging(p: { start?: number | null; length?: number | null }): Paging {
  const start = Number.isFinite(p.start) ? Math.min(Math.max(Math.trunc(p.start!), 0), MAX_START) : 0;
  const raw = Number.isFinite(p.length) ? Math.trunc(p.length!) : 0;
  return { start, length: raw < 1 ? DEFAULT_PAGE_SIZE : Math.min(raw, MAX_PAGE_SIZE) };
}

/** The rows of a raw statement (db/raw-query.ts). */
export { queryRows };

export interface PageQuery {
  /**
   * The list's keys and order columns with its filter, without order or limit:
   * e.g. `select p.idx, p.d_date from buy_payments p where p.company_idx = … and …`.
   */
  keys: SQL;
  /** The list's order over the columns of `keys` as `k.<column>`, ending on a unique column: `k.d_date desc, k.idx desc`. */
  order: SQL;
  /**
   * The shown columns for the page's rows only: a select over the CTE `page` (the keys' columns plus
   * `ord`, the row's 1-based position in the whole list), e.g.
   * `select page.ord, p.d_name, … from page join buy_payments p on p.company_idx = … and p.d_date = page.d_date and p.idx = page.idx`.
   * Rows are answered in `ord` order. The join names the owner and the keys of an index that leads with the owner,
   * not the primary key alone (a small company's rows lie one per leaf page of a shared primary key).
   */
  columns: SQL;
  /**
   * The filter is not on the order's index (e.g. a date range on a list in number order) and `count` is
   * cheap (summary tables): count first, and when at most FEW_ROWS match, read them by the filter's own
   * index and sort them, else walk the order's index; either read is fenced (`offset 0`) so the estimates
   * cannot pick the other. A page then reads at most about FEW_ROWS rows at any list size
   * (docs/decisions/filter-off-the-order.md).
   */
  fewFirst?: {
    /** the list's keys without the filter, with a boolean column `hit`: whether the row passes it (as SearchWalk.keys) */
    walk: SQL;
  };
}

/** At most this many matches are read by the filter's index and sorted (fewFirst); more are found walking the order's. */
const FEW_ROWS = 2_000;

/**
 * The statement of one page: keys first (offset/limit over the key columns only, so an index in the list's
 * order stops at the page's end and a sort keeps only start + length rows), then the columns of those rows.
 */
export function pageSql(q: PageQuery, paging: Paging): SQL {
  return sql`with ${pageCte(q, paging, sql`(${q.keys}) k`)},
    shown as (${q.columns})
    select * from shown order by shown.ord`;
}

/** A row count written into a statement's text (page sizes and reaches are few values, so the texts are few). */
const literal = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n))));

/**
 * The rows a later page can reach, written into its statement: the next power of two (at least 64) of
 * start + length, so the texts are few (about twenty per list and page length) and each covers the starts
 * up to it.
 */
const reachOf = (end: number) => 2 ** Math.max(6, Math.ceil(Math.log2(Math.max(1, end))));

/**
 * The rows of `from` (aliased k) in `order`, `length` of them from `start`. The LIMIT and the reach (the next power of
 * two of start + length) are written into the text: a prepared statement's generic plan costs a LIMIT parameter as a
 * tenth of the list and planned every page again (docs/decisions/pg-prepared-statements.md).
 */
function pageRows(from: SQL, order: SQL, start: number, length: number): SQL {
  const rows = sql`select k.* from ${from} order by ${order}`;
  if (start <= 0) return sql`${rows} limit ${literal(length)}`;
  const reach = reachOf(start + length);
  return sql`select k.* from (${rows} limit ${literal(reach)}) k order by ${order} offset ${start} limit ${literal(length)}`;
}

/** The CTE `page`: the keys of `from` (rows aliased k) from start, length of them, each with its position `ord`. */
function pageCte(q: PageQuery, paging: Paging, from: SQL): SQL {
  return sql`page as materialized (
      select k.*, (${paging.start}::int + row_number() over (order by ${q.order}))::int as ord
      from (${pageRows(from, q.order, paging.start, paging.length)}) k
    )`;
}

/**
 * One statement: `source` read once (the CTE `w`), the page of its rows that `filter` keeps (e.g. `where
 * k.hit`), and the one-row `tally` over `w` (its columns beside every row of the page; the only row
 * when the page is empty). Answers the tally and the page's rows without the tally's columns. `more`
 * adds CTEs after `w`, and `from` pages another set of rows (aliased k) than `w`'s.
 */
async function pageBeside<T extends { ord: number }, X extends Record<string, number>>(
  db: DbOrTx,
  q: PageQuery,
  paging: Paging,
  parts: { source: SQL; filter?: SQL; more?: SQL; from?: SQL; tally: SQL; names: readonly (keyof X & string)[] },
): Promise<{ tally: X; rows: Omit<T, 'ord'>[] }> {
  const found = await queryRows<Record<string, unknown>>(
    db,
    sql`with w as materialized (${parts.source}),${parts.more ? sql` ${parts.more},` : sql``}
    ${pageCte(q, paging, parts.from ?? sql`w k ${parts.filter ?? sql``}`)},
    shown as (${q.columns}),
    tally as (${parts.tally})
    select tally.*, shown.* from tally left join shown on true order by shown.ord`,
  );
  const tally = Object.fromEntries(parts.names.map((n) => [n, Number(found[0]?.[n] ?? 0)])) as X;
  const rows = found
    .filter((r) => r.ord !== null && r.ord !== undefined)
    .map((r) => {
      const { ord: _o, ...row } = r;
      for (const n of parts.names) delete row[n];
      return row as unknown as Omit<T, 'ord'>;
    });
  return { tally, rows };
}

/** `select count(*)` of a list's keys (write `keys` so that an index on (company, …) covers it: index-only). */
export const countSql = (keys: SQL) => sql`select count(*)::int as n from (${keys}) k`;

export async function countRows(db: DbOrTx, keys: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, countSql(keys));
  return Number(row?.n ?? 0);
}

/**
 * A page and the list's total. The total is not counted when the page shows it: a page shorter than
 * `length` that has rows (or a first page with none) ends the list. Otherwise `count` answers it: an
 * exact count (countRows over the same keys) or the list's summary tables.
 */
export async function listPage<T extends { ord: number }>(
  db: DbOrTx,
  q: PageQuery,
  paging: Paging,
  count: () => Promise<number>,
  search?: SearchWalk,
): Promise<{ rows: Omit<T, 'ord'>[]; total: number; atLeast: boolean; first: number }> {
  if (search) {
    // many matches among the list's first rows: the walk; else, unless too many match in all, one read
    // of the search's index answers the page and the exact total; else the page and the count below
    const walked = await walkPage<T>(db, q, paging, search);
    if (walked) return { ...walked, first: paging.start + 1 };
    const few = await fewMatchesPage<T>(db, q, paging, search.facet);
    if (few) return { ...few, atLeast: false, first: paging.start + 1 };
  }
  if (q.fewFirst) {
    const total = await count();
    const sorted: PageQuery = { ...q, keys: sql`select k.* from (${q.keys} offset 0) k` };
    let found: T[] | undefined;
    if (total > FEW_ROWS) {
      // the order walked, as far as sorting every match would read (the next power of two of the total, so the
      // texts are few): a filter that follows the order (books published last are numbered last) leaves its
      // matches at the far end of the walk, 914,610 rows of a 1M company for 10 books (copyright books, a
      // publication range; lists bench); then the matches are sorted after all
      const walked = sql`select k.* from (${q.fewFirst.walk}) k order by ${q.order} limit ${literal(reachOf(total))}`;
      found = await queryRows<T>(db, pageSql({ ...q, keys: sql`select k.* from (${walked}) k where k.hit` }, paging));
      if (found.length < Math.min(paging.length, total - paging.start)) found = undefined;
    }
    found ??= await queryRows<T>(db, pageSql(sorted, paging));
    return { rows: found.map(({ ord: _o, ...r }) => r), total, atLeast: false, first: paging.start + 1 };
  }
  const found = await queryRows<T>(db, pageSql(q, paging));
  const known = (found.length > 0 && found.length < paging.length) || (paging.start === 0 && found.length === 0);
  const total = known ? paging.start + found.length : await count();
  return { rows: found.map(({ ord: _o, ...r }) => r), total, atLeast: false, first: paging.start + 1 };
}

/**
 * A text search's first look at a list (lib/lists/search.ts): the list's first rows in its own order, each
 * tested by the search. A common word is answered from them, where the gram index would hand over every match.
 */
export interface SearchWalk {
  /**
   * The list's keys as in PageQuery.keys but with every filter except the text search, and a boolean
   * column `hit`: whether the row matches the search (e.g. `select b.idx, ${textMatch(…)} as hit from … where …`).
   */
  keys: SQL;
  /** A searched column of few distinct values per owner, matched through its count table (SearchFacet). */
  facet?: SearchFacet;
}

/**
 * A searched column whose distinct values per owner are few where rows are many: a board's writers among its
 * posts. The page's keys are the rows matched through the other columns and, for each matching value, its
 * first start + length rows in list order (an index on (owner, column, order…)); the total is the values'
 * counts (a count table) plus the other matches that the facet does not also match.
 */
export interface SearchFacet {
  /**
   * The keys of the rows that match through the other searched columns (found by their own index), with a
   * boolean column `dup` last: the row matches through the facet too. PageQuery.keys holds every match.
   */
  others: SQL;
  /** the matching values as rows `(value, cnt)`: the column's values that contain the search, each with its rows' count */
  values: SQL;
  /**
   * The keys (PageQuery.keys' columns) of the first `limit` rows in list order whose column equals `v.value`
   * (a lateral subquery over the values' row `v`), with `true as dup`.
   */
  firstRows: (limit: number) => SQL;
}

/**
 * Matching values above this many are not read one by one (each reads start + length keys): the page and
 * the count are then asked over every match (PageQuery.keys then holds them all).
 */
const FACET_VALUES = 64;

/** The rows a search walk reads: a page and a page beyond it are found there when one row in 180 matches. */
export const WALK_ROWS = 2000;

/**
 * The page from the list's first `rows` rows (in list order) that match: when they hold the whole page
 * and a row beyond it, the total answered is the matches among them, a lower bound (`atLeast`); when the
 * walk read the whole list, the exact total. Otherwise undefined: the caller asks the search's index.
 */
async function walkPage<T extends { ord: number }>(db: DbOrTx, q: PageQuery, paging: Paging, search: SearchWalk) {
  const { tally, rows } = await pageBeside<T, { walk_read: number; walk_hits: number }>(db, q, paging, {
    source: sql`select k.* from (${search.keys}) k order by ${q.order} limit ${WALK_ROWS}`,
    filter: sql`where k.hit`,
    tally: sql`select count(*)::int as walk_read, (count(*) filter (where k.hit))::int as walk_hits from w k`,
    names: ['walk_read', 'walk_hits'],
  });
  const whole = tally.walk_read < WALK_ROWS;
  if (!whole && tally.walk_hits <= paging.start + paging.length) return undefined;
  return { rows, total: tally.walk_hits, atLeast: !whole };
}

/** A text search that the walk could not answer reads at most this many matches at once to page and count them. */
const SEARCH_MATCHES = 20_000;

/**
 * A text search's page when at most SEARCH_MATCHES rows match: the matches' keys are read once (through the
 * search's index; the limit one beyond tells whether that is all of them), counted, and the page sorted from
 * them, instead of a page and a count that each read the index. Undefined when more match.
 */
async function fewMatchesPage<T extends { ord: number }>(db: DbOrTx, q: PageQuery, paging: Paging, facet?: SearchFacet) {
  const source = sql`select k.* from (${facet ? facet.others : q.keys}) k limit ${SEARCH_MATCHES + 1}`;
  if (!facet) {
    const { tally, rows } = await pageBeside<T, { few_total: number }>(db, q, paging, {
      source,
      tally: sql`select count(*)::int as few_total from w k`,
      names: ['few_total'],
    });
    return tally.few_total > SEARCH_MATCHES ? undefined : { rows, total: tally.few_total };
  }
  // the values first, then each one's first rows unless too many values match (a one-time filter: none is read then);
  // a row matched both ways is the same row in both (dup true) and is kept once
  const { tally, rows } = await pageBeside<T, { few_read: number; few_total: number; facet_values: number }>(db, q, paging, {
    source,
    more: sql`v as materialized (${facet.values}),
    f as materialized (
      select k.* from v cross join lateral (${facet.firstRows(paging.start + paging.length)}) k
      where (select count(*) from v) <= ${sql.raw(String(FACET_VALUES))}
    )`,
    from: sql`(select * from w union select * from f) k`,
    tally: sql`select (select count(*) from w)::int as few_read, (select count(*) from v)::int as facet_values,
      ((select count(*) from w where not w.dup) + (select coalesce(sum(v.cnt), 0) from v))::int as few_total`,
    names: ['few_read', 'facet_values', 'few_total'],
  });
  return tally.few_read > SEARCH_MATCHES || tally.facet_values > FACET_VALUES ? undefined : { rows, total: tally.few_total };
}

/** A json column (node-postgres and PGlite parse it; text if a driver leaves it). */
export const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Per-currency count and exact sum of `from`, a set of `(currency_idx, cnt, amount)` rows (one per
 * list row with cnt 1, or summary rows with their counts), as one json array in currency order; a
 * currency whose count is 0 is left out. `by: 'name'` when the rows carry `currency` (the 3-letter name) instead.
 */
export function currencyTotalsSql(from: SQL, by: 'idx' | 'name' = 'idx'): SQL {
  const on = by === 'idx' ? sql`c.idx = s.currency_idx` : sql`c.name = s.currency`;
  return sql`(select coalesce(json_agg(t order by t.currency), '[]'::json) from (
    select c.name as currency, c.icon as currency_icon, sum(s.cnt)::int as cnt, sum(s.amount)::text as amount
    from (${from}) s join currencies c on ${on}
    group by c.name, c.icon having sum(s.cnt) > 0
  ) t)`;
}

/**
 * A timestamp column as ISO 8601 in UTC, written in SQL (raw rows carry PostgreSQL's own text): `2026-12-07T15:19:49Z`,
 * with milliseconds when `ms` (the console's rows, where several events share a second).
 */
export const isoSql = (col: string, ms = false) =>
  sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS${ms ? '.MS' : ''}"Z"')`);

/** A LIKE pattern's wildcards escaped (the default escape character is the backslash). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
