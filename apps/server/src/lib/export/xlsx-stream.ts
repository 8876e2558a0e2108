import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';

export interface SheetColumn {
  header: string;
  key: string;
  /** least width in characters: the sheet widens a column to fit its header, its first rows and the hints (at most 60) */
  width: number;
  /** The column's number format (int, money with the row's currency symbol, rate, date, datetime from wall-clock text). */
  format?: 'int' | 'money' | 'rate' | 'date' | 'datetime';
  currencyKey?: string;
  /** text values are replaced by their entry in `lookups[lookup]` (e.g. country codes by names) */
  lookup?: string;
}

export interface SheetOptions {
  /** symbol per currency code, for the money formats */
  currencies?: Record<string, string>;
  /** decimals of a currency's money format when not 2 (its ISO 4217 minor unit) */
  currencyDecimals?: Record<string, number>;
  lookups?: Record<string, Record<string, string>>;
  /** rows that will come (e.g. totals), measured with the first rows for the column widths */
  hints?: unknown[][];
  /** rows per sheet, the header included (default Excel's 1,048,576); more go on in a next sheet */
  sheetRows?: number;
}

/** Row batches sent to the worker and not yet written: enough to keep reading while it writes. */
const IN_FLIGHT = 2;

/**
 * A streamed .xlsx built by a low-priority worker thread (xlsx-worker.mjs); `push` waits while two batches are
 * unacknowledged or the client is behind, so memory stays flat.
 */
export function xlsxWorkerStream(sheetName: string, columns: SheetColumn[], options: SheetOptions = {}) {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    workerData: { sheetName, columns, ...options },
    execArgv: [],
    // a streamed sheet needs little: a small heap keeps the process's peak flat for any row count
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  let inFlight = 0;
  let failed: Error | null = null;
  let wake: (() => void) | null = null;
  let finished: (() => void) | null = null;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const fail = (e: Error) => {
    failed ??= e;
    wake?.();
    finished?.();
  };
  worker.on('message', (m: { type: string; data?: Uint8Array; message?: string }) => {
    if (m.type === 'chunk') out.write(Buffer.from(m.data!.buffer, m.data!.byteOffset, m.data!.byteLength));
    else if (m.type === 'ack') {
      inFlight--;
      wake?.();
    } else if (m.type === 'done') finished?.();
    else if (m.type === 'error') fail(new Error(m.message));
  });
  worker.on('error', fail);
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
    async end() {
      worker.postMessage({ type: 'end' });
      await done;
      await worker.terminate();
      if (failed) throw failed;
      out.end();
    },
    abort(e: Error) {
      failed ??= e;
      wake?.();
      void worker.terminate();
      out.destroy(e);
    },
  };
}
