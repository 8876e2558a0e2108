import { once } from 'node:events';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { decodeText, type TextEncodingName } from './decode';
import { bytesOf, inflateEntries } from './zip';

/** A sheet: CSV or the first sheet of an XLSX. */
export type SheetFormat = 'csv' | 'xlsx';
/** What an import upload may be: a sheet, or a zip holding a sheet and the files its rows name (lib/imports/zip.ts). */
export type ImportFormat = SheetFormat | 'zip';

/** One line of the file: its number as a spreadsheet shows it (the header is row 1) and its cells as text. */
export interface RawRow {
  row: number;
  cells: string[];
}

/** The file's format from its name (a spreadsheet is .xlsx, a zip .zip; anything else is read as CSV). */
export const formatOf = (fileName: string): ImportFormat => (/\.xlsx$/i.test(fileName) ? 'xlsx' : /\.zip$/i.test(fileName) ? 'zip' : 'csv');

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/** The stream's first n bytes (fewer at its end), put back so the reader still gets them. */
async function peek(input: Readable, n: number): Promise<Buffer> {
  for (;;) {
    const chunk = (input.read(n) ?? (input.readableEnded ? input.read() : null)) as Buffer | null;
    if (chunk) {
      input.unshift(chunk);
      return chunk;
    }
    if (input.readableEnded || input.destroyed) return Buffer.alloc(0);
    await Promise.race([once(input, 'readable'), once(input, 'end')]);
  }
}

/** A file that is not what its name says: refused before any parser sees it. */
export class UnreadableFile extends Error {}

/** A UTF-16 text starts with its BOM (its ASCII characters hold NUL bytes); any other text has no NUL in its first bytes. */
const UTF16_BOM = /^(\xff\xfe|\xfe\xff)/;

/**
 * The rows of a CSV (comma separated, quoted as RFC 4180; its text decoded by decodeText: UTF-8, UTF-16 with
 * BOM or CP949, detected or named by `encoding`) or of the first sheet of an XLSX, streamed: of a CSV nothing
 * but the current row is held; an XLSX's compressed bytes (within the upload limit) are held so its parts
 * reach the reader in the order it needs (withLeadingParts), and its sheet is inflated and read a row at a
 * time. Blank lines are skipped. A CSV byte that is not valid in its encoding throws BadEncoding.
 */
export async function* readRows(input: Readable, format: SheetFormat, encoding: TextEncodingName = 'auto'): AsyncGenerator<RawRow> {
  const head = await peek(input, 4);
  const text = format === 'csv' && head.length > 0 && (UTF16_BOM.test(head.toString('latin1')) || !head.includes(0));
  if (format === 'xlsx' ? !head.equals(ZIP_MAGIC) : !text) throw new UnreadableFile();
  if (format === 'csv') {
    const text = Readable.from(decodeText(input, encoding));
    const parser = text.pipe(parse({ relax_column_count: true, skip_empty_lines: true, info: true }));
    // a byte the encoding cannot read ends the rows with BadEncoding
    text.on('error', (e) => parser.destroy(e));
    try {
      for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { row: rec.info.lines, cells: rec.record };
      }
    } finally {
      text.destroy();
    }
    return;
  }
  const bytes = await bytesOf(input);
  const { default: excel } = await import('exceljs'); // loaded when first asked for (docs/decisions/lazy-heavy-modules.md)
  const reader = new excel.stream.xlsx.WorkbookReader(await withLeadingParts(bytes), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = values.map((v) => cellText(v as ExcelJS.CellValue));
      if (cells.some((c) => c.trim() !== '')) yield { row: row.number, cells };
    }
    break; // the first sheet only
  }
}

/**
 * The parts exceljs's streaming reader needs before a sheet to read the sheet as it comes; the styles
 * tell it which numbers are dates (a date typed in a spreadsheet is a number in a date format).
 */
const LEADING_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'] as const;
const EMPTY_SHARED_STRINGS = new TextEncoder().encode('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');

/**
 * The XLSX (the upload, already bounded by its size limit) with copies of the workbook's relations, the
 * workbook, its shared strings and its styles stored before it, for exceljs's streaming reader.
 *
 * Why: that reader goes through the zip in stored order, and a sheet stored before the shared strings or
 * the workbook (as exceljs, Excel and most writers store them) is set aside in a temporary file while it
 * goes on. While that file is written, entries that follow can be lost (exceljs issue #3064, open); the
 * sheet then fails on a missing workbook model, or reads without its shared strings. With the copies
 * first, the reader has what it needs when it meets the first sheet and reads it as it comes; it reads
 * the first sheet only, so the later originals are never reached. Measured on a template filled in:
 * 192 failures in 200 reads when the temporary file is slow to write (a busy disk, as in CI), 0 with
 * the copies. yauzl inflates the small parts (counted against the zip limits, off the event loop) and fflate stores them; the original
 * bytes follow unchanged, so the sheet is inflated by the reader a piece at a time as before.
 */
async function withLeadingParts(bytes: Buffer): Promise<Readable> {
  const found = await inflateEntries(bytes, (name) => (LEADING_PARTS as readonly string[]).includes(name));
  const parts: Record<string, Uint8Array> = Object.fromEntries(found);
  if (!parts['xl/_rels/workbook.xml.rels'] || !parts['xl/workbook.xml']) throw new UnreadableFile();
  // a workbook whose strings are all inline has no shared strings: an empty table keeps the reader on its direct path
  parts['xl/sharedStrings.xml'] ??= EMPTY_SHARED_STRINGS;
  const leading = zipSync(Object.fromEntries(LEADING_PARTS.filter((name) => parts[name]).map((name) => [name, parts[name]!])), {
    level: 0,
  });
  // its entries without its central directory (where that starts: the end record's offset field; fflate writes no comment)
  const entries = leading.subarray(0, new DataView(leading.buffer, leading.byteOffset).getUint32(leading.length - 22 + 16, true));
  return Readable.from([Buffer.from(entries), bytes]);
}
