import type { FastifyReply } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/raw-query';
import { contentDisposition } from '../file-store';
import type { Metrics } from '../metrics';
import { csvStream } from './csv';
import { createExportSlots, DEFAULT_EXPORT_SLOTS, type ExportSlotLimits } from './slots';
import { xlsxWorkerStream, type SheetColumn } from './xlsx-stream';

export type ExportFormat = 'xlsx' | 'csv';
const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** What a column holds, and so its cell format (money exact from its text with the row's currency). */
export type ColumnType = 'text' | 'int' | 'rate' | 'money' | 'date' | 'datetime';

export interface ExportColumn<R> {
  key: string;
  /** the header, in the language asked for */
  label: string;
  type?: ColumnType;
  /** the cell of a row */
  value: (row: R) => unknown;
  /** least width in characters (the sheet widens a column to its content) */
  width?: number;
  currencyKey?: string;
  /** text values are replaced by their entry in `labels[lookup]` (e.g. country codes by names) */
  lookup?: string;
}

/** The list's filter and order as one statement: a cursor on PostgreSQL, keyset batches on PGlite. */
export interface ExportRows<R, K> {
  /** the database of the module (PGlite's batches run on it) */
  db: DbOrTx;
  /** the rows after `after` (null: from the first) in the file's order, at most `limit` (null: all of them) */
  sql: (after: K | null, limit: number | null) => SQL;
  /** a row's place in that order */
  key: (row: R) => K;
  /** the row as the columns read it (e.g. with values worked out in code); default: as read */
  map?: (row: R) => R;
}

export interface WorkbookOptions<R, K> {
  fileName: string;
  format?: ExportFormat;
  sheetName: string;
  /** a first column with the running number 1, 2, … headed so */
  numbered?: string;
  columns: readonly ExportColumn<R>[];
  rows: ExportRows<R, K>;
  /** Rows written after the data and a blank row (per-currency totals), cells by column key. */
  totals?: readonly Record<string, unknown>[];
  /** lookup tables of the columns' `lookup` (texts in the language asked for) */
  labels?: Record<string, Record<string, string>>;
  /** symbol per currency code, for money columns */
  currencies?: Record<string, string>;
  /** decimals of a currency's money format when not 2 (its ISO 4217 minor unit: 0 for KRW and JPY) */
  currencyDecimals?: Record<string, number>;
  /** rows measured up front for the column widths (e.g. the longest titles, which come last in title order) */
  hints?: unknown[][];
}

export interface ExporterDeps {
  /** DATABASE_URL: set, the statement is read through a cursor on a connection of its own. */
  databaseUrl?: string | undefined;
  metrics?: Pick<Metrics, 'gauge'>;
  limits?: ExportSlotLimits;
}

/** Rows per read: 10,000-row batches were promoted out of the young generation (xlsx-exports.md). */
const EXPORT_BATCH = 1_000;

/** The longest rest after a batch, which rests as long as it took so lists keep the thread (xlsx-exports.md). */
const REST_MAX_MS = 50;

/** The statement's rows, EXPORT_BATCH at a time, through a cursor on a connection of its own (PostgreSQL). */
async function* cursorRows<R>(databaseUrl: string, query: SQL): AsyncGenerator<R[]> {
  const [{ default: pg }, { default: Cursor }] = await Promise.all([import('pg'), import('pg-cursor')]);
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'portal-export' });
  client.on('error', () => {}); // a lost connection fails the read in progress, reported there
  await client.connect();
  try {
    const cursor = client.query(new Cursor<R>(text, params));
    for (;;) {
      const rows = await cursor.read(EXPORT_BATCH);
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** The statement's rows in keyset batches (PGlite: each batch holds its one connection briefly). */
export async function* keysetRows<R, K>(rows: ExportRows<R, K>, size = EXPORT_BATCH): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const batch = await queryRows<R>(rows.db, rows.sql(after, size));
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = rows.key(batch[batch.length - 1]!);
  }
}

