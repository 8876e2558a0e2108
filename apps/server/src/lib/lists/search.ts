/**
 * A list's free-text "contains" search (ilike '%…%', spec §7) on an index that grows with the owner's
 * rows (a company's books, a board's posts), not with the whole table's.
 *
 * pg_trgm's GIN indexes (migration 0020) keep one posting list per trigram for the whole table: a search
 * of the company with 1M of 10M books read the lists of its words' trigrams across all 10M (82–131 ms
 * for "garden 1234", 1 match), while a 10k company's search was cheaper as a plain filter of its own rows
 * (8 ms); a board search for a writer read every post ("writer" is in every name: 3 s at 1M posts).
 * Here each row is indexed by `list_grams(owner, text, '{2,4}')` (migration 0036): its lower-cased
 * 2- and 4-character substrings as numbers that carry the owner, so every posting list is one owner's.
 * A search asks for the keyword's 4-grams (its 2-grams below 4 characters: a Korean word is often two
 * syllables), or those of them worth asking (grams.ts), and GIN intersects those lists, driven by the
 * rarest; `ilike` rechecks the rows found.
 *
 * The answers are the ilike's: when `text` contains the keyword ignoring case, lower(text) contains
 * lower(keyword) (PostgreSQL's ilike compares the lower-cased strings in a multibyte encoding), so every
 * gram of the keyword is a gram of the row (two grams folded to one number only add rows that ilike rejects). A one-character keyword has no gram and filters the owner's rows.
 * The same index serves the embedded PGlite (GIN on text[] needs no extension).
 */
import { sql, type SQL } from 'drizzle-orm';
import { chooseGrams, gramStats, listGrams } from './grams';
import { escapeLike } from './index';

/** The gram sizes every gram index keeps (written as the literal of the index expression: the planner matches it as text). */
const SIZES = sql.raw(`'{2,4}'`);

export interface GramIndex {
  /** the index's name (its statistics weigh the keyword's grams: grams.ts) */
  name: string;
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
  const size = chars >= 4 ? 4 : 2;
  const grams = sql`list_grams(${ownerValue}::bigint, ${keyword}::text, ${`{${size}}`}::int[])`;
  // only the grams worth asking (grams.ts), taken from the database's own grams of the keyword
  const ask = chooseGrams(listGrams(ownerValue, keyword, size), gramStats(index.name));
  const asked = ask ? sql`list_grams_at(${grams}, ${`{${ask.join(',')}}`}::int[])` : grams;
  return sql`(list_grams(${index.owner}, ${index.text}, ${SIZES}) @> ${asked} and ${recheck})`;
}

/** Whether any of `columns` contains `keyword` ignoring case: the ilike alone (a row's test, no index). */
export function textMatch(columns: SQL[], keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}
