import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { exportGate, freePermitsOf, nextWorkerId } from './gate';

export interface SheetColumn {
  header: string;
  key: string;
  /** least width in characters: the sheet widens a column to fit its header, its first rows and the hints (at most 60) */
  width: number;
  /**
   * Number format of the column; int, money and rate also write exact numeric text (money from the
   * database) as numbers. int '#,##0'; money '#,##0.00', with the symbol of the row's currency when
   * `currencyKey` names the column holding it; rate '0.00'; date 'yyyy-mm-dd' and datetime
   * 'yyyy-mm-dd hh:mm' take 'YYYY-MM-DD[ HH:MM:SS]' text (a wall-clock time) and write Excel dates.
   */
  format?: 'int' | 'money' | 'rate' | 'date' | 'datetime';
  currencyKey?: string;
  /** text values are replaced by their entry in `lookups[lookup]` (e.g. country codes by names) */
  lookup?: string;
}

/**
 * A keyset query for the worker thread's own connection: SQL text, its parameters (placeholders part,
 * after and limit by name), and the connection string from the configuration (DATABASE_URL).
 */
export interface ExportQuery {
  connectionString: string;
  text: string;
  params: (unknown | { placeholder: string })[];
}

export interface SheetOptions {
  /** symbol per currency code, for the money formats */
  currencies?: Record<string, string>;
  /** decimals of a currency's money format when not 2 (its ISO 4217 minor unit) */
  currencyDecimals?: Record<string, number>;
  lookups?: Record<string, Record<string, string>>;
  /** rows that will come (e.g. totals), measured with the first rows for the column widths */
  hints?: unknown[][];
}

/** Row batches sent to the worker and not yet written: enough to keep reading while it writes. */
const IN_FLIGHT = 2;

/**
 * The worker's chunks arrive here as copies, outside the JS heap. Once written to the client they are
 * garbage, but only a scavenge frees them, and this thread allocates too little while it relays an
 * export to start one: in a 1M-row export 32 MB of written chunks waited, the largest part of the
 * export's cost to the process's peak RSS. A minor collection (0.5 ms, the young generation only)
 * after each COLLECT_AFTER bytes received frees those already written. The count is the process's, not
 * one export's: the chunks of every export running wait in the same young generation, so two exports
 * relaying at once collect once per 4 MB between them, not twice. `gc` is V8's own, exposed by its flag
 * (set here, read from a fresh context: the process's command line is not changed).
 */
const COLLECT_AFTER = 4 << 20;
setFlagsFromString('--expose-gc');
const minorGc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
let received = 0;

/**
 * A streamed .xlsx built by a worker thread (xlsx-worker.mjs: sheet XML, zlib and zip in that thread,
 * which runs at a lower priority). Rows reach it in two ways, both with backpressure all the way from
 * the client: `push` hands over a batch and waits while two are unacknowledged or the client is
 * behind; `query` lets the worker read the rows itself on a connection of its own, and each chunk it
 * produces waits for the previous ones to be written to the client. Memory stays flat whatever the
 * row count; `out` is the file as it is built. The header row is bold and frozen, the columns are
 * as wide as the header, the first rows and the hints need, cells carry their column's number format.
 */
export function xlsxWorkerStream(sheetName: string, columns: SheetColumn[], options: SheetOptions = {}) {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const gateId = nextWorkerId();
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    workerData: { sheetName, columns, ...options, gate: exportGate, gateId },
    execArgv: [],
    // a streamed sheet needs little: a small heap keeps the process's peak flat for any row count
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  let inFlight = 0;
  let failed: Error | null = null;
  let wake: (() => void) | null = null;
  let finished: (() => void) | null = null;
  let queried: ((rows: number) => void) | null = null;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const fail = (e: Error) => {
    failed ??= e;
    wake?.();
    finished?.();
    queried?.(0);
  };
  /** The worker's query output is written in order; the credit for each chunk goes back once `out` can take more. */
  let written = Promise.resolve();
  worker.on('message', (m: { type: string; data?: Uint8Array; credit?: boolean; rows?: number; message?: string }) => {
    if (m.type === 'chunk') {
      out.write(Buffer.from(m.data!.buffer, m.data!.byteOffset, m.data!.byteLength));
      received += m.data!.byteLength;
      if (received >= COLLECT_AFTER) {
        received = 0;
        minorGc({ type: 'minor' });
      }
      if (m.credit) {
        written = written
          .then(async () => {
            if (out.writableNeedDrain) await once(out, 'drain');
            if (!failed) worker.postMessage({ type: 'credit' });
          })
          .catch(() => {}); // `out` destroyed: the export is being aborted
      }
    } else if (m.type === 'ack') {
      inFlight--;
      wake?.();
    } else if (m.type === 'queried') queried?.(m.rows!);
    else if (m.type === 'done') finished?.();
    else if (m.type === 'error') fail(new Error(m.message));
  });
  worker.on('error', fail);
  worker.once('exit', () => freePermitsOf(gateId));
  const waitAck = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    out,
    async push(rows: unknown[][]) {
      while (inFlight >= IN_FLIGHT && !failed) await waitAck();
      if (failed) throw failed;
      if (out.writableNeedDrain) await once(out, 'drain');
      inFlight++;
      worker.postMessage({ type: 'rows', rows });
    },
    /**
     * The worker runs `query` for each part in turn (placeholders part, after, limit: keyset batches of
     * `batch`, after starting at 0); each row gets a running number first, its last column (the keyset)
     * is not written. Resolves with the number of rows once all are written.
     */
    async query(query: ExportQuery, parts: readonly number[], batch: number): Promise<number> {
      while (inFlight > 0 && !failed) await waitAck();
      if (failed) throw failed;
      const rows = await new Promise<number>((resolve) => {
        queried = resolve;
        worker.postMessage({ type: 'query', query, parts, batch });
      });
      queried = null;
      if (failed) throw failed;
      return rows;
    },
    async end() {
      worker.postMessage({ type: 'end' });
      await done;
      await worker.terminate();
      if (failed) throw failed;
      out.end();
    },
    abort(e: Error) {
      failed ??= e;
      void worker.terminate();
      out.destroy(e);
    },
  };
}
