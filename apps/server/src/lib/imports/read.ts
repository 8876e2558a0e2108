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
 * The rows of a CSV (RFC 4180, decoded by decodeText) or of an XLSX's first sheet, streamed; blank lines
 * skipped. A CSV byte invalid in its encoding throws BadEncoding.
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

/** The parts exceljs's streaming reader needs before a sheet (the styles tell which numbers are dates). */
const LEADING_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'] as const;
const EMPTY_SHARED_STRINGS = new TextEncoder().encode('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');

/**
 * The XLSX with copies of those parts stored before it: exceljs's reader can lose entries after a sheet it
 * set aside (exceljs #3064), 192 of 200 reads failed on a slow disk, 0 with this (xlsx-import-reading.md).
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
