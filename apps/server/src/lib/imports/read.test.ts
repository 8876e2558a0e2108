import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRows, UnreadableFile } from './read';

// exceljs's streaming reader sets a sheet aside in a temporary file (the `tmp` package) when the sheet is
// stored before the parts it needs; entries after it can then be lost (exceljs issue #3064)
const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: (...a: unknown[]) => void };

async function rowsOf(bytes: Uint8Array) {
  const input = new PassThrough();
  input.end(Buffer.from(bytes)); // the whole file at once, as a small upload arrives
  const rows = [];
  for await (const r of readRows(input, 'xlsx')) rows.push(r);
  return rows;
}

async function filledTemplate(rows: (string | number | Date)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('import');
  for (const r of rows) ws.addRow(r);
  ws.getCell(1, 1).note = 'a note, as the templates have';
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The same parts stored in another order (and uncompressed), as other writers store them. */
function reordered(bytes: Uint8Array, first: string[], level: 0 | 6 = 0) {
  const parts = unzipSync(bytes);
  const names = [...first, ...Object.keys(parts).filter((n) => !first.includes(n))];
  return zipSync(Object.fromEntries(names.filter((n) => parts[n]).map((n) => [n, parts[n]!])), { level });
}

afterEach(() => vi.restoreAllMocks());

describe('readRows of an XLSX', () => {
  const sheet = [
    ['id', 'company_name', 'joined'],
    ['from-xlsx', 'Hanbit Books', new Date('2026-11-20T00:00:00Z')],
    ['second', '한빛미디어', 12],
  ];
  const expected = [
    { row: 1, cells: ['id', 'company_name', 'joined'] },
    { row: 2, cells: ['from-xlsx', 'Hanbit Books', '2026-11-20'] },
    { row: 3, cells: ['second', '한빛미디어', '12'] },
  ];

  it('reads a sheet stored before its shared strings and workbook without setting it aside (the race of exceljs #3064)', async () => {
    const spy = vi.spyOn(tmp, 'file');
    const bytes = await filledTemplate(sheet);
    const names = Object.keys(unzipSync(bytes));
    // as exceljs stores them: the sheet first, the workbook last
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    expect(names.at(-1)).toBe('xl/workbook.xml');
    for (let i = 0; i < 20; i++) expect(await rowsOf(bytes)).toEqual(expected);
    expect(spy).not.toHaveBeenCalled();
  });

  it('reads the same rows whatever the order and compression of the parts', async () => {
    const bytes = await filledTemplate(sheet);
    // Excel's order: the workbook first, shared strings after the sheets
    expect(await rowsOf(reordered(bytes, ['xl/workbook.xml', 'xl/worksheets/sheet1.xml'], 6))).toEqual(expected);
    expect(await rowsOf(reordered(bytes, ['xl/worksheets/sheet1.xml', 'xl/styles.xml']))).toEqual(expected);
  });

  it('reads a sheet of inline strings, without a shared strings part', async () => {
    const parts = unzipSync(await filledTemplate([['x']]));
    delete parts['xl/sharedStrings.xml'];
    parts['xl/worksheets/sheet1.xml'] = new TextEncoder().encode(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>inline-1</t></is></c><c r="B2"><v>7</v></c></row>' +
        '</sheetData></worksheet>',
    );
    expect(await rowsOf(zipSync(parts))).toEqual([
      { row: 1, cells: ['id'] },
      { row: 2, cells: ['inline-1', '7'] },
    ]);
  });

  it('reads the first sheet only, and a large one row by row', async () => {
    const wb = new ExcelJS.Workbook();
    const big = wb.addWorksheet('big');
    for (let i = 1; i <= 30_000; i++) big.addRow([`isbn-${i}`, i]);
    wb.addWorksheet('other').addRow(['not read']);
    const rows = await rowsOf(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(rows).toHaveLength(30_000);
    expect(rows.at(-1)).toEqual({ row: 30_000, cells: ['isbn-30000', '30000'] });
  });

  it('refuses a zip that is no workbook, and a sheet cut short', async () => {
    await expect(rowsOf(zipSync({ 'readme.txt': new Uint8Array(10) }))).rejects.toBeInstanceOf(UnreadableFile);
    const bytes = await filledTemplate(sheet);
    const ordered = reordered(bytes, ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'], 6);
    await expect(rowsOf(ordered.subarray(0, ordered.length - 200))).rejects.toThrow();
  });
});
