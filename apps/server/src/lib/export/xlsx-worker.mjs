// Worker thread that writes a streamed .xlsx: the sheet XML is written here row by row (no shared
// strings; a small fixed style sheet: a bold header row, frozen, and number formats per column: dates
// as Excel date serials, money with 2 decimals and its currency's symbol, counts with separators),
// deflated with zlib in this thread and packed by fflate's streaming Zip. Nothing is buffered
// behind our back: each batch is compressed and its bytes posted before the next is taken, and the
// main thread paces batches by what the client has taken (acks, credits): that is the backpressure.
// The thread lowers its own scheduling priority (Linux): bulk work gives the CPU to requests first.
// Text cells starting with = + - @ (or a tab / carriage return) get a leading ' so that no spreadsheet
// reads them as a formula (CSV injection, OWASP), as csv.ts does.
// Plain JS: it runs under any loader.
// Rows come from the main thread in batches, or, on PostgreSQL, from this thread's own connection
// (a keyset query given as text, run part by part, e.g. book by book): then the request loop parses
// none of them. The connection settings come from the app's configuration (DATABASE_URL), never from
// a driver object.
// Messages in: { type: 'rows', rows: unknown[][] }, { type: 'query', query, parts, batch } (rows get
// a running number first; the query's last column is the keyset and is not written), { type: 'credit' }
// (the main thread has written a chunk of a query's output, marked credit: true), { type: 'end' }.
// Lists being answered, and the CPU permits, are read from shared memory (gate.ts), not messages.
// Out: { type: 'chunk', data, credit }, { type: 'ack' } after each rows message, { type: 'queried', rows }
// after a query, { type: 'done' } | { type: 'error', message }.
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { Zip } from 'fflate';

const port = parentPort;
/**
 * nice: this thread's priority (19 = lowest); level: zlib's (3: about a third of level 6's time for a
 * few percent more bytes). A column with a numeric format holds numbers, also as exact numeric text
 * (money); a date column holds 'YYYY-MM-DD[ HH:MM:SS]' text (or a serial), written as an Excel date.
 * currencies: symbol per currency code, for the money formats; currencyDecimals: a currency's decimals when
 * not 2 (its ISO 4217 minor unit: 0 for KRW and JPY, whose format is then #,##0); lookups: tables of the columns' `lookup`;
 * hints: rows that will come last (totals), measured for the column widths with the first rows.
 * @type {{ sheetName: string, columns: { header: string, key: string, width: number, format?: 'int' | 'money' | 'rate' | 'date' | 'datetime', currencyKey?: string, lookup?: string }[], currencies?: Record<string, string>, currencyDecimals?: Record<string, number>, lookups?: Record<string, Record<string, string>>, hints?: unknown[][], nice?: number, level?: number, gate?: { cells: Int32Array, permits: number, epoch: number }, gateId?: number }}
 */
const {
  sheetName,
  columns,
  currencies = {},
  currencyDecimals = {},
  lookups = {},
  hints = [],
  nice = 19,
  level = 3,
  gate,
  gateId,
} = workerData;
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;
const NUMERIC_FORMATS = new Set(['int', 'money', 'rate']);
const numericText = columns.map((c) => NUMERIC_FORMATS.has(c.format));
const dateColumn = columns.map((c) => c.format === 'date' || c.format === 'datetime');
const lookupOf = columns.map((c) => (c.lookup ? (lookups[c.lookup] ?? {}) : null));

// setpriority() on this thread's id changes this thread only (Linux); elsewhere nothing happens
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0 && nice > 0) os.setPriority(tid, nice);
} catch {
  /* no per-thread priority here: run at the process's */
}

