/**
 * Summary tables for lists whose counts and totals must stay fast at a million rows: a list's rows summed
 * per (company, UTC day or month, dims…, currency), kept exact by statement-level triggers with transition
 * tables (one aggregate per statement and grain, so bulk writes stay fast). This file generates those
 * triggers from a spec; a list's custom migration holds the output (a test checks the migration still equals
 * it), and its repository reads a range's whole months and days here and only its partial UTC days from the
 * rows (ranges.ts). Specs: INVOICE_SUMMARY, PAYMENT_SUMMARY (settlement), ROYALTY_SUMMARY, its rollup
 * ROYALTY_TOTALS and COPYRIGHT_BOOKS_SUMMARY (copyright), COMPANY_BOOKS_SUMMARY (product).
 */

export interface SummaryColumn {
  /** column of the summary tables */
  column: string;
  /** an SQL expression over the source row `r` (and the joined parent, see `parent`) */
  expr: string;
}

/** A summary table's bucket (a date column). */
type Grain = 'day' | 'month';
const GRAINS: Grain[] = ['day', 'month'];

export interface SummarySpec {
  /** the list's table, e.g. royalty_lines */
  source: string;
  /** the summary tables' prefix: `<table>_day_sums`, `<table>_month_sums` (created by the schema's migration) */
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
   * new. When a parent is deleted: a summary keyed by the parent (`childKey` is one of its dims) drops
   * the parent's summary rows (its rows go by a cascading key, whose own trigger no longer finds the
   * parent); any other summary takes the parent's rows out, measured with its values, before the parent
   * goes (a row-level BEFORE DELETE trigger: a statement-level one could not see them any more).
   */
  parent?: { table: string; alias: string; key: string; on: string; watch: string[]; childKey: string };
  /**
   * A bulk writer may defer the summary to the end of its transaction (deferSummarySql, flushSummarySql): its statements' rows are then only summed per day into a temporary table, and added to the
   * summary tables once. A million royalty lines imported in 200 statements otherwise rewrote each day and month
   * row of the summary (and of its rollup) once per statement. Until it flushes, the writer changes only the
   * summary's rows, not its parent (whose triggers read the summary tables directly).
   */
  deferrable?: boolean;
}

const list = (xs: string[]) => xs.join(', ');

/** A row's bucket in a grain, an SQL expression over `r`. */
const bucketOf = (spec: SummarySpec, grain: Grain) => (grain === 'day' ? spec.day : `date_trunc('month', ${spec.day})::date`);

/**
 * The INSERT … ON CONFLICT that adds (sign 1) or takes out (sign -1) the rows of `from` into one summary table
 * (`into`: the day sums of a deferred summary, plain inserts into its temporary table).
 */
function apply(spec: SummarySpec, grain: Grain, from: string, sign: 1 | -1, measureSign = sign, withCount = true, into?: string): string {
  const target = into ?? `${spec.table}_${grain}_sums`;
  const bucket = bucketOf(spec, grain);
  const keys = ['company_idx', grain, ...spec.dims.map((d) => d.column)];
  const cnt = withCount ? `${sign < 0 ? '-' : ''}${spec.count ? `coalesce(sum(${spec.count}), 0)::int` : 'count(*)::int'}` : '0';
  const sums = spec.measures.map((m) => `${measureSign < 0 ? '-' : ''}coalesce(sum(${m.expr}), 0)`);
  const cols = [...keys, 'cnt', ...spec.measures.map((m) => m.column)];
  const set = ['cnt', ...spec.measures.map((m) => m.column)].map((c) => `${c} = s.${c} + excluded.${c}`);
  return `INSERT INTO ${target} AS s (${list(cols)})
      SELECT r.company_idx, ${bucket}, ${list([...spec.dims.map((d) => d.expr), cnt, ...sums])}
      FROM ${from}
      GROUP BY ${list(keys.map((_, i) => String(i + 1)))}${
        into
          ? ';'
          : `
      ON CONFLICT (${list(keys)}) DO UPDATE SET ${list(set)};`
      }`;
}

/** A deferrable summary's temporary table of day sums not added yet, and the setting that says its writes are deferred. */
const deferredTable = (spec: SummarySpec) => `${spec.table}_sums_deferred`;
const DEFER_SETTING = 'portal.deferred_sums';

/**
 * Defers a deferrable summary to the end of the transaction (flushSummarySql): every statement on its rows until
 * then adds its day sums to a temporary table instead. Run inside the bulk writer's transaction.
 */
export function deferSummarySql(spec: SummarySpec): string[] {
  if (!spec.deferrable) throw new Error(`summary ${spec.table} is not deferrable`);
  return [
    `CREATE TEMPORARY TABLE ${deferredTable(spec)} (LIKE ${spec.table}_day_sums) ON COMMIT DROP`,
    `SET LOCAL ${DEFER_SETTING} = '${spec.table}'`,
  ];
}

