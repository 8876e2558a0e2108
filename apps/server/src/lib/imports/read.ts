import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';

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

/**
 * The rows of a CSV (UTF-8, BOM allowed, comma separated, quoted as RFC 4180) or of the first sheet of
 * an XLSX, streamed: nothing but the current row is held. Blank lines are skipped.
 */
export async function* readRows(input: Readable, format: SheetFormat): AsyncGenerator<RawRow> {
  const head = await peek(input, 4);
  if (format === 'xlsx' ? !head.equals(ZIP_MAGIC) : head.length === 0 || head.includes(0)) throw new UnreadableFile();
  if (format === 'csv') {
    const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: rec.info.lines, cells: rec.record };
    }
    return;
  }
  const { default: excel } = await import('exceljs'); // loaded when first asked for (docs/decisions/lazy-heavy-modules.md)
  const reader = new excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
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