// ── zip output: collected per batch, posted as one chunk ──
let pending = [];
let pendingBytes = 0;
const zip = new Zip((err, data) => {
  if (err) throw err;
  pending.push(data);
  pendingBytes += data.length;
});
function flush(credit = false) {
  if (pendingBytes === 0) return false;
  // copied to the main thread, not transferred: a copy is allocated there and freed by a scavenge of its
  // young generation (xlsx-stream.ts starts one after each 4 MB relayed); a transferred buffer is not an
  // allocation there and waited for a full collection (68 MiB measured in a 1M-row export)
  const out = new Uint8Array(pendingBytes);
  let at = 0;
  for (const p of pending) {
    out.set(p, at);
    at += p.length;
  }
  pending = [];
  pendingBytes = 0;
  port.postMessage({ type: 'chunk', data: out, credit });
  return true;
}

const MAX_ZIP32 = 0xffffffff;
/** Deflate's empty final block (BFINAL set, fixed Huffman, end of block). */
const LAST_BLOCK = new Uint8Array([3, 0]);

/** Sheet XML deflated at once: batches are gathered up to this size (fewer, larger chunks for the request thread to relay). */
const DEFLATE_CHUNK = 256 << 10;

/**
 * The streamed sheet as a zip entry (fflate's ZipInputFile contract). The XML is gathered up to
 * DEFLATE_CHUNK bytes, deflated and sync-flushed (no final block), so the pieces join into one valid
 * deflate stream, ended by an empty final block; CRC-32 and size are kept as it goes. Synchronous: the
 * compressor holds nothing between pieces, and its CPU time is this low-priority thread's.
 */
