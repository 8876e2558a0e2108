import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from './index';

/**
 * How a range of calendar days is read from a list's summary tables (summary.ts): its whole UTC months from
 * the month sums, its other whole UTC days from the day sums, and its partial UTC days (a range in a time zone
 * other than UTC starts and ends inside a UTC day) from the list's rows. One piece of code for every list with
 * summary tables (invoices, payments, royalty lines, registered books, copyright books).
 */

/**
 * A range of calendar days in a time zone as instants (UTC, ISO text so they compare as strings), its
 * whole UTC days [ds, de) and whole UTC months [mf, mt) (YYYY-MM-DD); undefined where the range is open.
 */
export interface DayRange {
  sAt?: string;
  eAt?: string;
  ds?: string;
  de?: string;
  dsAt?: string;
  deAt?: string;
  mf?: string;
  mt?: string;
}

/** The bounds of the calendar days startDate…endDate (inclusive) in `timeZone` ('UTC' for a date column: no partial days). */
export async function rangeBounds(
  db: DbOrTx,
  startDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
): Promise<DayRange> {
  if (!startDate && !endDate) return {};
  // a date column's days are UTC days: the same bounds without asking the database
  if (timeZone === 'UTC') {
    const end = endDate ? dayAfter(endDate) : undefined;
    return dayRange(
      startDate && startDate >= '0001-01-02' ? `${startDate}T00:00:00Z` : undefined,
      end && end.length === 10 ? `${end}T00:00:00Z` : undefined,
    );
  }
  // ISO text in UTC: a start before 0001-01-02 and an end from 10000-01-01 on are left open (no row is
  // registered there), so both bounds keep a 4-digit year; only the whole days derived from a start late on
  // 9999-12-31 reach 10000-01-01 (see `later`)
  const at = (d: SQL, side: 's' | 'e') =>
    sql`case when ${d} ${side === 's' ? sql`< timestamptz '0001-01-02 00:00:00+00'` : sql`>= timestamptz '10000-01-01 00:00:00+00'`} then null
      else to_char(${d} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end`;
  const [b] = await queryRows<{ s_at: string | null; e_at: string | null }>(
    db,
    sql`select ${startDate ? at(sql`((${startDate}::date)::timestamp at time zone ${timeZone})`, 's') : sql`null`} as s_at,
      ${endDate ? at(sql`((${endDate}::date + 1)::timestamp at time zone ${timeZone})`, 'e') : sql`null`} as e_at`,
  );
  return dayRange(b?.s_at ?? undefined, b?.e_at ?? undefined);
}

/** YYYY-MM-DD as PostgreSQL reads it: a 4-digit year (year 1 written `1-02-01` would read as 2001-01-02). */
const ymd = (x: Date) =>
  `${String(x.getUTCFullYear()).padStart(4, '0')}-${String(x.getUTCMonth() + 1).padStart(2, '0')}-${String(x.getUTCDate()).padStart(2, '0')}`;
const dayAfter = (d: string) => ymd(new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000));
const firstOfNextMonth = (d: string) => {
  const [y, m] = d.split('-').map(Number);
  return ymd(new Date(Date.UTC(y!, m!, 1)));
};
/** Whether instant text `x` is after `y`, also when one has a 5-digit year (10000-01-01T00:00:00Z). */
const later = (x: string, y: string) => x.padStart(24, '0') > y.padStart(24, '0');

/** Whether day `x` (YYYY-MM-DD) is before day `y`, also when one has a 5-digit year (10000-01-01). */
const earlierDay = (x: string, y: string) => x.padStart(11, '0') < y.padStart(11, '0');

