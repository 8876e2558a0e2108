/**
 * Summary tables for lists whose counts and totals must stay fast at a million rows: a list's rows
 * summed per (company, day, dims…, currency) and per (company, month, dims…, currency), kept exact by
 * statement-level triggers with transition tables (one aggregate per statement, so bulk writes stay
 * fast). This file generates those triggers from a spec; a list's custom migration holds the output
 * (a test checks the migration still equals it), and its repository reads whole months from the month
 * table, the range's other whole days from the day table and only the rest from the rows.
 *
 * Lists with summaries: invoices (settlement.repository.ts INVOICE_SUMMARY, which replaced the
 * hand-written triggers of migrations 0007/0014/0015), payments (PAYMENT_SUMMARY), royalty lines
 * (copyright.repository.ts ROYALTY_SUMMARY) and registered books (product.repository.ts
 * COMPANY_BOOKS_SUMMARY), copyright books (copyright.repository.ts COPYRIGHT_BOOKS_SUMMARY) and the
 * royalty totals without the book (ROYALTY_TOTALS, a rollup of the royalty summary's day rows); a range of days is split over them by ranges.ts.
 */

export interface SummaryColumn {
  /** column of the summary tables */
  column: string;
  /** an SQL expression over the source row `r` (and the joined parent, see `parent`) */
  expr: string;
}

export interface SummarySpec {
  /** the list's table, e.g. royalty_lines */
  source: string;
  /** the two summary tables: `<table>_day_sums`, `<table>_month_sums` (created by the schema's migration) */
  table: string;
  /** the row's day, an SQL date expression over `r` */
  day: string;
  /** key columns after company_idx and day: the list's filters and the currency (none: a count per company and day) */
  dims: SummaryColumn[];
  /** summed columns besides cnt (count of rows; none: counts only) */
  measures: SummaryColumn[];
  /**
   * what `cnt` adds up for a source row: count(*) when absent; an expression over `r` (its `cnt`) for a
   * summary of another summary's rows (a rollup that leaves out one of its keys)
   */
  count?: string;
  /**
   * A parent row a measure reads (e.g. the book's royalty rate), joined as `alias` on `on`: when one of
   * its `watch` columns changes, the parent's rows are taken out with the old values and put back with the
   * new; when a parent is deleted its summary rows go (its rows go by a cascading key).
   */
  parent?: { table: string; alias: string; key: string; on: string; watch: string[]; childKey: string };
}

const list = (xs: string[]) => xs.join(', ');

/** The INSERT … ON CONFLICT that adds (sign 1) or takes out (sign -1) the rows of `from` into one summary table. */
function apply(spec: SummarySpec, grain: 'day' | 'month', from: string, sign: 1 | -1, measureSign = sign, withCount = true): string {
  const target = `${spec.table}_${grain}_sums`;
  const bucket = grain === 'day' ? spec.day : `date_trunc('month', ${spec.day})::date`;
  const keys = ['company_idx', grain, ...spec.dims.map((d) => d.column)];
  const cnt = withCount ? `${sign < 0 ? '-' : ''}${spec.count ? `coalesce(sum(${spec.count}), 0)::int` : 'count(*)::int'}` : '0';
  const sums = spec.measures.map((m) => `${measureSign < 0 ? '-' : ''}coalesce(sum(${m.expr}), 0)`);
  const cols = [...keys, 'cnt', ...spec.measures.map((m) => m.column)];
  const set = ['cnt', ...spec.measures.map((m) => m.column)].map((c) => `${c} = s.${c} + excluded.${c}`);
  return `INSERT INTO ${target} AS s (${list(cols)})
      SELECT r.company_idx, ${bucket}, ${list([...spec.dims.map((d) => d.expr), cnt, ...sums])}
      FROM ${from}
      GROUP BY ${list(keys.map((_, i) => String(i + 1)))}
      ON CONFLICT (${list(keys)}) DO UPDATE SET ${list(set)};`;
}

const joinParent = (spec: SummarySpec, parentTable = spec.parent?.table) =>
  spec.parent ? ` JOIN ${parentTable} ${spec.parent.alias} ON ${spec.parent.on}` : '';

/**
 * A plpgsql trigger function `fn` whose body (`IF TG_OP …` statements over the transition tables
 * old_rows and new_rows) is given, and its three statement-level triggers on `source` (names end in
 * `suffix`). Shared by the summaries here and the row counts of counts.ts.
 */
export function statementTriggersSql(source: string, fn: string, suffix: string, body: string): string[] {
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${body}
  RETURN NULL;
END
$$;`,
    `CREATE TRIGGER ${source}_${suffix}_ins AFTER INSERT ON ${source}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${source}_${suffix}_del AFTER DELETE ON ${source}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    `CREATE TRIGGER ${source}_${suffix}_upd AFTER UPDATE ON ${source}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
  ];
}

/** The statements (without breakpoints) of a summary's triggers and its backfill of the rows already there. */
export function summaryTriggerSql(spec: SummarySpec): string[] {
  const both = (from: string, sign: 1 | -1) => `${apply(spec, 'day', from, sign)}\n    ${apply(spec, 'month', from, sign)}`;
  const out = statementTriggersSql(
    spec.source,
    `${spec.table}_sums_apply`,
    'sums',
    `IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${both(`old_rows r${joinParent(spec)}`, -1)}
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    ${both(`new_rows r${joinParent(spec)}`, 1)}
  END IF;`,
  );
  const p = spec.parent;
  if (p) {
    const pfn = `${spec.table}_sums_parent_apply`;
    const changed = p.watch.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
    // the parent's rows, measured with its old values (taken out) and its new ones (put back); counts stay
    const rowsWith = (side: 'o' | 'n') =>
      `${spec.source} r JOIN old_rows o ON o.${p.key} = r.${p.childKey} JOIN new_rows n ON n.${p.key} = o.${p.key}` +
      ` JOIN LATERAL (SELECT ${side}.*) ${p.alias} ON true WHERE ${changed}`;
    out.push(
      `CREATE FUNCTION ${pfn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ${spec.table}_day_sums WHERE ${p.childKey} IN (SELECT ${p.key} FROM old_rows);
    DELETE FROM ${spec.table}_month_sums WHERE ${p.childKey} IN (SELECT ${p.key} FROM old_rows);
  ELSE
    ${apply(spec, 'day', rowsWith('o'), -1, -1, false)}
    ${apply(spec, 'month', rowsWith('o'), -1, -1, false)}
    ${apply(spec, 'day', rowsWith('n'), 1, 1, false)}
    ${apply(spec, 'month', rowsWith('n'), 1, 1, false)}
  END IF;
  RETURN NULL;
END
$$;`,
      `CREATE TRIGGER ${p.table}_${spec.table}_sums_upd AFTER UPDATE ON ${p.table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${pfn}();`,
      `CREATE TRIGGER ${p.table}_${spec.table}_sums_del AFTER DELETE ON ${p.table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${pfn}();`,
    );
  }
  // the rows already there
  out.push(apply(spec, 'day', `${spec.source} r${joinParent(spec)}`, 1), apply(spec, 'month', `${spec.source} r${joinParent(spec)}`, 1));
  return out;
}

/** The migration text of a summary: its statements separated by drizzle's breakpoints. */
export const summaryMigrationSql = (spec: SummarySpec) => summaryTriggerSql(spec).join('\n--> statement-breakpoint\n');
