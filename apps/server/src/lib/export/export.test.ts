import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { csvField, csvStream } from './csv';
import { createExportSlots } from './slots';
import { xlsxWorkerStream } from './xlsx-stream';

const bytes = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};
const text = async (s: NodeJS.ReadableStream) => (await bytes(s)).toString('utf8');

describe('CSV', () => {
  it('quotes per RFC 4180 and guards formula-looking text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(f)).toBe(`'${f}`);
    expect(csvField('=a,b')).toBe(`"'=a,b"`);
  });

  it('writes a BOM, the header, typed cells and lookups, CRLF line ends', async () => {
    const s = csvStream(
      [
        { header: 'No.', key: 'no', width: 4 },
        { header: 'Amount', key: 'amount', width: 10, format: 'money' },
        { header: 'Day', key: 'day', width: 10, format: 'date' },
        { header: 'When', key: 'when', width: 16, format: 'datetime' },
        { header: 'Country', key: 'country', width: 8, lookup: 'country' },
        { header: 'Name', key: 'name', width: 8 },
      ],
      { lookups: { country: { KOR: '대한민국' } } },
    );
    const out = text(s.out);
    await s.push([[1, '-1234.50', '2026-01-02', '2026-01-02 10:11:12', 'KOR', '-x']]);
    await s.push([[2, null, undefined, '', 'JPN', '김']]);
    await s.end();
    expect(await out).toBe(
      "\uFEFFNo.,Amount,Day,When,Country,Name\r\n1,-1234.50,2026-01-02,2026-01-02 10:11,대한민국,'-x\r\n2,,,,JPN,김\r\n",
    );
  });
});

describe('export slots', () => {
  it('admits at most `perCompany` per company and `max` in all, and frees a slot once', () => {
    const slots = createExportSlots({ max: 3, perCompany: 2 });
    const a1 = slots.claim(1);
    slots.claim(1);
    expect(() => slots.claim(1)).toThrow(AppError);
    slots.claim(2);
    expect(() => slots.claim(3)).toThrow(/Too many exports/);
    a1();
    a1();
    expect(slots.inUse).toBe(2);
    expect(() => slots.claim(1)).not.toThrow();
  });
});

describe('xlsx sheets', () => {
  it("goes on in a next sheet past the sheet's row limit (lowered here from Excel's 1,048,576), each with the frozen header", async () => {
    const s = xlsxWorkerStream(
      'Royalty',
      [
        { header: 'No.', key: 'no', width: 4 },
        { header: 'Amount', key: 'amount', width: 10, format: 'money', currencyKey: 'currency' },
        { header: 'Currency', key: 'currency', width: 6 },
        { header: 'Day', key: 'day', width: 10, format: 'date' },
      ],
      { currencies: { USD: '$' }, sheetRows: 4 },
    );
    const file = bytes(s.out);
    const row = (n: number) => [n, `${n}.25`, 'USD', '2026-01-02'];
    await s.push([1, 2, 3, 4, 5].map(row));
    await s.push([6, 7].map(row));
    await s.push([[null, '99.50', 'USD', null]]); // a trailer row
    await s.end();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Royalty', 'Royalty (2)', 'Royalty (3)']);
    const sheets = wb.worksheets.map((ws) => {
      const values: unknown[][] = [];
      ws.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
      return values;
    });
    const header = ['No.', 'Amount', 'Currency', 'Day'];
    // 4 rows a sheet, the header included: 3 data rows each, the rest on the last sheet
    expect(sheets.map((rows) => rows.map((r) => r[0]))).toEqual([
      ['No.', 1, 2, 3],
      ['No.', 4, 5, 6],
      ['No.', 7, undefined],
    ]);
    for (const ws of wb.worksheets) {
      expect(ws.getRow(1).values).toEqual([undefined, ...header]);
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
      expect(ws.getCell('B2').numFmt).toBe('"$"#,##0.00');
      expect(ws.getCell('D2').numFmt).toBe('yyyy-mm-dd');
    }
    expect(wb.worksheets[1]!.getCell('B4').value).toBe(6.25);
    expect(wb.worksheets[2]!.getCell('B3').value).toBe(99.5);
    expect((wb.worksheets[2]!.getCell('D2').value as Date).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('writes one sheet when the rows fit, and a header-only sheet when there are none', async () => {
    const s = xlsxWorkerStream('Books', [{ header: 'Title', key: 'title', width: 10 }], { sheetRows: 3 });
    const file = bytes(s.out);
    await s.push([['a'], ['b']]);
    await s.end();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => [ws.name, ws.rowCount])).toEqual([['Books', 3]]);

    const empty = xlsxWorkerStream('Books', [{ header: 'Title', key: 'title', width: 10 }]);
    const none = bytes(empty.out);
    await empty.end();
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await none) as unknown as ArrayBuffer);
    expect(wb2.worksheets.map((ws) => [ws.name, ws.rowCount, ws.getCell('A1').value])).toEqual([['Books', 1, 'Title']]);
  });
});

/** The top-level elements of a worksheet in CT_Worksheet's order (ECMA-376 Part 1, 18.3.1.99): Excel refuses another order. */
const WORKSHEET_ORDER = [
  'sheetPr',
  'dimension',
  'sheetViews',
  'sheetFormatPr',
  'cols',
  'sheetData',
  'sheetCalcPr',
  'sheetProtection',
  'protectedRanges',
  'scenarios',
  'autoFilter',
  'sortState',
  'dataConsolidate',
  'customSheetViews',
  'mergeCells',
  'phoneticPr',
  'conditionalFormatting',
  'dataValidations',
  'hyperlinks',
  'printOptions',
  'pageMargins',
  'pageSetup',
  'headerFooter',
  'rowBreaks',
  'colBreaks',
  'customProperties',
  'cellWatches',
  'ignoredErrors',
  'smartTags',
  'drawing',
  'legacyDrawing',
  'legacyDrawingHF',
  'picture',
  'oleObjects',
  'controls',
  'webPublishItems',
  'tableParts',
  'extLst',
];
/** The names of an element's children, in order (the XML we write has no comments or CDATA). */
function childNames(xml: string, parent: string): string[] {
  const body = xml.slice(xml.indexOf('>', xml.indexOf(`<${parent}`)) + 1, xml.lastIndexOf(`</${parent}>`));
  const names: string[] = [];
  let depth = 0;
  for (const m of body.matchAll(/<(\/?)([A-Za-z]+)[^>]*?(\/?)>/g)) {
    if (m[1]) depth--;
    else {
      if (depth === 0) names.push(m[2]!);
      if (!m[3]) depth++;
    }
  }
  return names;
}

describe('xlsx printing', () => {
  it("sets every sheet up for printing (landscape, one page wide, the header on each page), in the schema's element order", async () => {
    const s = xlsxWorkerStream(
      "Royalty's",
      [
        { header: 'No.', key: 'no', width: 4 },
        { header: 'Title', key: 'title', width: 10 },
      ],
      { sheetRows: 3 },
    );
    const file = bytes(s.out);
    await s.push([1, 2, 3, 4, 5].map((n) => [n, `Title ${n}`]));
    await s.end();
    const buf = await file;
    const parts = unzipSync(new Uint8Array(buf));
    const sheets = Object.keys(parts)
      .filter((n) => n.startsWith('xl/worksheets/'))
      .sort();
    expect(sheets).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml']);
    for (const name of sheets) {
      const xml = strFromU8(parts[name]!);
      const children = childNames(xml, 'worksheet');
      expect(children).toEqual(['sheetPr', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'pageMargins', 'pageSetup']);
      // in the schema's order: each element after the ones before it
      const at = children.map((c) => WORKSHEET_ORDER.indexOf(c));
      expect(at.every((v, i) => v >= 0 && (i === 0 || v > at[i - 1]!))).toBe(true);
      expect(xml).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
    }
    // the workbook: definedNames right after sheets (CT_Workbook), one print title per sheet
    const workbook = strFromU8(parts['xl/workbook.xml']!);
    expect(childNames(workbook, 'workbook')).toEqual(['sheets', 'definedNames']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(["Royalty's", "Royalty's (2)", "Royalty's (3)"]);
    for (const ws of wb.worksheets) {
      expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 });
      expect(ws.pageSetup.printTitlesRow).toBe('1:1');
    }
  });
});