class DeflatedEntry {
  constructor(filename) {
    this.filename = filename;
    this.compression = 8;
    this.size = 0;
    this.crc = 0;
    this.mtime = Date.now();
    /** @type {(err: Error | null, data: Uint8Array, final: boolean) => void} */
    this.ondata = () => {};
    /** @type {Buffer[]} */
    this.gathered = [];
    this.gatheredBytes = 0;
  }
  /** @param {Buffer} buf */
  write(buf) {
    this.size += buf.length;
    if (this.size > MAX_ZIP32) throw new Error('export too large for a zip without zip64 (4 GiB of sheet XML)');
    this.crc = zlib.crc32(buf, this.crc);
    this.gathered.push(buf);
    this.gatheredBytes += buf.length;
    if (this.gatheredBytes >= DEFLATE_CHUNK) this.deflate();
  }
  /** Deflates what was gathered. */
  deflate() {
    if (this.gatheredBytes === 0) return;
    const xml = this.gathered.length === 1 ? this.gathered[0] : Buffer.concat(this.gathered, this.gatheredBytes);
    this.gathered = [];
    this.gatheredBytes = 0;
    this.ondata(null, zlib.deflateRawSync(xml, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }), false);
  }
  end() {
    this.deflate();
    this.ondata(null, LAST_BLOCK, true);
  }
}
/** A small fixed part, deflated in one go. */
function addFile(name, text) {
  const data = Buffer.from(text, 'utf8');
  const entry = { filename: name, compression: 8, size: data.length, crc: zlib.crc32(data), mtime: Date.now(), ondata: null };
  zip.add(entry);
  entry.ondata(null, zlib.deflateRawSync(data, { level }), true);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** XML text: markup characters escaped, characters XML cannot hold dropped (as exceljs does). */
const ENTITIES = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
/** '' for a character XML 1.0 cannot hold (C0 controls but tab, newline and return; DEL), else undefined */
const dropped = (code) => ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f ? '' : undefined);
function esc(s) {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const replacement = ENTITIES[s[i]] ?? dropped(s.charCodeAt(i));
    if (replacement === undefined) continue;
    out += s.slice(from, i) + replacement;
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

/** Column letters A, B, … AA, … */
const letter = (i) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const LETTERS = columns.map((_c, i) => letter(i));

// ── styles: 0 default, 1 header (bold, grey fill, bottom border), then one per number format ──
const MONEY = '#,##0.00';
/** built-in number formats: 3 '#,##0', 2 '0.00'; custom ones from 164 */
const customFormats = ['yyyy-mm-dd', 'yyyy-mm-dd hh:mm', MONEY];
const currencyCodes = Object.keys(currencies).sort();
/** a currency's money format: its symbol, then #,##0.00, or #,##0 for a currency without a minor unit (the symbol quoted: any character is literal) */
for (const code of currencyCodes)
  customFormats.push(`"${currencies[code].replaceAll('"', '')}"${currencyDecimals[code] === 0 ? '#,##0' : MONEY}`);
const xfs = [
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>',
  '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>',
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>',
  ...customFormats.map((_f, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`),
];
const STYLE = { header: 1, int: 2, rate: 3, date: 4, datetime: 5, money: 6 };
/** style of a money cell in `currency` (the plain 2-decimal format for a currency without a symbol) */
const moneyStyle = Object.fromEntries(currencyCodes.map((code, i) => [code, 7 + i]));
let rowNo = 0;
const fixedStyle = columns.map((c) => (c.format ? STYLE[c.format] : 0));
const currencyAt = columns.map((c) => (c.format === 'money' && c.currencyKey ? columns.findIndex((d) => d.key === c.currencyKey) : -1));
/** a row's value of column i (numberLast: the row's last value is the first column's, a running number) */
const valueAt = (values, i, numberLast) => (numberLast ? values[i === 0 ? values.length - 1 : i - 1] : values[i]);
const DAY_MS = 86_400_000;
/** Excel's 1900 date system: serial 25569 is 1970-01-01; serials before 61 (1900-03-01) mean other days */
const EPOCH_SERIAL = 25569;
/** The Excel serial of 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]' (also with 'T'), read as a wall-clock time; null if not one. */
function serial(v) {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.length < 10 || v[4] !== '-' || v[7] !== '-') return null;
  const y = +v.slice(0, 4);
  const m = +v.slice(5, 7);
  const d = +v.slice(8, 10);
  if (!(y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  let days = Date.UTC(y, m - 1, d) / DAY_MS + EPOCH_SERIAL;
  if (v.length >= 16) days += ((+v.slice(11, 13) || 0) * 3600 + (+v.slice(14, 16) || 0) * 60 + (+v.slice(17, 19) || 0)) / 86_400;
  return days < 61 ? null : days;
}
/** Text that a spreadsheet could take for a formula gets a leading apostrophe (as in csv.ts). */
const FORMULA_START = /^[=+\-@\t\r]/;
const guard = (s) => (FORMULA_START.test(s) ? `'${s}` : s);
/** One cell: numbers as values (with the column's number format), dates as serials, text as t="str", booleans as t="b". */
function cellXml(ref, i, v, values, numberLast) {
  if (dateColumn[i]) {
    const n = serial(v);
    if (n !== null) return `<c r="${ref}" s="${fixedStyle[i]}"><v>${n}</v></c>`;
  } else if ((typeof v === 'number' && Number.isFinite(v)) || (numericText[i] && typeof v === 'string' && NUMERIC_TEXT.test(v))) {
    const style = currencyAt[i] >= 0 ? (moneyStyle[valueAt(values, currencyAt[i], numberLast)] ?? STYLE.money) : fixedStyle[i];
    return style ? `<c r="${ref}" s="${style}"><v>${v}</v></c>` : `<c r="${ref}"><v>${v}</v></c>`;
  }
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="str"><v>${esc(guard(v instanceof Date ? v.toISOString() : String(v)))}</v></c>`;
}
/** One <row>; empty cells and all-empty rows left out (as exceljs). Values of a `lookup` column are looked up first. */
function rowXml(values, numberLast = false) {
  const r = ++rowNo;
  const n = values.length;
  let cells = '';
  for (let i = 0; i < n; i++) {
    let v = valueAt(values, i, numberLast);
    if (v === null || v === undefined) continue;
    if (lookupOf[i] && typeof v === 'string') v = lookupOf[i][v] ?? v;
    cells += cellXml(`${LETTERS[i] ?? letter(i)}${r}`, i, v, values, numberLast);
  }
  return cells ? `<row r="${r}">${cells}</row>` : '';
}

// ── column widths: the header and the first rows (and the hints) measured, in characters of the default font ──
const MAX_WIDTH = 60;
/** East Asian wide characters (Hangul, CJK, kana, full-width forms) take about two. */
const wide = (c) =>
  (c >= 0x1100 && c <= 0x115f) ||
  (c >= 0x2e80 && c <= 0xa4cf) ||
  (c >= 0xac00 && c <= 0xd7a3) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xfe30 && c <= 0xfe4f) ||
  (c >= 0xff00 && c <= 0xff60) ||
  (c >= 0xffe0 && c <= 0xffe6) ||
  c >= 0x20000;
function textWidth(s) {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue; // second half of a surrogate pair
    w += wide(c >= 0xd800 && c <= 0xdbff ? s.codePointAt(i) : c) ? 2 : 1;
  }
  return w;
}
/** The shown width of a number: digits, group separators, sign, decimals and a currency symbol. */
function numberWidth(i, v) {
  const num = Number(v);
  const digits = String(Math.trunc(Math.abs(num))).length;
  const f = columns[i].format;
  return digits + Math.floor((digits - 1) / 3) + (num < 0 ? 1 : 0) + (f === 'money' || f === 'rate' ? 3 : 0) + (f === 'money' ? 2 : 0);
}
const widths = columns.map((c) => Math.max(c.width ?? 0, Math.ceil(textWidth(c.header) * 1.15) + 2));
function measure(values, numberLast) {
  for (let i = 0; i < columns.length; i++) {
    let v = valueAt(values, i, numberLast);
    if (v === null || v === undefined) continue;
    if (lookupOf[i] && typeof v === 'string') v = lookupOf[i][v] ?? v;
    const w = dateColumn[i]
      ? columns[i].format === 'date'
        ? 10
        : 16
      : typeof v === 'number' || (numericText[i] && NUMERIC_TEXT.test(String(v)))
        ? numberWidth(i, v)
        : textWidth(String(v));
    if (w + 2 > widths[i]) widths[i] = w + 2;
  }
}

// ── the fixed parts of the package ──
addFile(
  '[Content_Types].xml',
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `<Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`,
);
addFile(
  '_rels/.rels',
  `${XML}<Relationships xmlns="${NS_PKG_REL}">` +
    `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
    `<Relationship Id="rId2" Type="${NS_PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/>` +
    `<Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
);
const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
addFile(
  'docProps/core.xml',
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
    `xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<dc:creator>Publisher Portal</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${now}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${now}</dcterms:modified></cp:coreProperties>`,
);
addFile(
  'docProps/app.xml',
  `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
    `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Publisher Portal</Application>` +
    `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>` +
    `<vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="1" baseType="lpstr">` +
    `<vt:lpstr>${esc(sheetName)}</vt:lpstr></vt:vector></TitlesOfParts></Properties>`,
);
addFile(
  'xl/workbook.xml',
  `${XML}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>` +
    `<sheet name="${esc(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
);
addFile(
  'xl/_rels/workbook.xml.rels',
  `${XML}<Relationships xmlns="${NS_PKG_REL}">` +
    `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
);
addFile(
  'xl/styles.xml',
  `${XML}<styleSheet xmlns="${NS_MAIN}">` +
    `<numFmts count="${customFormats.length}">${customFormats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${esc(f)}"/>`).join('')}</numFmts>` +
    `<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
    `<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
    `<fill><patternFill patternType="solid"><fgColor rgb="FFE9ECEF"/><bgColor indexed="64"/></patternFill></fill></fills>` +
    `<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>` +
    `<border><left/><right/><top/><bottom style="thin"><color rgb="FFADB5BD"/></bottom><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
);

// ── the sheet, streamed ──
const sheet = new DeflatedEntry('xl/worksheets/sheet1.xml');
zip.add(sheet);
let headWritten = false;
/**
 * The sheet's head: the column widths (measured on the header, the hints and `sample`, the first rows),
 * the frozen header row, and the header itself. Written before the first rows, so it waits for them.
 */
function writeHead(sample = [], numberLast = false) {
  if (headWritten) return;
  headWritten = true;
  for (const h of hints) measure(h, false);
  for (const row of sample) measure(row, numberLast);
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(MAX_WIDTH, w)}" customWidth="1"/>`).join('');
  const r = ++rowNo;
  const header = columns.map((c, i) => `<c r="${LETTERS[i]}${r}" s="${STYLE.header}" t="str"><v>${esc(c.header)}</v></c>`).join('');
  sheet.write(
    Buffer.from(
      `${XML}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0">` +
        `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>` +
        `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="${r}">${header}</row>`,
      'utf8',
    ),
  );
}

/** Chunks of a query's output the main thread has not yet written: at most two ahead of it. */
let unwritten = 0;
let wakeCredit = null;
function post() {
  if (flush(true)) unwritten++;
}
const credit = async () => {
  while (unwritten >= 2) await new Promise((resolve) => (wakeCredit = resolve));
};

/**
 * The process's export gate (gate.ts, shared memory): a batch is read and written only while this worker
 * holds one of the CPU permits (one fewer than the cores), so that whatever the number of exports a core
 * is left to the requests (a list's thread and its database backend). The scheduler's priorities
 * cannot promise that: the database's backends run in a process, and a scheduling group, of their own.
 */
const cells = gate?.cells;
const permits = gate?.permits ?? 0;
const [RELEASES, LISTS, LISTS_ENDED] = [permits, permits + 1, permits + 2];
async function acquire() {
  for (;;) {
    const seen = Atomics.load(cells, RELEASES);
    for (let i = 0; i < permits; i++) if (Atomics.compareExchange(cells, i, 0, gateId) === 0) return i;
    // all held: wait for a release (or 100 ms: a lost wake-up costs a moment, never the export)
    const w = Atomics.waitAsync(cells, RELEASES, seen, 100);
    if (w.async) await w.value;
  }
}
function release(i) {
  if (i < 0 || Atomics.compareExchange(cells, i, gateId, 0) !== gateId) return;
  Atomics.add(cells, RELEASES, 1);
  Atomics.notify(cells, RELEASES, 1);
}

/**
 * While lists are being answered (the gate's count, kept by the request thread) and for CONTENDED_MS
 * after, reads are not read ahead, and take as many rows as last about CONTENDED_READ_MS (at least
 * MIN_BATCH): a read overlaps the lists' own queries on the database, and the longer it runs the more
 * of them it slows. Measured 2026-12-03 (two 1M-row exports, a list back to back, 2 cores), the list's
 * p99: 5.5 ms with reads of 500 rows, 3.6 with 100, 3.2-3.4 with reads of about 1 ms (75-90 rows;
 * 2.1 ms alone), and 0.5 ms (17 rows) made the exports 60% slower for no better figure. Waiting for
 * the lists to end before each read was measured worse: under back-to-back lists the read then starts
 * just as the next list does, and each end woke the workers.
 */
const CONTENDED_MS = 1000;
const CONTENDED_READ_MS = 1;
const MIN_BATCH = 10;
/** Milliseconds since the last list ended; the gate's clock is an Int32 that wraps (every 24.8 days), so the difference is taken in Int32 too. */
const sinceListsEnded = () => (Date.now() - gate.epoch - Atomics.load(cells, LISTS_ENDED)) | 0;
const contended = () => {
  if (cells === undefined) return false;
  if (Atomics.load(cells, LISTS) > 0) return true;
  const since = sinceListsEnded();
  return since >= 0 && since < CONTENDED_MS;
};

/**
 * Runs the export query part by part on a connection of this thread, each batch read while the previous
 * one is written (unless lists are being answered), within a CPU permit that is not held while the
 * client takes the file.
 */
async function runQuery({ query, parts, batch }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: query.connectionString, application_name: 'portal-export' });
  client.on('error', () => {}); // a lost connection fails the running query, reported below
  await client.connect();
  let no = 0;
  let held = -1;
  const take = async () => {
    if (gate && held < 0) held = await acquire();
  };
  const free = () => {
    release(held);
    held = -1;
  };
  try {
    // the rows a contended read takes, adjusted after each so that it lasts about CONTENDED_READ_MS
    let contendedLimit = Math.min(batch, 100);
    const read = async (part, after) => {
      const gentle = contended();
      const limit = gentle ? contendedLimit : batch;
      const t0 = performance.now();
      const { rows } = await client.query({
        name: 'portal-export',
        text: query.text,
        rowMode: 'array',
        values: query.params.map((p) => (p && typeof p === 'object' && 'placeholder' in p ? { part, after, limit }[p.placeholder] : p)),
      });
      if (gentle && rows.length === limit) {
        const fit = (limit * CONTENDED_READ_MS) / Math.max(0.05, performance.now() - t0);
        contendedLimit = Math.round(Math.min(batch, Math.max(MIN_BATCH, (contendedLimit + fit) / 2)));
      }
      return { rows, full: rows.length === limit };
    };
    let bi = 0;
    await take();
    let next = parts.length > 0 ? read(parts[0], 0) : null;
    while (next) {
      const { rows, full } = await next;
      const last = rows.length > 0 ? rows[rows.length - 1][rows[rows.length - 1].length - 1] : 0;
      const after = full ? [parts[bi], last] : ++bi < parts.length ? [parts[bi], 0] : null;
      // the next batch is read while this one is written, unless lists are (or were just) being
      // answered: then one thread at a time (the backend reading, or this one writing) works for it
      const ahead = after !== null && !contended();
      next = ahead ? read(...after) : null;
      next?.catch(() => {}); // awaited on the next turn; an error there is reported then
      if (rows.length > 0) {
        for (const row of rows) row[row.length - 1] = ++no; // the keyset column becomes the running number, written first
        writeHead(rows, true);
        let xml = '';
        for (const row of rows) xml += rowXml(row, true);
        sheet.write(Buffer.from(xml, 'utf8'));
        post();
      }
      free(); // the permit is not held while the client takes the file
      if (rows.length > 0) await credit();
      if (after !== null) await take();
      if (after !== null && !ahead) next = read(...after);
    }
  } finally {
    free();
    await client.end().catch(() => {});
  }
  return no;
}

// messages are handled one after the other (a query runs until all its rows are written); the fixed
// parts go out at once, the sheet's head with the first rows (its column widths are measured on them)
flush();
let queue = Promise.resolve();
port.on('message', (msg) => {
  if (msg.type === 'credit') {
    unwritten--;
    wakeCredit?.();
    return;
  }
  queue = queue
    .then(async () => {
      if (msg.type === 'rows') {
        writeHead(msg.rows);
        let xml = '';
        for (const row of msg.rows) xml += rowXml(row);
        sheet.write(Buffer.from(xml, 'utf8'));
        flush();
        port.postMessage({ type: 'ack' });
      } else if (msg.type === 'query') {
        const rows = await runQuery(msg);
        port.postMessage({ type: 'queried', rows });
      } else if (msg.type === 'end') {
        writeHead();
        sheet.write(
          Buffer.from(
            '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>',
            'utf8',
          ),
        );
        sheet.end();
        zip.end();
        flush();
        port.postMessage({ type: 'done' });
      }
    })
    .catch((e) => {
      port.postMessage({ type: 'error', message: String(e?.message ?? e) });
      queue = new Promise(() => {}); // nothing more after an error
    });
});
