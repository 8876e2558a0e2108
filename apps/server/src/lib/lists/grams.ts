/**
 * Which of a keyword's grams a search asks the gram index for (lib/lists/search.ts).
 *
 * GIN intersects the posting lists of every gram it is asked for: it reads the rarest list and, for each
 * row found there, skips to that row in each other gram's list. A gram found in nearly every one of the
 * owner's rows ("writ", "rite", "iter" and "ter " of "writer 78" on a board where every writer is
 * "Writer n") removes no row but costs a skip per row: on the 1M-post board, "writer 78" (10,000
 * matches) spent most of its index time skipping through four lists of a million rows each. A gram that
 * removes rows saves their recheck (a heap fetch and the ilike), which costs more than a skip.
 *
 * So the keyword's grams are weighed with the statistics ANALYZE keeps for the index's expression
 * (pg_stats.most_common_elems: the most frequent grams of the whole table, with the share of rows holding
 * each, and the share below which a gram is not listed): the rarest is always asked, and each next one
 * (rarer first) only while the rechecks it is expected to save cost more than its skips. Leaving a gram
 * out never changes the answer, only how many rows the ilike rechecks: every gram of the keyword is a
 * gram of every matching row. Without statistics (a new database, the embedded PGlite before an ANALYZE)
 * every gram is asked, as before.
 *
 * The positions chosen are applied to the database's own grams of the keyword (`list_grams_at`,
 * migration 0040), so a keyword that JavaScript lower-cases differently from PostgreSQL still asks a
 * subset of its real grams; `listGrams` below only has to give the same numbers to weigh them.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from './index';

const OWNER_UNIT = 8_796_093_022_208n; // 2^43: the owner (mod 2^20) above bit 43
const OWNER_MOD = 1_048_576n;
const FOUR_BASE = 4_398_046_511_104n; // 2^42: a 4-gram's fold above it
const FOLD = 2_199_023_255_552n; // 2^41
const MUL = 1_000_003n;
const TWO_SHIFT = 2_097_152n; // 2^21

/** list_grams(owner, text, '{size}') of migration 0036, the same numbers (tested against the database). */
export function listGrams(owner: number, text: string, size: 2 | 4): bigint[] {
  const cp = Array.from(text.toLowerCase(), (c) => BigInt(c.codePointAt(0)!));
  const base = (BigInt(owner) % OWNER_MOD) * OWNER_UNIT;
  const out: bigint[] = [];
  for (let i = 0; i + size <= cp.length; i++) {
    if (size === 2) out.push(base + cp[i]! * TWO_SHIFT + cp[i + 1]!);
    else {
      const fold = (((((cp[i]! * MUL + cp[i + 1]!) % FOLD) * MUL + cp[i + 2]!) % FOLD) * MUL + cp[i + 3]!) % FOLD;
      out.push(base + FOUR_BASE + fold);
    }
  }
  return out;
}

/** One gram index's statistics: each listed gram's share of the table's rows, and the table's rows. */
export interface GramStats {
  /** share of rows holding the gram (key: the gram's number as a decimal string) */
  share: Map<string, number>;
  /** the largest share among each owner's listed grams (key: the owner mod 2^20): about the owner's share of the table */
  ownerTop: Map<bigint, number>;
  /** a gram that is not listed is held by fewer rows than this share */
  belowListed: number;
  /** the table's rows (pg_class.reltuples) */
  rows: number;
}

/**
 * Costs per row found by the rarest gram, measured on the 1M-post board (EXPLAIN ANALYZE, buffers in
 * shared memory; docs/decisions/owner-gram-search.md): skipping to it in another gram's list (the lists
 * are compressed segments of about a hundred rows: a skip decodes one), reading one more posting of a
 * list read whole, and rechecking a row (its heap page and the ilike). In microseconds.
 */
const SKIP_US = 0.57;
const POSTING_US = 0.01;
const RECHECK_US = 1.36;

/**
 * The 1-based positions in `grams` (one keyword's grams, all of one owner) to ask the index for, or
 * undefined to ask for all of them: there are no statistics, the owner has no listed gram (its lists
 * are short), or every gram is worth asking.
 */
