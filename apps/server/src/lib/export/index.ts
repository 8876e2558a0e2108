import type { FastifyReply } from 'fastify';
import { Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { contentDisposition } from '../file-store';
import type { Metrics } from '../metrics';
import { csvStream } from './csv';
import { createExportScheduler } from './scheduler';
import { createExportSlots, DEFAULT_EXPORT_SLOTS, type ExportSlotLimits } from './slots';
import { xlsxWorkerStream, type ExportQuery, type SheetColumn } from './xlsx-stream';

export type ExportFormat = 'xlsx' | 'csv';
const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * What a column holds, and so how it is written: text (a formula-looking text gets a leading '), int
 * (#,##0), rate (0.00), money (#,##0.00 with the currency symbol of the row's `currencyKey` column;
 * exact numeric text is written as a number, never through a float), date and datetime (wall-clock
 * 'YYYY-MM-DD[ HH:MM:SS]' text from SQL, written as Excel dates; as that text in CSV).
 */
export type ColumnType = 'text' | 'int' | 'rate' | 'money' | 'date' | 'datetime';

export interface ExportColumn<R> {
  key: string;
  /** the header, in the language asked for */
  label: string;
  type?: ColumnType;
  /** the cell of a row (not used when the worker runs `workerSql`: then the SQL's column in this place) */
  value: (row: R) => unknown;
  /** least width in characters (the sheet widens a column to its content) */
  width?: number;
  currencyKey?: string;
  /** text values are replaced by their entry in `labels[lookup]` (e.g. country codes by names) */
  lookup?: string;
}

/**
 * Rows in keyset batches: each batch starts after the key of the last one, through the list's index,
 * so a narrow filter reads only the rows it matches and a deep batch costs what the first one does.
 */
export interface KeysetRows<R, K> {
  /** partitions walked in turn (e.g. the books in title order); without, one walk over the filter */
  parts?: readonly number[];
  /** at most `limit` rows after `after` (null: from the start of `part`), in the file's order */
  fetch: (after: K | null, limit: number, part: number | undefined) => Promise<R[]>;
  key: (row: R) => K;
  /**
   * PostgreSQL only: the same batch as one statement with the placeholders part, after (0 at the start
   * of a part) and limit, giving the cells of `columns` in order and then a numeric key. The export's
   * worker thread then runs it on a connection of its own, and this thread parses none of the rows.
   */
  workerSql?: SQL;
}

export interface WorkbookOptions<R, K> {
  fileName: string;
  format?: ExportFormat;
  sheetName: string;
  /** a first column with the running number 1, 2, … headed so */
  numbered?: string;
  columns: readonly ExportColumn<R>[];
  rows: KeysetRows<R, K>;
  /** rows written after the data (e.g. totals), as cells in the file's column order (the number column included) */
  trailer?: unknown[][];
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
  /**
   * The configuration's DATABASE_URL. Set: the xlsx worker reads on a connection of its own opened
   * with it (never dug out of a driver object). Unset: the embedded PGlite, which lives in this
   * thread's memory and cannot be reached from another thread or connection: rows are read here, in
   * small batches, and only between lists (`giveWay`).
   */
  databaseUrl?: string | undefined;
  metrics?: Pick<Metrics, 'gauge'>;
  limits?: ExportSlotLimits;
}

/** Rows per batch read in this thread; smaller on the single-connection PGlite so a list never waits long behind one. */
export const EXPORT_BATCH = 500;
export const EXPORT_BATCH_SINGLE = 100;
/** Rows per query of the worker's own connection (PostgreSQL). */
export const EXPORT_QUERY_BATCH = 500;

/**
 * Streamed spreadsheet exports (issue 17): one place for the file writers (xlsx in a worker thread,
 * CSV), the export slots (global and per company: 429 when full), backpressure (a batch is read only
 * once the client has taken the previous ones) and the scheduling that keeps lists fast while
 * exports run. Domain modules give columns, labels and a keyset query; lists run through `interactive`.
 */
export function createExporter({ databaseUrl, metrics, limits = DEFAULT_EXPORT_SLOTS }: ExporterDeps = {}) {
  const slots = createExportSlots(limits);
  const scheduler = createExportScheduler();
  const singleConnection = !databaseUrl;
  metrics?.gauge('portal_export_slots_in_use', `Spreadsheet exports running now (at most ${limits.max} per process)`, () => slots.inUse);

  const workerQuery = (query: SQL): ExportQuery | null => {
    if (!databaseUrl) return null;
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    return { connectionString: databaseUrl, text, params: params.map((p) => (p instanceof Placeholder ? { placeholder: p.name } : p)) };
  };

  /**
   * Streams `rows` as a file download (xlsx or CSV) on `reply`. Claims one of the slots of `companyIdx`
   * (the company of the verified token) first: 429 when none is free, before anything is read or sent.
   * `options` may be a function preparing them (totals, lookups: read once the slot is held). The slot
   * is freed when the response ends or the client goes away, and then reading stops.
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
    const abort = new AbortController();
    // the response closing before it finished = the client went away (request 'close' fires once the body is read)
    reply.raw.once('finish', release);
    reply.raw.once('close', () => {
      release();
      if (!reply.raw.writableFinished) abort.abort();
    });
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
    const sheetOptions = {
      lookups: o.labels ?? {},
      currencies: o.currencies ?? {},
      currencyDecimals: o.currencyDecimals ?? {},
      hints: o.hints ?? [],
    };
    const xlsx = format === 'xlsx' ? xlsxWorkerStream(o.sheetName, columns, sheetOptions) : null;
    const sheet = xlsx ?? csvStream(columns, sheetOptions);
    const query = xlsx && o.rows.workerSql && o.numbered !== undefined ? workerQuery(o.rows.workerSql) : null;

    const run = async () => {
      if (xlsx && query) {
        // the worker reads on its own connection, within the process's export gate (gate.ts)
        await xlsx.query(query, o.rows.parts ?? [0], EXPORT_QUERY_BATCH);
      } else {
        const size = singleConnection ? EXPORT_BATCH_SINGLE : EXPORT_BATCH;
        let no = 0;
        for (const part of o.rows.parts ?? [undefined]) {
          let after: K | null = null;
          for (;;) {
            if (singleConnection) await scheduler.giveWay(); // lists first: one connection
            if (abort.signal.aborted) throw new Error('aborted');
            const batch = await o.rows.fetch(after, size, part);
            if (batch.length > 0) {
              await sheet.push(
                batch.map((r) => {
                  const cells = o.columns.map((c) => c.value(r));
                  return o.numbered !== undefined ? [++no, ...cells] : cells;
                }),
              );
            }
            if (batch.length < size) break;
            after = o.rows.key(batch[batch.length - 1]!);
          }
        }
      }
      if (o.trailer?.length) await sheet.push(o.trailer);
      await sheet.end();
    };
    abort.signal.addEventListener('abort', () => sheet.abort(new Error('aborted')), { once: true });
    run().catch((e: unknown) => sheet.abort(e instanceof Error ? e : new Error(String(e))));
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', contentDisposition(o.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(sheet.out);
  }

  return {
    streamWorkbook,
    /** Runs a list: exports hold back their reads while it is answered. */
    interactive: scheduler.interactive,
    /** true on the embedded PGlite (one connection in this thread) */
    singleConnection,
  };
}
export type Exporter = ReturnType<typeof createExporter>;