/** Adds a deferred summary's day sums to its day and month tables (one statement each) and ends the deferral. */
export function flushSummarySql(spec: SummarySpec): string[] {
  // the deferred day sums read as a rollup of themselves
  const sums: SummarySpec = {
    source: deferredTable(spec),
    table: spec.table,
    day: 'r.day',
    dims: spec.dims.map((d) => ({ column: d.column, expr: `r.${d.column}` })),
    measures: spec.measures.map((m) => ({ column: m.column, expr: `r.${m.column}` })),
    count: 'r.cnt',
  };
  return [
    ...GRAINS.map((g) => apply(sums, g, `${deferredTable(spec)} r`, 1)),
    `SET LOCAL ${DEFER_SETTING} = ''`,
    `DROP TABLE ${deferredTable(spec)}`,
  ];
}

const joinParent = (spec: SummarySpec, parentTable = spec.parent?.table) =>
  spec.parent ? ` JOIN ${parentTable} ${spec.parent.alias} ON ${spec.parent.on}` : '';

/**
 * A plpgsql trigger function `fn` whose body (`IF TG_OP …` statements over the transition tables
 * old_rows and new_rows) is given, and its statement-level triggers on `source` after insert, delete
 * and update (names end in `suffix`). Shared by the summaries here and the row counts of counts.ts.
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
  const each = (f: (g: Grain) => string) => GRAINS.map(f).join('\n    ');
  const deferred = spec.deferrable
    ? `IF current_setting('${DEFER_SETTING}', true) = '${spec.table}' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      ${apply(spec, 'day', `old_rows r${joinParent(spec)}`, -1, -1, true, deferredTable(spec))}
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      ${apply(spec, 'day', `new_rows r${joinParent(spec)}`, 1, 1, true, deferredTable(spec))}
    END IF;
    RETURN NULL;
  END IF;
  `
    : '';
  const out = statementTriggersSql(
    spec.source,
    `${spec.table}_sums_apply`,
    'sums',
    `${deferred}IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${each((g) => apply(spec, g, `old_rows r${joinParent(spec)}`, -1))}
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    ${each((g) => apply(spec, g, `new_rows r${joinParent(spec)}`, 1))}
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
    const keyed = spec.dims.some((d) => d.column === p.childKey);
    const update = [
      ...GRAINS.map((g) => apply(spec, g, rowsWith('o'), -1, -1, false)),
      ...GRAINS.map((g) => apply(spec, g, rowsWith('n'), 1, 1, false)),
    ].join('\n    ');
    out.push(
      `CREATE FUNCTION ${pfn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${
    keyed
      ? `IF TG_OP = 'DELETE' THEN
    ${GRAINS.map((g) => `DELETE FROM ${spec.table}_${g}_sums WHERE ${p.childKey} IN (SELECT ${p.key} FROM old_rows);`).join('\n    ')}
  ELSE
    ${update}
  END IF;`
      : update
  }
  RETURN NULL;
END
$$;`,
      `CREATE TRIGGER ${p.table}_${spec.table}_sums_upd AFTER UPDATE ON ${p.table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${pfn}();`,
    );
    if (keyed)
      out.push(`CREATE TRIGGER ${p.table}_${spec.table}_sums_del AFTER DELETE ON ${p.table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${pfn}();`);
    else {
      // the parent's rows taken out while it is still there to measure them (the cascade that deletes them
      // runs after the parent is gone, so the rows' own trigger finds no parent and takes out nothing)
      const dfn = `${spec.table}_sums_parent_delete`;
      out.push(
        `CREATE FUNCTION ${dfn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${GRAINS.map((g) => apply(spec, g, `${spec.source} r${joinParent(spec)} WHERE r.${p.childKey} = OLD.${p.key}`, -1)).join('\n  ')}
  RETURN OLD;
END
$$;`,
        `CREATE TRIGGER ${p.table}_${spec.table}_sums_del BEFORE DELETE ON ${p.table}
  FOR EACH ROW EXECUTE FUNCTION ${dfn}();`,
      );
    }
  }
  // the rows already there
  out.push(...GRAINS.map((g) => apply(spec, g, `${spec.source} r${joinParent(spec)}`, 1)));
  return out;
}

/**
 * Each of a summary's tables with the key and sums of its primary key, as a row of the covering migration
 * (`('<table>', '<key columns>', '<sums>')`, migration 0041): the key carries the sums (`INCLUDE (cnt, …)`),
 * so that a range read (ranges.ts) is an index-only scan of the company's keys; a company whose summary
 * rows lie among 99 others' (one row per heap page) read 70 month rows from 44 heap pages otherwise.
 * drizzle's schema cannot declare INCLUDE columns: a summary table made later is made with them in its own
 * migration; a test checks every summary key in the database.
 */
export const summaryCoveringRows = (spec: SummarySpec): string[] =>
  GRAINS.map(
    (g) =>
      `('${spec.table}_${g}_sums', '${list(['company_idx', g, ...spec.dims.map((d) => d.column)])}', '${list(['cnt', ...spec.measures.map((m) => m.column)])}')`,
  );

/** The migration text of a summary: its statements separated by drizzle's breakpoints. */
export const summaryMigrationSql = (spec: SummarySpec) => summaryTriggerSql(spec).join('\n--> statement-breakpoint\n');