export function chooseGrams(grams: readonly bigint[], stats: GramStats | undefined): number[] | undefined {
  if (!stats || grams.length < 2) return undefined;
  const top = stats.ownerTop.get(grams[0]! / OWNER_UNIT);
  if (top === undefined) return undefined;
  // a gram not listed: as PostgreSQL's own estimate (array_selfuncs.c), half the share below which none is listed
  const weighed = grams
    .map((g, i) => ({ pos: i + 1, key: String(g), share: stats.share.get(String(g)) ?? stats.belowListed / 2 }))
    .filter((g, i, all) => all.findIndex((o) => o.key === g.key) === i)
    .sort((a, b) => a.share - b.share || a.pos - b.pos);
  const [rarest, ...rest] = weighed;
  const found = rarest!.share * stats.rows;
  const chosen = [rarest!.pos];
  let rechecked = found;
  for (const g of rest) {
    // the share of the owner's rows that hold the gram, as if independent of the grams asked already
    const holding = Math.min(1, g.share / top);
    const cost = Math.min(found * SKIP_US, g.share * stats.rows * POSTING_US);
    if (rechecked * (1 - holding) * RECHECK_US <= cost) continue;
    chosen.push(g.pos);
    rechecked *= holding;
  }
  return chosen.length === grams.length ? undefined : chosen.sort((a, b) => a - b);
}

/**
 * The statistics of every gram index (`list_grams(…)` indexes), kept per process: search.ts builds its SQL
 * synchronously. A server process serves one database; test apps that share a process share these too,
 * which changes only which grams a search asks, never its answer.
 */
const known = new Map<string, GramStats>();

/** The statistics of the gram index `name`, when ANALYZE has left some and they were read. */
export const gramStats = (name: string): GramStats | undefined => known.get(name);

interface StatsRow {
  name: string;
  elems: string | null;
  shares: number[] | string | null;
  rows: number | string;
}

/** "{1,2,3}" (an anyarray as text) as its elements' texts. */
const arrayItems = (text: string) => (text.length > 2 ? text.slice(1, -1).split(',') : []);

/**
 * Reads the gram indexes' statistics again (pg_stats of their expression column, named after the function).
 * Statistics change only with ANALYZE (autovacuum's, after a tenth of a table changed): the server reads
 * them at start and every few minutes (startGramStats).
 */
export async function refreshGramStats(db: DbOrTx): Promise<void> {
  const rows = await queryRows<StatsRow>(
    db,
    sql`select s.tablename as name, s.most_common_elems::text as elems, s.most_common_elem_freqs as shares, c.reltuples as rows
      from pg_stats s join pg_namespace n on n.nspname = s.schemaname join pg_class c on c.relnamespace = n.oid and c.relname = s.tablename
      where s.schemaname = current_schema() and s.attname = 'list_grams'`,
  );
  const fresh = new Map<string, GramStats>();
  for (const r of rows) {
    const elems = r.elems ? arrayItems(r.elems) : [];
    const shares = (typeof r.shares === 'string' ? arrayItems(r.shares) : (r.shares ?? [])).map(Number);
    // most_common_elem_freqs: one share per element, then the least and the largest share and the share of null elements
    if (elems.length === 0 || shares.length < elems.length + 1 || Number(r.rows) <= 0) continue;
    const share = new Map<string, number>();
    const ownerTop = new Map<bigint, number>();
    elems.forEach((e, i) => {
      share.set(e, shares[i]!);
      const owner = BigInt(e) / OWNER_UNIT;
      ownerTop.set(owner, Math.max(ownerTop.get(owner) ?? 0, shares[i]!));
    });
    fresh.set(r.name, { share, ownerTop, belowListed: shares[elems.length]!, rows: Number(r.rows) });
  }
  known.clear();
  for (const [name, s] of fresh) known.set(name, s);
}

/** How often the server reads the statistics again. */
const REFRESH_MS = 10 * 60_000;

/**
 * Keeps the statistics read (now, then every REFRESH_MS) until the returned stop. A failed read keeps
 * the last statistics (they only make searches faster) and is reported to `onError`.
 */
export function startGramStats(db: DbOrTx, onError: (err: unknown) => void): { stop: () => void } {
  const read = () => void refreshGramStats(db).catch(onError);
  const timer = setInterval(read, REFRESH_MS);
  timer.unref();
  read();
  return { stop: () => clearInterval(timer) };
}
