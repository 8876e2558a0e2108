import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCopyrightBooksResponse, TRoyaltyResponse, TRoyaltyRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { companies, copyrightBooks, lineRoyalty, royaltyCustomers, royaltyLines } from '../../db/schema';
import { isbn13 } from '../../db/seed/copyright';
import { createTestApp, type TestContext } from '../../test/helper';
import { keysetRows } from '../../lib/export';
import { insertInvoices } from '../settlement/settlement.factories';
import { royaltyExportKey, royaltyExportSql } from './copyright.repository';
import { upsertCopyrightBooks } from './copyright-imports.repository';
import { statementGroups } from './statements.repository';

let t: TestContext;
let tokenA: string;
let tokenB: string;
let companyA: number;
let companyB: number;
/** invoices of company A the calculated lines were settled on; INV_B is company B's */
let INV_A1: { idx: number; code: string };
let INV_A2: { idx: number; code: string };
let INV_B: { idx: number; code: string };
const ISBN_A1 = isbn13('979110000001');
const ISBN_A2 = isbn13('979110000002');
const ISBN_B1 = isbn13('979119999991');

const q = (o: object) => encodeURIComponent(JSON.stringify(o));
const royalty = async (token: string, search: object = {}, start = 0, length = 100) => {
  const res = await t.inject(token, {
    method: 'GET',
    url: `/api/copyright/royalty?start=${start}&length=${length}&search_value=${q(search)}`,
  });
  return res;
};
const royaltyJson = async (token: string, search: object = {}, start = 0, length = 100) => {
  const res = await royalty(token, search, start, length);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TRoyaltyResponse>();
};
const exportRoyalty = (token: string, body: object) =>
  t.inject(token, { method: 'POST', url: '/api/copyright/exportRoyalty', payload: body });

