// Worker thread that builds a streamed .xlsx with exceljs (no styles, no shared strings), so the
// CPU-heavy part of an export never blocks the request loop. Plain JS: it runs under any loader.
// Messages in: { type: 'rows', rows: unknown[][] }, { type: 'end' }. Out: { type: 'chunk', data },
// { type: 'ack' } after each rows message, { type: 'done' } | { type: 'error', message }.
import { parentPort, workerData } from 'node:worker_threads';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

const port = parentPort;
const sink = new Writable({
  write(chunk, _enc, cb) {
    const copy = new Uint8Array(chunk.byteLength);
    copy.set(chunk);
    port.postMessage({ type: 'chunk', data: copy }, [copy.buffer]);
    cb();
  },
});
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
const ws = wb.addWorksheet(workerData.sheetName);
ws.columns = workerData.columns;

port.on('message', async (msg) => {
  try {
    if (msg.type === 'rows') {
      for (const row of msg.rows) ws.addRow(row).commit();
      port.postMessage({ type: 'ack' });
    } else if (msg.type === 'end') {
      ws.commit();
      await wb.commit();
      port.postMessage({ type: 'done' });
    }
  } catch (e) {
    port.postMessage({ type: 'error', message: String(e?.message ?? e) });
  }
});