/** The total rows of a file as cells in its column order (the number column empty), after a blank row; none without totals. */
function totalRows<R, K>({ totals = [], columns, numbered }: WorkbookOptions<R, K>): unknown[][] {
  if (totals.length === 0) return [];
  const row = (cells: Record<string, unknown>) => [
    ...(numbered !== undefined ? [null] : []),
    ...columns.map((c) => (Object.hasOwn(cells, c.key) ? cells[c.key] : null)),
  ];
  return [row({}), ...totals.map(row)];
}

/** Streamed xlsx/CSV exports with per-process and per-company slots and backpressure from the client. */
export function createExporter({ databaseUrl, metrics, limits = DEFAULT_EXPORT_SLOTS }: ExporterDeps = {}) {
  const slots = createExportSlots(limits);
  metrics?.gauge('portal_export_slots_in_use', `Spreadsheet exports running now (at most ${limits.max} per process)`, () => slots.inUse);

  /**
   * Streams the rows as a download after claiming a slot of `companyIdx` (429 when none is free); the slot
   * is freed when the response ends or the client goes away.
   */
  async function streamWorkbook<R, K>(
    reply: FastifyReply,
    companyIdx: number,
    options: WorkbookOptions<R, K> | (() => Promise<WorkbookOptions<R, K>>),
  ) {
    const release = slots.claim(companyIdx);
    let o: WorkbookOptions<R, K>;
    try {
      o = typeof options === 'function' ? await options() : options;
    } catch (e) {
      release();
      throw e;
    }
    const format = o.format ?? 'xlsx';
    const columns: SheetColumn[] = [
      ...(o.numbered !== undefined ? [{ header: o.numbered, key: 'no', width: 6 }] : []),
      ...o.columns.map((c) => ({
        header: c.label,
        key: c.key,
        width: c.width ?? 10,
        ...(c.type && c.type !== 'text' ? { format: c.type } : {}),
        ...(c.currencyKey ? { currencyKey: c.currencyKey } : {}),
        ...(c.lookup ? { lookup: c.lookup } : {}),
      })),
    ];
    const trailer = totalRows(o);
    const sheetOptions = {
      lookups: o.labels ?? {},
      currencies: o.currencies ?? {},
      currencyDecimals: o.currencyDecimals ?? {},
      hints: [...trailer, ...(o.hints ?? [])],
    };
    const sheet = format === 'xlsx' ? xlsxWorkerStream(o.sheetName, columns, sheetOptions) : csvStream(columns, sheetOptions);
    // the response closing before it finished = the client went away: the next push fails, which ends the
    // reading (leaving the loop closes the cursor and its connection)
    reply.raw.once('finish', release);
    reply.raw.once('close', () => {
      release();
      if (!reply.raw.writableFinished) sheet.abort(new Error('aborted'));
    });

    const run = async () => {
      let no = 0;
      const batches = databaseUrl ? cursorRows<R>(databaseUrl, o.rows.sql(null, null)) : keysetRows(o.rows);
      let since = performance.now();
      for await (const batch of batches) {
        const rows = o.rows.map ? batch.map(o.rows.map) : batch;
        await sheet.push(
          rows.map((r) => {
            const cells = o.columns.map((c) => c.value(r));
            return o.numbered !== undefined ? [++no, ...cells] : cells;
          }),
        );
        // the rows are parsed and mapped on the request thread: after each batch the export rests as long
        // as the batch took (at most REST_MAX_MS), so lists keep at least half of that thread
        await new Promise((r) => setTimeout(r, Math.min(REST_MAX_MS, performance.now() - since)));
        since = performance.now();
      }
      if (trailer.length) await sheet.push(trailer);
      await sheet.end();
    };
    run().catch((e: unknown) => sheet.abort(e instanceof Error ? e : new Error(String(e))));
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(o.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(sheet.out);
  }

  return { streamWorkbook };
}
export type Exporter = ReturnType<typeof createExporter>;
