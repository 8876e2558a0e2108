/**
 * Spans: for a list in the order of an integer key (a copyright book's number) filtered on another column
 * (its publication day), that column's least and greatest value per owner and block of 2^bits consecutive
 * keys. A page of the filter then walks only the blocks whose span meets the range, each block by the
 * order's index, and passes every other stretch of the order without reading its rows.
 *
 * Why: listPage's fewFirst walk tests each row of the order for the filter, which costs list size × page /
 * matches when the matches are spread over the order; they are not when the filter follows the order
 * (books are registered about when they are published, so a range of recent days matches the end of the
 * number order). The 1M company's last 9.3 % of days: 908,610 index entries read for a first page, 215–250 ms
 * (docs/decisions/filter-off-the-order.md); with spans of 1,024 numbers about 1 ms.
 *
 * A span is only ever widened (statement-level triggers on insert and update, generated here like the
 * summaries of summary.ts; the migration holds the output and a test checks it still equals it): a deleted
 * or moved row leaves its block's span as wide as it was, so a span always covers its block's rows and a
 * block passed by is a block without a match. An update that widens no span writes nothing and locks no span.
 */
import { sql, type SQL } from 'drizzle-orm';
import { statementTriggersSql } from './summary';

export interface SpanSpec {
  /** the list's table, e.g. copyright_books */
  source: string;
  /** the span table: (<owner>, block, lo, hi), keyed by (<owner>, block) and covering lo and hi (created by the schema's migration) */
  table: string;
  /** the owner column of the source and of the span table (company_idx): a walk reads one owner's blocks */
  owner: string;
  /** the list's order, an integer column of the source (ascending): block = order >> bits */
  order: string;
  /** the filtered column whose least and greatest value a span keeps (a date, a number: anything ordered) */
  value: string;
  /** a block holds 2^bits consecutive keys */
  bits: number;
}

/**
 * Widens the spans by the rows of `from` (a transition table or the source): one row per owner and block,
 * only where the span does not already cover them (so an update that moves no value takes no lock), in key
 * order (two statements widening the same spans lock them in the same order).
 */
function widen(spec: SpanSpec, from: string): string {
  const { table, owner, order, value, bits } = spec;
  return `INSERT INTO ${table} AS s (${owner}, block, lo, hi)
      SELECT x.${owner}, x.block, x.lo, x.hi FROM (
        SELECT r.${owner}, r.${order} >> ${bits} AS block, min(r.${value}) AS lo, max(r.${value}) AS hi
        FROM ${from} r GROUP BY 1, 2
      ) x
      WHERE NOT EXISTS (SELECT 1 FROM ${table} c WHERE c.${owner} = x.${owner} AND c.block = x.block AND c.lo <= x.lo AND c.hi >= x.hi)
      ORDER BY 1, 2
      ON CONFLICT (${owner}, block) DO UPDATE SET lo = least(s.lo, excluded.lo), hi = greatest(s.hi, excluded.hi);`;
}

/** The statements of a span table's triggers (insert and update; a delete narrows nothing) and its backfill of the rows already there. */
export function spanTriggerSql(spec: SpanSpec): string[] {
  return [
    ...statementTriggersSql(spec.source, `${spec.table}_widen`, 'spans', widen(spec, 'new_rows'), ['ins', 'upd']),
    widen(spec, spec.source),
  ];
}

/** The migration text of a span table: its statements separated by drizzle's breakpoints. */
export const spanMigrationSql = (spec: SpanSpec) => spanTriggerSql(spec).join('\n--> statement-breakpoint\n');

/**
 * A walk (PageQuery.fewFirst) over the blocks whose span meets the range [from, to] (either end may be
 * open; one of them is given), in the list's order: `rows(within)` is the list's keys with the `hit` column
 * (as fewFirst.walk) for one block's rows, `within` the condition on the source row (aliased `alias`) that
 * puts it in the block `bl`. Each block is read by the order's index (fenced with `offset 0`: the filter's
 * own index, picked from an estimate, would read the range's every row for each block); the walk's rows
 * carry `span_block`, and `order` (the list's, `k.<order>`) leads with it, so a page stops after its last block (an incremental sort
 * of each block's rows) instead of sorting every block's.
 */
export function spanWalk(
  spec: SpanSpec,
  p: { owner: SQL | number; from?: SQL; to?: SQL; alias: string; rows: (within: SQL) => SQL },
): { walk: SQL; order: SQL } {
  const span = [sql`s.${sql.identifier(spec.owner)} = ${p.owner}`];
  if (p.from !== undefined) span.push(sql`s.hi >= ${p.from}`);
  if (p.to !== undefined) span.push(sql`s.lo <= ${p.to}`);
  const key = sql.raw(`${p.alias}.${spec.order}`);
  const bits = sql.raw(String(spec.bits));
  const within = sql`${key} >= bl.span_block << ${bits} and ${key} < (bl.span_block + 1) << ${bits}`;
  return {
    walk: sql`select bl.span_block, w.* from (
        select s.block as span_block from ${sql.identifier(spec.table)} s where ${sql.join(span, sql` and `)}
      ) bl cross join lateral (${p.rows(within)} offset 0) w`,
    order: sql.raw(`k.span_block, k.${spec.order}`),
  };
}