async function readWorkbook(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: Record<string, unknown>[] = [];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  /** the cell of the data row `n` (1 = first after the header) under `name` */
  const cell = (n: number, name: string) => ws.getRow(n + 1).getCell(header.indexOf(name) + 1);
  return { header, rows, ws, cell };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-15T03:00:00Z');
  const a = await t.createCompany({ saleInfoDisplay: 'Y' });
  const b = await t.createCompany({ saleInfoDisplay: 'N' });
  tokenA = await t.login(a.id, a.password);
  tokenB = await t.login(b.id, b.password);
  companyA = a.idx;
  companyB = b.idx;
  const invA = await insertInvoices(t.db, a.idx, [
    { code: 'BI20260105-A0001', item: 'copyright', day: '2026-01-05' },
    { code: 'BI20260205-A0002', item: 'copyright', day: '2026-02-05', currency: 'USD' },
  ]);
  [INV_A1, INV_A2] = [invA[0]!, invA[1]!];
  INV_B = (await insertInvoices(t.db, b.idx, [{ code: 'BI20260105-B0001', item: 'copyright', day: '2026-01-05' }]))[0]!;
  const [kyobo, powell, tsutaya] = await t.db
    .insert(royaltyCustomers)
    .values([
      { name: 'Test Kyobo Gangnam', country: 'KOR' },
      { name: "Test Powell's 100%_Books", country: 'USA' },
      { name: 'Test Tsutaya', country: 'JPN' },
    ])
    .returning();
  const book = (companyIdx: number, title: string, isbn: string, rate: string, payType = 'sale', pub = '2024-05-01') => ({
    companyIdx,
    title,
    isbn,
    rate,
    payType,
    imgUrl: `/api/copyright/cover/${isbn}.svg`,
    publicationDate: pub,
    pageCount: 200,
    listPrice: '15000.00',
    currency: 'KRW',
  });
  const [a1, a2, b1] = await t.db
    .insert(copyrightBooks)
    .values([
      book(a.idx, 'Zebra crossings', ISBN_A1, '7.50', 'sale', '2023-01-10'),
      book(a.idx, 'Apple orchards', ISBN_A2, '12.50', 'net', '2025-06-30'),
      book(b.idx, 'Apple of another company', ISBN_B1, '10.00'),
    ])
    .returning();
  const line = (bk: typeof a1, cust: typeof kyobo, o: Partial<typeof royaltyLines.$inferInsert>) => {
    const v = {
      companyIdx: bk!.companyIdx,
      bookIdx: bk!.idx,
      customerIdx: cust!.idx,
      unitPrice: '1.00',
      currency: 'KRW',
      qty: 1,
      saleInfo: 'Online bookstore',
      createdAt: new Date('2026-01-10T03:00:00Z'),
      ...o,
    };
    return { ...v, royalty: lineRoyalty(v) };
  };
  await t.db.insert(royaltyLines).values([
    // A1 (rate 7.50): 12345.67 × 3 × 7.5 / 100 = 2777.775750 → 2777.78; samples and disused copies earn none
    line(a1, kyobo, {
      unitPrice: '12345.67',
      qty: 3,
      sampleQty: 2,
      disuseQty: 1,
      buyInvoiceIdx: INV_A1.idx,
      createdAt: new Date('2025-12-31T14:59:59Z'),
    }),
    // A1: 0.35 × 3 × 7.5 / 100 = 0.07875 → 0.08 (USD)
    line(a1, powell, { unitPrice: '0.35', qty: 3, currency: 'USD', sampleQty: 5, createdAt: new Date('2025-12-31T15:00:00Z') }),
    // A2 (rate 12.50): 19.99 × 7 × 12.5 / 100 = 17.491250 → 17.49 (USD)
    line(a2, powell, {
      unitPrice: '19.99',
      qty: 7,
      currency: 'USD',
      disuseQty: 4,
      buyInvoiceIdx: INV_A2.idx,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    }),
    // A2: 1350 × 0 × 12.5% = 0 (only samples)
    line(a2, tsutaya, { unitPrice: '1350.00', qty: 0, sampleQty: 3, currency: 'JPY', createdAt: new Date('2026-03-01T00:00:00Z') }),
    // A2: 0.1 × 1 × 12.5 / 100 = 0.0125 → 0.01 (USD)
    line(a2, powell, { unitPrice: '0.10', qty: 1, currency: 'USD', createdAt: new Date('2026-03-02T00:00:00Z') }),
    // B1: another company's lines, same customers
    line(b1, kyobo, { unitPrice: '99999.00', qty: 9, buyInvoiceIdx: INV_B.idx }),
    line(b1, powell, { unitPrice: '50.00', qty: 2, currency: 'USD' }),
    // B1: a reference to company A's invoice (bad data) never shows A's invoice code to B
    line(b1, tsutaya, {
      unitPrice: '10.00',
      qty: 1,
      currency: 'JPY',
      buyInvoiceIdx: INV_A2.idx,
      createdAt: new Date('2026-01-11T03:00:00Z'),
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET copyright/royalty', () => {
  it("lists the company's lines by title with royalty amounts and per-currency totals", async () => {
    const body = await royaltyJson(tokenA);
    expect(body.total_cnt).toBe(5);
    // default sort by title: Apple orchards (A2) before Zebra crossings (A1), lines in order within
    expect(body.dataset.map((r) => [r.title, r.royalty])).toEqual([
      ['Apple orchards', '17.49'],
      ['Apple orchards', '0.00'],
      ['Apple orchards', '0.01'],
      ['Zebra crossings', '2777.78'],
      ['Zebra crossings', '0.08'],
    ]);
    expect(body.dataset.map((r) => r.no)).toEqual([1, 2, 3, 4, 5]);
    expect(body.totals).toEqual([
      { currency: 'JPY', currency_icon: '¥', cnt: 1, qty: 0, royalty: '0.00' },
      { currency: 'KRW', currency_icon: '₩', cnt: 1, qty: 3, royalty: '2777.78' },
      { currency: 'USD', currency_icon: '$', cnt: 3, qty: 11, royalty: '17.58' },
    ]);
    const first = body.dataset[3]!;
    expect(first).toMatchObject({
      isbn: ISBN_A1,
      unit_price: '12345.67',
      qty: 3,
      sample_qty: 2,
      disuse_qty: 1,
      rate: '7.50',
      customer_name: 'Test Kyobo Gangnam',
      customer_country: 'KOR',
      buy_invoice_idx: INV_A1.idx,
      buy_invoice_code: 'BI20260105-A0001',
      saleInfo: 'Online bookstore',
      img_url: `/api/copyright/cover/${ISBN_A1}.svg`,
    });
  });

  it('pages with start/length and keeps the total', async () => {
    const p2 = await royaltyJson(tokenA, {}, 2, 2);
    expect(p2.total_cnt).toBe(5);
    expect(p2.dataset.map((r) => r.no)).toEqual([3, 4]);
    expect(p2.dataset.map((r) => r.royalty)).toEqual(['0.01', '2777.78']);
    const fallback = await royaltyJson(tokenA, {}, 0, 0);
    expect(fallback.dataset).toHaveLength(5);
  });

  it('pages that span several books join into the whole list, for every start and length', async () => {
    const full = await royaltyJson(tokenA);
    expect(new Set(full.dataset.map((r) => r.isbn)).size).toBeGreaterThan(1);
    for (const length of [1, 2, 3]) {
      for (let start = 0; start <= full.total_cnt; start++) {
        const page = await royaltyJson(tokenA, {}, start, length);
        expect(
          page.dataset.map((r) => [r.no, r.idx]),
          `start ${start} length ${length}`,
        ).toEqual(full.dataset.slice(start, start + length).map((r) => [r.no, r.idx]));
      }
    }
  });

  it('filters by date range in the app time zone (Asia/Seoul), both ends inclusive', async () => {
    // 2025-12-31T14:59:59Z is 2025-12-31 23:59:59 in Seoul; 15:00:00Z is 2026-01-01 00:00
    const dec = await royaltyJson(tokenA, { startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(dec.dataset.map((r) => r.royalty)).toEqual(['2777.78']);
    const jan = await royaltyJson(tokenA, { startDate: '2026-01-01', endDate: '2026-02-01' });
    expect(jan.dataset.map((r) => r.royalty)).toEqual(['17.49', '0.08']);
    const from = await royaltyJson(tokenA, { startDate: '2026-03-01' });
    expect(from.total_cnt).toBe(2);
    const until = await royaltyJson(tokenA, { endDate: '2025-12-31' });
    expect(until.total_cnt).toBe(1);
  });

  it('filters by isbn (digits, beginning) and by customer name (part, case-insensitive, wildcards literal)', async () => {
    const byIsbn = await royaltyJson(tokenA, { isbn: ISBN_A1 });
    expect(byIsbn.dataset.every((r) => r.isbn === ISBN_A1)).toBe(true);
    expect(byIsbn.total_cnt).toBe(2);
    expect((await royaltyJson(tokenA, { isbn: '9791100' })).total_cnt).toBe(5);
    const byCustomer = await royaltyJson(tokenA, { customerName: "powell's" });
    expect(byCustomer.total_cnt).toBe(3);
    expect(byCustomer.totals).toEqual([{ currency: 'USD', currency_icon: '$', cnt: 3, qty: 11, royalty: '17.58' }]);
    expect((await royaltyJson(tokenA, { customerName: '100%_' })).total_cnt).toBe(3);
    expect((await royaltyJson(tokenA, { customerName: 'K_obo' })).total_cnt).toBe(0);
    expect((await royaltyJson(tokenA, { customerName: 'nobody at all' })).dataset).toEqual([]);
    const combined = await royaltyJson(tokenA, { customerName: 'powell', isbn: ISBN_A2, invoiceYn: 'N' });
    expect(combined.dataset.map((r) => r.royalty)).toEqual(['0.01']);
  });

  it('calculated status: invoiceYn Y = lines with an invoice, N = without', async () => {
    const calculated = await royaltyJson(tokenA, { invoiceYn: 'Y' });
    expect(calculated.dataset.map((r) => r.buy_invoice_idx)).toEqual([INV_A2.idx, INV_A1.idx]);
    const open = await royaltyJson(tokenA, { invoiceYn: 'N' });
    expect(open.total_cnt).toBe(3);
    expect(open.dataset.every((r) => r.buy_invoice_idx === null && r.buy_invoice_code === null)).toBe(true);
    expect((await royaltyJson(tokenA, { invoiceYn: '' })).total_cnt).toBe(5);
  });

  it('names the invoice a line was settled on by its code, one the invoices tab of the same company shows', async () => {
    const calculated = await royaltyJson(tokenA, { invoiceYn: 'Y' });
    expect(calculated.dataset.map((r) => [r.buy_invoice_idx, r.buy_invoice_code])).toEqual([
      [INV_A2.idx, 'BI20260205-A0002'],
      [INV_A1.idx, 'BI20260105-A0001'],
    ]);
    // the code is one of the company's own invoices, and its detail opens by the line's reference
    const invoices = await t.inject(tokenA, { method: 'GET', url: '/api/calculate/buyInvoiceSend?start=0&length=100' });
    const codes = invoices.json<{ dataset: { code: string }[] }>().dataset.map((i) => i.code);
    for (const r of calculated.dataset) {
      expect(codes).toContain(r.buy_invoice_code);
      const detail = await t.inject(tokenA, { method: 'GET', url: `/api/calculate/buyInvoiceSend/${r.buy_invoice_idx}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json<{ code: string }>().code).toBe(r.buy_invoice_code);
    }
    // company B: its own invoice by code; a reference to A's invoice shows no code (but stays calculated)
    const b = await royaltyJson(tokenB, { invoiceYn: 'Y' });
    expect(b.dataset.map((r) => [r.customer_name, r.buy_invoice_code]).sort()).toEqual([
      ['Test Kyobo Gangnam', 'BI20260105-B0001'],
      ['Test Tsutaya', null],
    ]);
    expect(b.dataset.some((r) => r.buy_invoice_code?.includes('-A'))).toBe(false);
  });

  it.each([
    ['malformed start date', { startDate: '2026-13-01' }],
    ['malformed end date', { endDate: '2026/01/31' }],
    ['not a date', { startDate: 'yesterday' }],
    ['range ending before it starts', { startDate: '2026-02-01', endDate: '2026-01-31' }],
    ['non-digit ISBN', { isbn: '97911-0000' }],
    ['ISBN too long', { isbn: '97911000000012' }],
    ['unknown invoiceYn', { invoiceYn: 'X' }],
  ])('answers 400 with the envelope for a %s', async (_name, search) => {
    const res = await royalty(tokenA, search);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; issues: unknown[] }>();
    expect(body.code).toBe('VALIDATION');
    expect(body.issues?.length).toBeGreaterThan(0);
  });

  it('answers 400 for search_value that is not JSON, and 401 without a token', async () => {
    const res = await t.inject(tokenA, { method: 'GET', url: '/api/copyright/royalty?search_value=%7Bnot-json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect((await t.inject(null, { method: 'GET', url: '/api/copyright/royalty' })).statusCode).toBe(401);
  });

  it("never shows another company's rows, whatever the filter", async () => {
    for (const search of [
      {},
      { isbn: ISBN_B1 },
      { customerName: 'Kyobo' },
      { invoiceYn: 'Y' },
      { startDate: '2000-01-01', endDate: '2100-01-01' },
    ]) {
      const body = await royaltyJson(tokenA, search);
      expect(body.dataset.some((r) => r.isbn === ISBN_B1)).toBe(false);
    }
    expect((await royaltyJson(tokenA, { isbn: ISBN_B1 })).total_cnt).toBe(0);
    const b = await royaltyJson(tokenB);
    expect(b.total_cnt).toBe(3);
    expect(b.dataset.every((r) => r.isbn === ISBN_B1)).toBe(true);
    expect((await royaltyJson(tokenB, { isbn: ISBN_A1 })).total_cnt).toBe(0);
  });

  it('hides saleInfo for a company whose saleInfo_display is N', async () => {
    const b = await royaltyJson(tokenB);
    expect(b.dataset.every((r) => r.saleInfo === null)).toBe(true);
  });

  it("shows saleInfo from the royalty call after the company's saleInfo_display changes (the kept flag is dropped, topic companies)", async () => {
    await royaltyJson(tokenB);
    await t.db.update(companies).set({ saleInfoDisplay: 'Y' }).where(eq(companies.idx, companyB));
    try {
      expect((await royaltyJson(tokenB)).dataset.map((r) => r.saleInfo)).toContain('Online bookstore');
    } finally {
      await t.db.update(companies).set({ saleInfoDisplay: 'N' }).where(eq(companies.idx, companyB));
    }
    expect((await royaltyJson(tokenB)).dataset.every((r) => r.saleInfo === null)).toBe(true);
  });

  it('totals and pages follow new lines at once (kept totals are dropped by the change feed, topic copyright)', async () => {
    const before = await royaltyJson(tokenB);
    const [bk] = await t.db
      .select()
      .from(copyrightBooks)
      .where((await import('drizzle-orm')).eq(copyrightBooks.isbn, ISBN_B1));
    const [cu] = await t.db.select().from(royaltyCustomers).limit(1);
    const [added] = await t.db
      .insert(royaltyLines)
      .values({
        companyIdx: bk!.companyIdx,
        bookIdx: bk!.idx,
        customerIdx: cu!.idx,
        unitPrice: '10.00',
        currency: 'USD',
        qty: 1,
        royalty: lineRoyalty({ bookIdx: bk!.idx, unitPrice: '10.00', qty: 1 }),
      })
      .returning();
    const after = await royaltyJson(tokenB);
    expect(after.total_cnt).toBe(before.total_cnt + 1);
    expect(after.totals.find((x) => x.currency === 'USD')?.royalty).toBe('11.00'); // 50×2×10% + 10×1×10%
    // the page holds the new line
    expect(after.dataset).toHaveLength(before.dataset.length + 1);
    expect(after.dataset.map((r) => r.idx)).toContain(added!.idx);
    await t.db.delete(royaltyLines).where((await import('drizzle-orm')).eq(royaltyLines.idx, added!.idx));
    const back = await royaltyJson(tokenB);
    expect(back.total_cnt).toBe(before.total_cnt);
    expect(back.dataset.map((r) => r.idx)).toEqual(before.dataset.map((r) => r.idx));
  });

  it("after a change of a book's rate (the book import) the list, its totals, the export and the statement show the same royalty, and after its change back", async () => {
    const [bk] = await t.db.select().from(copyrightBooks).where(eq(copyrightBooks.isbn, ISBN_B1));
    const setRate = (rate: string) =>
      t.db.transaction((tx) =>
        upsertCopyrightBooks(tx, [
          {
            companyIdx: companyB,
            isbn: bk!.isbn,
            title: bk!.title,
            publicationDate: bk!.publicationDate,
            pageCount: bk!.pageCount,
            listPrice: bk!.listPrice,
            currency: bk!.currency,
            payType: bk!.payType,
            rate,
            imgUrl: '',
          },
        ]),
      );
    /** each place's royalty per currency: the list's lines and totals, the export's lines and totals, the statement's totals */
    const shown = async () => {
      const list = await royaltyJson(tokenB);
      const { rows } = await readWorkbook((await exportRoyalty(tokenB, {})).rawPayload);
      const w = { companyIdx: companyB, filter: {}, customerIdxs: null, timeZone: t.config.timeZone };
      const statement = async (c: string) => (await statementGroups(t.db, w, c)).find((g) => g.book_idx === null)?.royalty;
      const out: Record<string, string[]> = {};
      for (const c of ['JPY', 'KRW', 'USD'])
        out[c] = [
          ...list.dataset.filter((r) => r.currency === c).map((r) => r.royalty),
          list.totals.find((x) => x.currency === c)!.royalty,
          ...rows.filter((r) => typeof r['No.'] === 'number' && r.Currency === c).map((r) => Number(r.Royalty).toFixed(2)),
          Number(rows.find((r) => String(r.Title ?? '').startsWith(`Total ${c}`))?.Royalty).toFixed(2),
          (await statement(c))!,
        ];
      return out;
    };
    const same = (v: string) => [v, v, v, v, v];
    // 99999 × 9, 50 × 2 and 10 × 1 at 10 %
    expect(await shown()).toEqual({ JPY: same('1.00'), KRW: same('89999.10'), USD: same('10.00') });
    expect(await setRate('12.35')).toEqual({ created: 0, updated: 1, unchanged: 0 });
    // 899991 × 12.35 / 100 = 111148.8885 → 111148.89; 100 × 0.1235 = 12.35; 10 × 0.1235 = 1.235 → 1.24 (half away from zero)
    expect(await shown()).toEqual({ JPY: same('1.24'), KRW: same('111148.89'), USD: same('12.35') });
    expect(await setRate(bk!.rate)).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(await shown()).toEqual({ JPY: same('1.00'), KRW: same('89999.10'), USD: same('10.00') });
  });
});

describe('POST copyright/exportRoyalty', () => {
  it('streams Royalty.xlsx with exactly the rows, amounts and totals of the list', async () => {
    const search = { customerName: 'powell' };
    const list = await royaltyJson(tokenA, search);
    const res = await exportRoyalty(tokenA, { fileName: 'Royalty.xlsx', search_value: search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('filename="Royalty.xlsx"');
    const { header, rows } = await readWorkbook(res.rawPayload);
    expect(header).toContain('Royalty');
    expect(header).toContain('Sale info');
    const lines = rows.filter((r) => typeof r['No.'] === 'number');
    expect(lines.map((r) => [r['No.'], r.Title, r.ISBN, r.Customer, r.Royalty, r.Calculation, r.Invoice])).toEqual(
      list.dataset.map((d: TRoyaltyRow) => [
        d.no,
        d.title,
        d.isbn,
        d.customer_name,
        Number(d.royalty),
        d.buy_invoice_idx ? 'Calculated' : 'Uncalculated',
        d.buy_invoice_code,
      ]),
    );
    const totals = rows.filter((r) => String(r.Title ?? '').startsWith('Total '));
    expect(totals.map((r) => [r.Title, r.Currency, r.Qty, r.Royalty])).toEqual(
      list.totals.map((x) => [`Total ${x.currency} (${x.cnt} lines)`, x.currency, x.qty, Number(x.royalty)]),
    );
  });

  it('exports everything of the company (all rows, all currencies) when unfiltered, default name Royalty.xlsx', async () => {
    const list = await royaltyJson(tokenA);
    const res = await exportRoyalty(tokenA, { search_value: '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Royalty.xlsx');
    const { rows } = await readWorkbook(res.rawPayload);
    const lines = rows.filter((r) => typeof r['No.'] === 'number');
    expect(lines.map((r) => [r.ISBN, r['Unit price'], r.Qty, r.Samples, r.Disused, r.Royalty])).toEqual(
      list.dataset.map((d) => [d.isbn, Number(d.unit_price), d.qty, d.sample_qty, d.disuse_qty, Number(d.royalty)]),
    );
    expect(rows.filter((r) => String(r.Title ?? '').startsWith('Total ')).map((r) => [r.Currency, r.Royalty])).toEqual([
      ['JPY', 0],
      ['KRW', 2777.78],
      ['USD', 17.58],
    ]);
  });

  it("never exports another company's rows; no sale info column for saleInfo_display N", async () => {
    const res = await exportRoyalty(tokenB, { search_value: { isbn: ISBN_A1 } });
    expect(res.statusCode).toBe(200);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows.filter((r) => typeof r['No.'] === 'number')).toEqual([]);
    const all = await readWorkbook((await exportRoyalty(tokenB, {})).rawPayload);
    expect(all.header).not.toContain('Sale info');
    const bLines = all.rows.filter((r) => typeof r['No.'] === 'number');
    expect(bLines).toHaveLength(3);
    expect(bLines.every((r) => r.ISBN === ISBN_B1)).toBe(true);
    // a reference to another company's invoice shows no code in the file either
    expect(bLines.map((r) => r.Invoice).sort()).toEqual(['BI20260105-B0001', null, null]);
    const a = await readWorkbook((await exportRoyalty(tokenA, {})).rawPayload);
    expect(a.rows.some((r) => r.ISBN === ISBN_B1)).toBe(false);
  });

  it('streams Royalty.csv with the rows and total rows of the xlsx and the list (format csv)', async () => {
    const search = { startDate: '2025-12-01', endDate: '2026-03-31' };
    const list = await royaltyJson(tokenA, search);
    const res = await exportRoyalty(tokenA, { search_value: search, format: 'csv', lang: 'ko' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="Royalty.csv"');
    const records = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    const [header, ...body] = records;
    const at = (name: string) => header!.indexOf(name);
    const blank = body.findIndex((r) => r.every((c) => c === ''));
    const lines = body.slice(0, blank);
    const totals = body.slice(blank + 1);
    expect(header!.slice(0, 4)).toEqual(['번호', '제목', 'ISBN', '거래처']);
    expect(lines.map((r) => [Number(r[at('번호')]), r[at('ISBN')], r[at('인세')], r[at('판매일')]])).toEqual(
      list.dataset.map((d) => [d.no, d.isbn, d.royalty, expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)]),
    );
    expect(totals.map((r) => [r[at('제목')], r[at('통화')], Number(r[at('수량')]), r[at('인세')]])).toEqual(
      list.totals.map((x) => [`${x.currency} 합계 (${x.cnt}건)`, x.currency, x.qty, x.royalty]),
    );
    // the same rows as the xlsx
    const xlsx = await readWorkbook((await exportRoyalty(tokenA, { search_value: search, lang: 'ko' })).rawPayload);
    expect(xlsx.rows.filter((r) => typeof r['번호'] === 'number').map((r) => r.ISBN)).toEqual(lines.map((r) => r[at('ISBN')]));
  });

  it('answers 400 for bad filters and file names', async () => {
    for (const body of [
      { search_value: { startDate: '2026-02-30' } },
      { search_value: { startDate: '2026-02-01', endDate: '2026-01-01' } },
      { search_value: { isbn: 'abc' } },
      { fileName: '../../etc/passwd' },
      { fileName: 'Royalty.csv' },
      { fileName: 'Royalty.xlsx', format: 'csv' },
      { format: 'pdf' },
      { lang: 'fr' },
      { lang: 'KO' },
    ]) {
      const res = await exportRoyalty(tokenA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('speaks the language of the screen that asked (ko): headers, sheet name, status, countries, totals', async () => {
    const res = await exportRoyalty(tokenA, { search_value: {}, lang: 'ko' });
    expect(res.statusCode).toBe(200);
    const { header, rows, ws } = await readWorkbook(res.rawPayload);
    expect(ws.name).toBe('인세');
    expect(header).toEqual([
      '번호',
      '제목',
      'ISBN',
      '거래처',
      '국가',
      '판매 정보',
      '단가',
      '통화',
      '수량',
      '증정',
      '폐기',
      '인세율 (%)',
      '인세',
      '정산 상태',
      '청구서',
      '판매일',
    ]);
    const lines = rows.filter((r) => typeof r['번호'] === 'number');
    expect(lines.map((r) => [r['제목'], r['국가'], r['정산 상태'], r['청구서']])).toEqual([
      ['Apple orchards', '미국', '정산 완료', 'BI20260205-A0002'],
      ['Apple orchards', '일본', '미정산', null],
      ['Apple orchards', '미국', '미정산', null],
      ['Zebra crossings', '대한민국', '정산 완료', 'BI20260105-A0001'],
      ['Zebra crossings', '미국', '미정산', null],
    ]);
    // the sale channel in Korean too (stored as 'Online bookstore')
    expect(lines.every((r) => r['판매 정보'] === '온라인 서점')).toBe(true);
    expect(rows.filter((r) => String(r['제목'] ?? '').includes('합계')).map((r) => r['제목'])).toEqual([
      'JPY 합계 (1건)',
      'KRW 합계 (1건)',
      'USD 합계 (3건)',
    ]);
    // es and ja too; an export without lang stays English
    const es = await readWorkbook((await exportRoyalty(tokenA, { lang: 'es' })).rawPayload);
    expect(es.header.slice(0, 4)).toEqual(['N.º', 'Título', 'ISBN', 'Cliente']);
    expect(es.rows.find((r) => r['Título'] === 'Zebra crossings')?.['Liquidación']).toBe('Liquidado');
    const ja = await readWorkbook((await exportRoyalty(tokenA, { lang: 'ja' })).rawPayload);
    expect(ja.ws.name).toBe('印税');
    expect(ja.rows.find((r) => r['タイトル'] === 'Zebra crossings')?.['国']).toBe('韓国');
  });

  it('writes dates as Excel dates, amounts as 2-decimal numbers in their currency, a frozen header and fitting widths', async () => {
    const { ws, cell, header } = await readWorkbook((await exportRoyalty(tokenA, { lang: 'ko' })).rawPayload);
    // data row 4 is Zebra crossings / Kyobo: sold 2025-12-31T14:59:59Z = 2025-12-31 23:59:59 in Seoul (the app's time zone)
    expect(cell(4, '제목').value).toBe('Zebra crossings');
    const sold = cell(4, '판매일');
    expect(sold.value).toBeInstanceOf(Date);
    expect((sold.value as Date).toISOString()).toBe('2025-12-31T23:59:59.000Z');
    expect(sold.numFmt).toBe('yyyy-mm-dd hh:mm');
    for (const [name, value] of [
      ['인세', 2777.78],
      ['단가', 12345.67],
    ] as const) {
      const c = cell(4, name);
      expect(c.value).toBe(value);
      expect(c.numFmt).toBe('"₩"#,##0.00');
    }
    // USD line: the dollar sign; counts with group separators; rate with 2 decimals
    expect(cell(1, '인세').value).toBe(17.49);
    expect(cell(1, '인세').numFmt).toBe('"$"#,##0.00');
    expect(cell(1, '수량').value).toBe(7);
    expect(cell(1, '수량').numFmt).toBe('#,##0');
    expect(cell(1, '인세율 (%)').value).toBe(12.5);
    expect(cell(1, '인세율 (%)').numFmt).toBe('0.00');
    // the header row is bold, frozen (row 2 is the first that scrolls)
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    // every column is at least as wide as its header (Hangul counts double) and its longest value
    const width = (name: string) => ws.getColumn(header.indexOf(name) + 1).width ?? 0;
    for (const name of header) expect(width(name), name).toBeGreaterThanOrEqual(name.length);
    expect(width('거래처')).toBeGreaterThanOrEqual("Test Powell's 100%_Books".length);
    expect(width('제목')).toBeGreaterThanOrEqual('Zebra crossings'.length);
    expect(width('청구서')).toBeGreaterThanOrEqual('BI20260105-A0001'.length);
    expect(width('판매일')).toBeGreaterThanOrEqual('2025-12-31 23:59'.length);
    expect(width('정산 상태')).toBeGreaterThanOrEqual(2 * '정산 상태'.length - 1);
    expect(Math.max(...header.map(width))).toBeLessThanOrEqual(60);
  });

  it('widens a column for values far down the sheet: the longest title, though its book comes last in title order', async () => {
    const c = await t.createCompany({ saleInfoDisplay: 'N' });
    const token = await t.login(c.id, c.password);
    const LONG = '지적 대화를 위한 넓고 얕은 지식: 현실 세계 편 (개정증보판)';
    const [cu] = await t.db.select().from(royaltyCustomers).limit(1);
    const books = await t.db
      .insert(copyrightBooks)
      .values(
        ['Aa', LONG].map((title, i) => ({
          companyIdx: c.idx,
          title,
          isbn: isbn13(`97911888888${i}`),
          rate: '10.00',
          payType: 'sale',
          imgUrl: '/x.svg',
          publicationDate: '2024-01-01',
          pageCount: 100,
          listPrice: '1000.00',
          currency: 'KRW',
        })),
      )
      .returning();
    await t.db.insert(royaltyLines).values(
      books.map((b) => ({
        companyIdx: c.idx,
        bookIdx: b.idx,
        customerIdx: cu!.idx,
        unitPrice: '1.00',
        currency: 'KRW',
        qty: 1,
        royalty: lineRoyalty({ bookIdx: b.idx, unitPrice: '1.00', qty: 1 }),
      })),
    );
    const { ws, header, rows } = await readWorkbook((await exportRoyalty(token, { lang: 'ko' })).rawPayload);
    expect(rows.filter((r) => typeof r['번호'] === 'number').map((r) => r['제목'])).toEqual(['Aa', LONG]);
    // Hangul counts double: 25 wide characters and 10 narrow ones
    const wide = [...LONG].filter((ch) => ch >= '가' && ch <= '힣').length;
    expect(ws.getColumn(header.indexOf('제목') + 1).width).toBeGreaterThanOrEqual(2 * wide + (LONG.length - wide));
  });

  it('reads the lines in keyset batches (as on PGlite) across books and inside one, without a gap or a repeat', async () => {
    const list = await royaltyJson(tokenA);
    const w = { companyIdx: companyA, filter: {}, customerIdxs: null, timeZone: 'Asia/Seoul' };
    const rows = { db: t.db, sql: royaltyExportSql.bind(null, w), key: royaltyExportKey };
    const batches: number[][] = [];
    for await (const batch of keysetRows(rows, 2)) batches.push(batch.map((r) => Number(r.idx)));
    // five lines: two of the first book, then its third with the second book's first, then the last
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(batches.flat()).toEqual(list.dataset.map((d) => d.idx));
    expect(list.dataset.map((d) => d.title)).toEqual([
      'Apple orchards',
      'Apple orchards',
      'Apple orchards',
      'Zebra crossings',
      'Zebra crossings',
    ]);
  });

  it('runs at most two exports of a company at once (429 + Retry-After), and frees the slots when they end', async () => {
    const three = await Promise.all([0, 1, 2].map(() => exportRoyalty(tokenA, {})));
    expect(three.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = three.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('5');
    // finished exports gave their slots back
    for (let i = 0; i < 3; i++) expect((await exportRoyalty(tokenA, {})).statusCode).toBe(200);
  });
});

describe('copyright books', () => {
  const books = async (token: string, search: object = {}) => {
    const res = await t.inject(token, { method: 'GET', url: `/api/company/copyright/books?start=0&length=10&search_value=${q(search)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCopyrightBooksResponse>();
  };

  it("lists the company's books in number order with §3 fields", async () => {
    const body = await books(tokenA);
    expect(body.total_cnt).toBe(2);
    expect(body.dataset.map((b) => [b.no, b.title])).toEqual([
      [1, 'Zebra crossings'],
      [2, 'Apple orchards'],
    ]);
    expect(body.dataset[0]).toMatchObject({
      isbn: ISBN_A1,
      publication_date: '2023-01-10',
      page_count: 200,
      currency: 'KRW',
      currency_icon: '₩',
      list_price: '15000.00',
      pay_type: 'sale',
      rate: '7.50',
    });
    expect((await books(tokenB)).dataset.map((b) => b.isbn)).toEqual([ISBN_B1]);
  });

  it('filters by title or ISBN, publication date range and pay type', async () => {
    expect((await books(tokenA, { searchKey: 'title', keyword: 'apple' })).dataset.map((b) => b.isbn)).toEqual([ISBN_A2]);
    expect((await books(tokenA, { searchKey: 'isbn', keyword: ISBN_A1 })).dataset.map((b) => b.isbn)).toEqual([ISBN_A1]);
    expect((await books(tokenA, { keyword: 'zebra' })).total_cnt).toBe(1);
    expect((await books(tokenA, { startDate: '2025-01-01', endDate: '2025-06-30' })).dataset.map((b) => b.isbn)).toEqual([ISBN_A2]);
    expect((await books(tokenA, { payType: 'net' })).dataset.map((b) => b.isbn)).toEqual([ISBN_A2]);
    // another company's book is never found
    expect((await books(tokenA, { searchKey: 'isbn', keyword: ISBN_B1 })).total_cnt).toBe(0);
    expect((await books(tokenA, { keyword: 'another company' })).total_cnt).toBe(0);
  });

  it.each([
    [{ startDate: '2025-02-30' }],
    [{ startDate: '2025-06-01', endDate: '2025-01-01' }],
    [{ searchKey: 'isbn', keyword: '979-11' }],
    [{ payType: 'gross' }],
  ])('answers 400 for %j', async (search) => {
    const res = await t.inject(tokenA, { method: 'GET', url: `/api/company/copyright/books?search_value=${q(search)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it("exports the filtered book list as xlsx, only the company's books", async () => {
    const res = await t.inject(tokenA, {
      method: 'POST',
      url: '/api/copyright/exportBooks',
      payload: { search_value: { payType: 'sale' } },
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await readWorkbook(res.rawPayload);
    expect(rows.map((r) => [r.ISBN, r['List price'], r['Rate (%)'], r['Pay type']])).toEqual([[ISBN_A1, 15000, 7.5, 'Sale price']]);
    const b = await readWorkbook((await t.inject(tokenB, { method: 'POST', url: '/api/copyright/exportBooks', payload: {} })).rawPayload);
    expect(b.rows.map((r) => r.ISBN)).toEqual([ISBN_B1]);
  });

  it('exports the book list as CSV with the same filter (format csv), headed as the screen', async () => {
    const res = await t.inject(tokenA, {
      method: 'POST',
      url: '/api/copyright/exportBooks',
      payload: { search_value: { payType: 'sale' }, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="CopyrightBooks.csv"');
    const [header, ...rows] = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(header).toEqual([
      'No.',
      'Title',
      'ISBN',
      'Publication date',
      'Pages',
      'List price',
      'Currency',
      'Pay type',
      'Rate (%)',
      'Created at',
    ]);
    expect(rows.map((r) => [r[0], r[2], r[3], r[5], r[7], r[8]])).toEqual([['1', ISBN_A1, '2023-01-10', '15000.00', 'Sale price', '7.50']]);
  });

  it('exports the book list in the language asked for (ko): headers, pay types, real dates and money', async () => {
    const res = await t.inject(tokenA, { method: 'POST', url: '/api/copyright/exportBooks', payload: { lang: 'ko' } });
    expect(res.statusCode).toBe(200);
    const { ws, header, rows, cell } = await readWorkbook(res.rawPayload);
    expect(ws.name).toBe('저작권 도서');
    expect(header).toEqual(['번호', '제목', 'ISBN', '출간일', '쪽수', '정가', '통화', '지급 기준', '인세율 (%)', '등록일']);
    expect(rows.map((r) => [r['제목'], r['지급 기준']])).toEqual([
      ['Zebra crossings', '판매가'],
      ['Apple orchards', '공급가'],
    ]);
    const published = cell(1, '출간일');
    expect(published.value).toBeInstanceOf(Date);
    expect((published.value as Date).toISOString()).toBe('2023-01-10T00:00:00.000Z');
    expect(published.numFmt).toBe('yyyy-mm-dd');
    expect(cell(1, '등록일').value).toBeInstanceOf(Date);
    expect(cell(1, '정가').value).toBe(15000);
    expect(cell(1, '정가').numFmt).toBe('"₩"#,##0.00');
    expect(cell(1, '쪽수').numFmt).toBe('#,##0');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('serves generated covers without a token, only for ISBN-13 names', async () => {
    const res = await t.inject(null, { method: 'GET', url: `/api/copyright/cover/${ISBN_A1}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await t.inject(null, { method: 'GET', url: '/api/copyright/cover/..%2F..%2Fetc.svg' })).statusCode).toBe(400);
  });

  it('documents the royalty rule in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(doc.paths['/api/copyright/royalty']?.get?.description).toContain('unit_price × qty × rate / 100');
    expect(doc.paths['/api/copyright/exportRoyalty']?.post?.description).toContain('sample copies');
  });
});
