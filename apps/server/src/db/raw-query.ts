import { entityKind, is, Name, Param, Placeholder, SQL, StringChunk, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Raw statements (drizzle's `sql` templates: the lists, totals, dashboard and imports SQL of the
 * repositories and lib/lists) turned into their text and parameters in one pass, and run.
 *
 * drizzle's own builder (`SQL.toQuery`, `buildQueryFromSourceParams`) makes an object per chunk, a copy
 * of its config per nested template and a merged array per level; for a list page of a few hundred
 * chunks that was a third of everything a request allocates (payments with a new date range: 55 of
 * 166 KB; registered books: 77 of 237 KB), and with `npm start`'s 8 MB semi-spaces every 31st request met
 * a scavenge (docs/decisions/raw-sql-text.md). This pass appends to one string and one array and gives
 * the same text and parameters for the chunks raw templates hold: text, nested templates, values,
 * `Param`s, lists and `sql.identifier` names. A statement holding anything else (a table, a column, a
 * subquery, a placeholder, inlined parameters) goes to drizzle as it is, whole. Under Vitest every
 * statement is also built by drizzle and compared (`CHECK`), so the whole suite checks the two agree.
 */

/** Only for its quoting of names and, under Vitest, to check the pass (the database keeps its own dialect). */
const dialect = new PgDialect();

/** Under Vitest (both databases' suites), each statement's text and parameters are checked against drizzle's. */
const CHECK = process.env.VITEST === 'true';

interface Out {
  text: string;
  params: unknown[];
}

const param = (out: Out, value: unknown) => {
  out.params.push(value);
  out.text += `$${out.params.length}`;
};

/** Appends one chunk; false when it is one drizzle's builder must turn into text (see above). */
function append(out: Out, chunk: unknown): boolean {
  if (chunk === undefined) return true;
  if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
    param(out, chunk);
    return true;
  }
  if (Array.isArray(chunk)) {
    out.text += '(';
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) out.text += ', ';
      if (!append(out, chunk[i])) return false;
    }
    out.text += ')';
    return true;
  }
  if (is(chunk, StringChunk)) {
    for (const s of chunk.value) out.text += s;
    return true;
  }
  if (is(chunk, SQL)) {
    // `sql.inlineParams()` (private in drizzle's types): values written into the text, drizzle's builder
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const c of chunk.queryChunks) if (!append(out, c)) return false;
    return true;
  }
  if (is(chunk, Param)) {
    if (is(chunk.value, Placeholder)) return false;
    const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (is(value, SQL)) return append(out, value);
    param(out, value);
    return true;
  }
  if (is(chunk, Name)) {
    out.text += dialect.escapeName(chunk.value);
    return true;
  }
  // any other drizzle entity (table, column, view, subquery, alias, placeholder) or SQL wrapper: drizzle's builder
  if (
    typeof chunk === 'function' ||
    entityKind in (chunk.constructor ?? {}) ||
    typeof (chunk as { getSQL?: unknown }).getSQL === 'function'
  )
    return false;
  // a plain value (a Date, a Buffer, a JSON object): a parameter, as drizzle's builder makes it
  param(out, chunk);
  return true;
}

/** The statement's text and parameters from this file's pass; undefined when it holds a chunk the pass leaves to drizzle. */
function onePass(query: SQL): Query | undefined {
  const out: Out = { text: '', params: [] };
  return append(out, query) ? { sql: out.text, params: out.params } : undefined;
}

/**
 * The pass's text and parameters (under Vitest checked against drizzle's builder: they must be the same), or
 * undefined: the statement then goes to drizzle as it is, built by the database's own dialect.
 */
export function buildQuery(query: SQL): Query | undefined {
  const built = onePass(query);
  if (CHECK && built) {
    const theirs = dialect.sqlToQuery(query);
    if (theirs.sql !== built.sql || JSON.stringify(theirs.params) !== JSON.stringify(built.params))
      throw new Error(`raw-query: built differently from drizzle\n${built.sql}\n---\n${theirs.sql}`);
  }
  return built;
}

/** An already built statement: drizzle's `execute` asks it for its text and parameters and gets them as they are. */
class Built extends SQL {
  constructor(private readonly built: Query) {
    super([]);
  }
  override toQuery(): Query {
    return this.built;
  }
}

type Rows<T> = { rows: T[] };

/** Runs a raw statement and answers its rows (PGlite and node-postgres answer the same shape). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = buildQuery(query);
  return ((await db.execute(built ? new Built(built) : query)) as unknown as Rows<T>).rows;
}
