import type { TBookLookupRow } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { DEMO_PASSWORD } from './companies';
import { seedDemo } from './demo';

let t: TestContext;
let demo: string;
let demo2: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config);
  demo = await t.login('demo', DEMO_PASSWORD);
  demo2 = await t.login('demo2', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe(`the help desk's books.xlsx template (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('uploaded as it is, finds every book in the demo catalogue, none of them registered yet', async () => {
    const files = (await t.inject(demo, { method: 'GET', url: '/api/help/getAllFiles?customer_type=company' })).json() as {
      name: string;
      extension: string;
    }[];
    expect(files.some((f) => `${f.name}.${f.extension}` === 'books.xlsx')).toBe(true);
    const res = await t.inject(demo, {
      method: 'POST',
      url: '/api/help/fileDownload',
      payload: { customer_type: 'company', fileName: 'books.xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // the upload reads the first column of the first sheet, after a text header
    const column = wb.worksheets[0]!.getColumn(1).values.slice(1).map(String);
    expect(column[0]).toBe('ISBN');
    const isbns = column.slice(1);
    expect(isbns.length).toBeGreaterThanOrEqual(3);
    for (const token of [demo, demo2]) {
      const rows = (
        await t.inject(token, { method: 'GET', url: `/api/product/excelApiBookInfo?isbns=${isbns.join(',')}` })
      ).json() as TBookLookupRow[];
      expect(rows.map((r) => r.isbn13)).toEqual(isbns);
      expect(rows.every((r) => r.found && r.source === 'catalogue' && r.title !== '' && !r.registered)).toBe(true);
    }
  });

  it("the demo FAQ is the page's placeholder entries, in each of the five languages", async () => {
    for (const [lang, first] of [
      ['en', 'The invoice PDF does not download. What can I do?'],
      ['ko', '세금계산서 PDF가 다운로드되지 않습니다. 어떻게 하나요?'],
      ['es', undefined],
      ['zh', undefined],
      ['ja', undefined],
    ] as const) {
      const body = (await t.inject(demo, { method: 'GET', url: `/api/help/faq?lang=${lang}` })).json() as {
        entries: { tab: string; question: string }[];
      };
      expect(body.entries.map((e) => e.tab)).toEqual([...Array(4).fill('bugs'), ...Array(4).fill('shipping')]);
      if (first) expect(body.entries[0]!.question).toBe(first);
    }
  });
});
