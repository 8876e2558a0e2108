// Figure of docs/decisions/xlsx-exports.md. From the repository root:
// npx tsx scripts/measure/xlsx-compare.ts <ours|exceljs> <rows>: writes a synthetic royalty sheet to a counting sink
// and prints time, bytes and peak RSS (each variant in its own process).
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { xlsxWorkerStream, type SheetColumn } from '../../apps/server/src/lib/export/xlsx-stream';

const [variant, n] = [process.argv[2], Number(process.argv[3] ?? 200_000)];
const keys = [
  'no',
  'title',
  'isbn',
  'customer',
  'country',
  'sale',
  'unit_price',
  'currency',
  'qty',
  'sample',
  'disuse',
  'rate',
  'royalty',
  'status',
  'invoice',
  'created',
];
const row = (i: number) => [
  i + 1,
  `Book title number ${i % 5000}`,
  `97911${String(i % 100000).padStart(8, '0')}`,
  `Customer ${i % 300}`,
  'JPN',
  'Online',
  '12500.00',
  'KRW',
  (i % 40) + 1,
  0,
  0,
  '10.00',
  '1250.00',
  'Done',
  1000 + (i % 700),
  '2026-11-25 10:00:00',
];
let bytes = 0;
const sink = new Writable({ write: (c: Buffer, _e, cb) => ((bytes += c.length), cb()) });
let peak = 0;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const t0 = performance.now();
if (variant === 'ours') {
  const columns: SheetColumn[] = keys.map((k) => ({ header: k, key: k, width: 10 }));
  const x = xlsxWorkerStream('Royalty', columns);
  const piping = pipeline(x.out, sink);
  for (let i = 0; i < n; i += 1000) await x.push(Array.from({ length: Math.min(1000, n - i) }, (_, j) => row(i + j)));
  await x.end();
  await piping;
} else {
  const ExcelJS = createRequire(new URL('../../package.json', import.meta.url))('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Royalty');
  ws.columns = keys.map((key) => ({ header: key, key }));
  for (let i = 0; i < n; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
}
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  JSON.stringify({
    variant,
    rows: n,
    ms: Math.round(performance.now() - t0),
    mb: +(bytes / 1e6).toFixed(1),
    peakRssMiB: Math.round(peak / 2 ** 20),
  }),
);
process.exit(0);
