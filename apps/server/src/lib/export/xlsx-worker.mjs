// Worker thread writing a streamed .xlsx (xlsx-exports.md): sheet XML row by row, deflated here, zipped by
// fflate; an ack per batch is the backpressure. Runs at low priority; past `sheetRows` the rows go on in a
// next sheet; text starting with = + - @ gets a leading ' (CSV injection). Plain JS: runs under any loader.
// In: { type: 'rows', rows } | { type: 'end' }. Out: chunk, ack, done | error.
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { Zip } from 'fflate';

const port = parentPort;
/**
 * nice: thread priority; level: zlib's; sheetRows: rows per sheet (lowered by tests); hints: rows measured for widths.
 * @type {{ sheetName: string, columns: { header: string, key: string, width: number, format?: 'int' | 'money' | 'rate' | 'date' | 'datetime', currencyKey?: string, lookup?: string }[], currencies?: Record<string, string>, currencyDecimals?: Record<string, number>, lookups?: Record<string, Record<string, string>>, hints?: unknown[][], sheetRows?: number, nice?: number, level?: number }}
 */
const {
  sheetName,
  columns,
  currencies = {},
  currencyDecimals = {},
  lookups = {},
  hints = [],
  sheetRows = 1_048_576,
  nice = 19,
  level = 3,
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
function flush() {
  if (pendingBytes === 0) return;
  const out = new Uint8Array(pendingBytes);
  let at = 0;
  for (const p of pending) {
    out.set(p, at);
    at += p.length;
  }
  pending = [];
  pendingBytes = 0;
  port.postMessage({ type: 'chunk', data: out });
}

const MAX_ZIP32 = 0xffffffff;
/** Deflate's empty final block (BFINAL set, fixed Huffman, end of block). */
const LAST_BLOCK = new Uint8Array([3, 0]);

/** Sheet XML deflated at once: batches are gathered up to this size (fewer, larger chunks for the request thread to relay). */
const DEFLATE_CHUNK = 256 << 10;

/** The sheet as a zip entry: deflated in sync-flushed pieces that join into one stream, CRC and size kept. */
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
const fixedStyle = columns.map((c) => (c.format ? STYLE[c.format] : 0));
const currencyAt = columns.map((c) => (c.format === 'money' && c.currencyKey ? columns.findIndex((d) => d.key === c.currencyKey) : -1));
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
function cellXml(ref, i, v, values) {
  if (dateColumn[i]) {
    const n = serial(v);
    if (n !== null) return `<c r="${ref}" s="${fixedStyle[i]}"><v>${n}</v></c>`;
  } else if ((typeof v === 'number' && Number.isFinite(v)) || (numericText[i] && typeof v === 'string' && NUMERIC_TEXT.test(v))) {
    const style = currencyAt[i] >= 0 ? (moneyStyle[values[currencyAt[i]]] ?? STYLE.money) : fixedStyle[i];
    return style ? `<c r="${ref}" s="${style}"><v>${v}</v></c>` : `<c r="${ref}"><v>${v}</v></c>`;
  }
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="str"><v>${esc(guard(v instanceof Date ? v.toISOString() : String(v)))}</v></c>`;
}
/** One <row>; empty cells and all-empty rows left out (as exceljs). Values of a `lookup` column are looked up first. */
function rowXml(values, r) {
  const n = values.length;
  let cells = '';
  for (let i = 0; i < n; i++) {
    let v = values[i];
    if (v === null || v === undefined) continue;
    if (lookupOf[i] && typeof v === 'string') v = lookupOf[i][v] ?? v;
    cells += cellXml(`${LETTERS[i] ?? letter(i)}${r}`, i, v, values);
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
function measure(values) {
  for (let i = 0; i < columns.length; i++) {
    let v = values[i];
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

// ── the fixed parts of the package; those that list the sheets are written at the end ──
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

// ── printing: landscape A4, one page wide, header repeated; elements in CT_Worksheet's order (Excel enforces it). ──
const SHEET_PR = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>';
const PAGE_SETUP = '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>';
/** The header row of sheet `i` (0-based) repeated on every printed page: `'Name'!$1:$1` (a quote in the name doubled). */
const printTitles = (name, i) =>
  `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${esc(`'${name.replaceAll("'", "''")}'!$1:$1`)}</definedName>`;

/** The sheets' names: the first as asked, the next ones numbered (at most 31 characters, as Excel allows). */
const sheetNames = [];
const nameOf = (n) => (n === 1 ? sheetName : `${sheetName.slice(0, 31 - ` (${n})`.length)} (${n})`);

/** The parts that list the sheets (written once all are known: a zip's entries may come in any order). */
function addSheetList() {
  const sheets = sheetNames.map((_name, i) => i + 1);
  addFile(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
      sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`).join('') +
      `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
      `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
      `<Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`,
  );
  addFile(
    'docProps/app.xml',
    `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
      `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Publisher Portal</Application>` +
      `<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>` +
      `<vt:variant><vt:i4>${sheets.length}</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="${sheets.length}" baseType="lpstr">` +
      `${sheetNames.map((name) => `<vt:lpstr>${esc(name)}</vt:lpstr>`).join('')}</vt:vector></TitlesOfParts></Properties>`,
  );
  addFile(
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>` +
      sheetNames.map((name, i) => `<sheet name="${esc(name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`).join('') +
      `</sheets><definedNames>${sheetNames.map(printTitles).join('')}</definedNames></workbook>`,
  );
  addFile(
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${NS_PKG_REL}">` +
      `<Relationship Id="rId1" Type="${NS_REL}/styles" Target="styles.xml"/>` +
      sheets.map((n) => `<Relationship Id="rId${n + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
      `</Relationships>`,
  );
}

// ── the sheets, streamed ──
/** The sheet being written, and the rows it holds so far (the header included). */
let sheet = null;
let rowNo = 0;
/** `<cols>`: measured once, on the header, the hints and the first rows; every sheet has the same. */
let cols = null;

/** Starts the next sheet: the column widths, the frozen header row and the header. */
function openSheet() {
  sheetNames.push(nameOf(sheetNames.length + 1));
  sheet = new DeflatedEntry(`xl/worksheets/sheet${sheetNames.length}.xml`);
  zip.add(sheet);
  rowNo = 1;
  const header = columns.map((c, i) => `<c r="${LETTERS[i]}1" s="${STYLE.header}" t="str"><v>${esc(c.header)}</v></c>`).join('');
  sheet.write(
    Buffer.from(
      `${XML}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">${SHEET_PR}<sheetViews><sheetView workbookViewId="0">` +
        `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>` +
        `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
      'utf8',
    ),
  );
}

function closeSheet() {
  sheet.write(
    Buffer.from(
      `</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>${PAGE_SETUP}</worksheet>`,
      'utf8',
    ),
  );
  sheet.end();
}

/** Writes rows, the first ones measured for the widths; a full sheet is closed and the next one started. */
function writeRows(rows) {
  if (cols === null) {
    for (const h of hints) measure(h);
    for (const row of rows) measure(row);
    cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(MAX_WIDTH, w)}" customWidth="1"/>`).join('');
    openSheet();
  }
  let xml = '';
  for (const row of rows) {
    if (rowNo >= sheetRows) {
      sheet.write(Buffer.from(xml, 'utf8'));
      xml = '';
      closeSheet();
      openSheet();
    }
    xml += rowXml(row, ++rowNo);
  }
  sheet.write(Buffer.from(xml, 'utf8'));
}

// messages are handled one after the other; the fixed parts go out at once, a sheet's head with its first rows
flush();
let queue = Promise.resolve();
port.on('message', (msg) => {
  queue = queue
    .then(() => {
      if (msg.type === 'rows') {
        writeRows(msg.rows);
        flush();
        port.postMessage({ type: 'ack' });
      } else if (msg.type === 'end') {
        writeRows([]);
        closeSheet();
        addSheetList();
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
