/**
 * A list's free-text "contains" search (ilike '%…%', spec §7) on an index that grows with the owner's
 * rows (a company's books, a board's posts), not with the whole table's (pg_trgm's GIN keeps one posting
 * list per trigram for every owner: docs/decisions/owner-gram-search.md).
 * Each row is indexed by `list_grams(owner, text, '{2,4}')` (migration 0036): its lower-cased 2- and
 * 4-character substrings as numbers that carry the owner, so every posting list is one owner's. A search
 * asks for the keyword's 4-grams (its 2-grams below 4 characters: a Korean word is often two syllables),
 * GIN intersects those lists, and `ilike` rechecks the rows found.
 *
 * The answers are the ilike's: when `text` contains the keyword ignoring case, lower(text) contains
 * lower(keyword) (PostgreSQL's ilike compares the lower-cased strings in a multibyte encoding), so every
 * gram of the keyword is a gram of the row (two grams folded to one number only add rows that ilike
 * rejects). A one-character keyword has no gram and filters the owner's rows. The same index serves the
 * embedded PGlite (GIN on an array needs no extension).
 */
import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from './index';

/** The gram sizes every gram index keeps (written as the literal of the index expression: the planner matches it as text). */
const SIZES = sql.raw(`'{2,4}'`);

export interface GramIndex {
  /** the owner column, e.g. `b.company_idx` (written as in the index, with the list's alias) */
  owner: SQL;
  /** the indexed text, e.g. `b.title` (as in the index) */
  text: SQL;
}

/**
 * Rows whose `columns` (any of them) contain `keyword` ignoring case, among those of `ownerValue`
 * (the caller's list also says `owner = ownerValue`), found through the gram index `index`.
 */
export function containsText(index: GramIndex, ownerValue: number, columns: SQL[], keyword: string): SQL {
  const recheck = textMatch(columns, keyword);
  const chars = [...keyword].length;
  if (chars < 2) return recheck;
  const grams = sql`list_grams(${ownerValue}::bigint, ${keyword}::text, ${`{${chars >= 4 ? 4 : 2}}`}::int[])`;
  return sql`(list_grams(${index.owner}, ${index.text}, ${SIZES}) @> ${grams} and ${recheck})`;
}

/** Whether any of `columns` contains `keyword` ignoring case: the ilike alone (a row's test, no index). */
export function textMatch(columns: SQL[], keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}
