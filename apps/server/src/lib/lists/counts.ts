/**
 * Row counts per key for the lists that are not a company's and whose total must stay fast at a
 * million rows: a board's posts per division (the list shows a division's posts of one board) and help
 * files per customer type; and a figure of the rows that hold a condition (the dashboard's unpaid
 * invoices per company). Kept exact by statement-level triggers with transition tables, generated
 * here from a spec like the summaries of summary.ts (same trigger shape, one aggregate per statement);
 * the migration holds the output and a test checks it still equals it. A list reads its unfiltered total
 * as one row of the count table (`countOf`); a search still counts its matches (on its own index).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from './index';
import { statementTriggersSql, type SummaryColumn } from './summary';

export interface CountSpec {
  /** the list's table, e.g. bbs_posts */
  source: string;
  /** the count table: the key columns and `cnt` (created by the schema's migration) */
  table: string;
  /** key columns, SQL expressions over the source row `r` (and `expand`) */
  keys: SummaryColumn[];
  /** joined after `r`, e.g. a lateral unnest of an array that holds several keys of one row */
  expand?: string;
  /** counts only the rows for which this holds (an SQL condition over `r`); a row moves in and out as it changes */
  where?: string;
  /** what the source's triggers are named after (`<source>_<triggers>_ins` …): `counts` unless the source keeps another count table */
  triggers?: string;
  /** summed columns besides cnt (e.g. the amount, for per-currency totals), SQL expressions over `r` */
  measures?: SummaryColumn[];
}

/** Adds to the counts the rows of `sides` (each a transition table or the source, with its sign), net per key. */
function apply(spec: CountSpec, sides: [string, 1 | -1][]): string {
  const keys = spec.keys.map((k) => k.column).join(', ');
  const expand = spec.expand ? ` ${spec.expand}` : '';
  const where = spec.where ? ` WHERE ${spec.where}` : '';
  const ms = spec.measures ?? [];
  const rows = sides.map(
    ([from, sign]) =>
      `SELECT ${spec.keys.map((k) => `${k.expr} AS ${k.column}`).join(', ')}, ${sign} AS c${ms.map((m) => `, ${sign < 0 ? '-' : ''}(${m.expr}) AS ${m.column}`).join('')} FROM ${from} r${expand}${where}`,
  );
  // a row whose measure changes but not its key (an owed invoice's amount) nets to no count and some sum: kept
  const changed = ['sum(c) <> 0', ...ms.map((m) => `sum(${m.column}) <> 0`)].join(' OR ');
  return `INSERT INTO ${spec.table} AS s (${keys}, cnt${ms.map((m) => `, ${m.column}`).join('')})
      SELECT ${keys}, sum(c)::int${ms.map((m) => `, sum(${m.column})`).join('')} FROM (${rows.join(' UNION ALL ')}) x
      GROUP BY ${keys} HAVING ${changed}
      ON CONFLICT (${keys}) DO UPDATE SET cnt = s.cnt + excluded.cnt${ms.map((m) => `, ${m.column} = s.${m.column} + excluded.${m.column}`).join('')};`;
}

/**
 * The statements of a count's triggers and its backfill of the rows already there. An update adds its
 * old and new rows' keys net in one statement, so an update that changes no key (a post's view count)
 * writes nothing and takes no lock on the count row.
 */
export function countTriggerSql(spec: CountSpec): string[] {
  const body = `IF TG_OP = 'INSERT' THEN
    ${apply(spec, [['new_rows', 1]])}
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(spec, [['old_rows', -1]])}
  ELSE
    ${apply(spec, [
      ['old_rows', -1],
      ['new_rows', 1],
    ])}
  END IF;`;
  return [...statementTriggersSql(spec.source, `${spec.table}_apply`, spec.triggers ?? 'counts', body), apply(spec, [[spec.source, 1]])];
}

/** The migration text of a count: its statements separated by drizzle's breakpoints. */
export const countMigrationSql = (spec: CountSpec) => countTriggerSql(spec).join('\n--> statement-breakpoint\n');

/** The count kept for one key (its columns equal to the values given); 0 when no row was ever counted. */
export async function countOf(db: DbOrTx, spec: CountSpec, key: Record<string, SQL | string | number>): Promise<number> {
  const where = sql.join(
    Object.entries(key).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
    sql` and `,
  );
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(cnt), 0)::int as n from ${sql.identifier(spec.table)} where ${where}`,
  );
  return Number(row?.n ?? 0);
}