/** The whole UTC days and months of the instants [sAt, eAt) (ISO text, UTC; undefined = open). */
function dayRange(sAt: string | undefined, eAt: string | undefined): DayRange {
  const ds = sAt ? (sAt.slice(11, 19) === '00:00:00' ? sAt.slice(0, 10) : dayAfter(sAt.slice(0, 10))) : undefined;
  const de = eAt ? eAt.slice(0, 10) : undefined;
  return {
    sAt,
    eAt,
    ds,
    de,
    dsAt: ds ? `${ds}T00:00:00Z` : undefined,
    deAt: de ? `${de}T00:00:00Z` : undefined,
    mf: ds ? (ds.endsWith('-01') ? ds : firstOfNextMonth(ds)) : undefined,
    mt: de ? `${de.slice(0, 7)}-01` : undefined,
  };
}

export interface RangeRead {
  /** the summary tables' prefix: `<table>_month_sums`, `<table>_day_sums` */
  table: string;
  /** the columns read from a summary row `s` (the same list as `rows` answers) */
  columns: SQL;
  /** the filter's conditions on a summary row `s` besides its month or day (company, dims) */
  where: SQL;
  /** the list's matching rows in the instants [from, to), as the same columns (only for partial UTC days) */
  rows: (instants: SQL) => SQL;
  /** the rows' instant column, e.g. `r.created_at` */
  at: SQL;
}

/** The parts (to `union all`) that read the range `r` from the summary tables and the rows of its partial UTC days. */
export function rangeParts(r: DayRange, q: RangeRead): SQL[] {
  const monthConds = [q.where];
  if (r.mf) monthConds.push(sql`s.month >= ${r.mf}::date`);
  if (r.mt) monthConds.push(sql`s.month < ${r.mt}::date`);
  const parts = [sql`select ${q.columns} from ${sql.raw(`${q.table}_month_sums`)} s where ${sql.join(monthConds, sql` and `)}`];
  // the other whole days (none without a date filter: every month is whole then): those before the first
  // whole month and those from the end of the last, each one range of the day sums' key (index-only);
  // a range within one month has no whole month and is read from its first whole day to its end once
  const days = (from: string | undefined, to: string | undefined) => {
    const conds = [q.where];
    if (from) conds.push(sql`s.day >= ${from}::date`);
    if (to) conds.push(sql`s.day < ${to}::date`);
    parts.push(sql`select ${q.columns} from ${sql.raw(`${q.table}_day_sums`)} s where ${sql.join(conds, sql` and `)}`);
  };
  if (r.mf) {
    const to = r.de && earlierDay(r.de, r.mf) ? r.de : r.mf;
    if (!r.ds || earlierDay(r.ds, to)) days(r.ds, to);
  }
  if (r.mt) {
    const from = r.mf && earlierDay(r.mt, r.mf) ? r.mf : r.mt;
    if (!r.de || earlierDay(from, r.de)) days(from, r.de);
  }
  // the partial UTC days: before the first whole day, and from the end of the last one (none when the range is in UTC)
  const partial: [string, string][] = [];
  if (r.sAt) {
    const to = r.eAt && later(r.dsAt!, r.eAt) ? r.eAt : r.dsAt!;
    if (later(to, r.sAt)) partial.push([r.sAt, to]);
  }
  if (r.eAt) {
    const from = [r.deAt!, r.dsAt, r.sAt].filter((x): x is string => !!x).reduce((m, x) => (later(x, m) ? x : m));
    if (later(r.eAt, from)) partial.push([from, r.eAt]);
  }
  const between = ([from, to]: [string, string]) => sql`(${q.at} >= ${from}::timestamptz and ${q.at} < ${to}::timestamptz)`;
  if (partial.length) parts.push(q.rows(sql`(${sql.join(partial.map(between), sql` or `)})`));
  return parts;
}

/** The total of parts that answer a column `cnt` (summary rows and rows of partial days, see rangeParts). */
export async function sumCounts(db: DbOrTx, parts: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(p.cnt), 0)::bigint as n from (${sql.join(parts, sql` union all `)}) p`,
  );
  return Number(row?.n ?? 0);
}
