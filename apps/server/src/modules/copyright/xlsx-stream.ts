import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

/** Row batches sent to the worker and not yet written: enough to keep reading while it writes. */
const IN_FLIGHT = 2;

/**
 * A streamed .xlsx built by a worker thread (xlsx-worker.mjs). `push` waits while the worker or the
 * client is behind, so memory stays flat whatever the row count; `out` is the file as it is built.
 */
export function xlsxWorkerStream(sheetName: string, columns: SheetColumn[]) {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    workerData: { sheetName, columns },
    execArgv: [],
    // a streamed sheet needs little: a small heap keeps the process's peak flat for any row count
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
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
      void worker.terminate();
      out.destroy(e);
    },
  };
}
