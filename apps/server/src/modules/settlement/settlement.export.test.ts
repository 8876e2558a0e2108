import ExcelJS from 'exceljs';
import { amountText, fromMinor, toMinor } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw-query';
import { keysetRows } from '../../lib/export';
import { createSettlementExports } from './settlement.export';
import { insertInvoices, insertPayment } from './settlement.factories';

let t: TestContext;
let me: TestCompany;
let other: TestCompany;
let token: string;
let otherToken: string;

const DB = process.env.TEST_DB ?? 'pglite';
const post = (url: string, payload: object, tok = token) => t.inject(tok, { method: 'POST', url, payload });
const exportInvoices = (payload: object, tok = token) => post('/api/calculate/exportBuyInvoiceSend', payload, tok);
const exportPayments = (payload: object, tok = token) => post('/api/calculate/exportBuyPayment', payload, tok);

async function readWorkbook(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  // the list's rows carry their running number; the total rows after them (and a blank row) do not
  const rows: unknown[][] = [];
  const totals: unknown[][] = [];
  ws.eachRow((row, n) => {
    const values = (row.values as unknown[]).slice(1);
    if (n > 1) (typeof values[0] === 'number' ? rows : totals).push(values);
  });
  return { ws, header, rows, totals, col: (name: string) => rows.map((r) => r[header.indexOf(name)]) };
}
const readCsv = (buf: Buffer) => {
  const text = buf.toString('utf8');
  const records = parse(text, { bom: true, relax_column_count: false }) as string[][];
  const body = records.slice(1);
  const blank = body.findIndex((r) => r.every((c) => c === ''));
  return {
    text,
    header: records[0]!,
    rows: blank < 0 ? body : body.slice(0, blank),
    totals: blank < 0 ? [] : body.slice(blank + 1),
  };
};
/** Per-currency count and exact sum of a file's rows (amounts as written, in the currency's minor unit). */
const sumsOf = (rows: string[][], amountAt: number, currencyAt: number) => {
  const per = new Map<string, { cnt: number; hundredths: bigint }>();
  for (const r of rows) {
    const s = per.get(r[currencyAt]!) ?? { cnt: 0, hundredths: 0n };
    s.cnt++;
    s.hundredths += toMinor(r[amountAt]!);
    per.set(r[currencyAt]!, s);
  }
  return [...per].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, s]) => ({ currency, cnt: s.cnt, amount: fromMinor(s.hundredths) }));
};
const listOf = async (path: string, filter: object, tok = token) =>
  (
    await t.inject(tok, {
      method: 'GET',
      url: `/api/calculate/${path}?start=0&length=10&search_value=${encodeURIComponent(JSON.stringify(filter))}`,
    })
  ).json() as { total_cnt: number; totals: { currency: string; cnt: number; amount: string }[] };

// 140 invoices of mine, one a day from 2026-01-01
const ITEMS = ['prepayment', 'onCredit', 'consignment', 'fulfillment', 'warehouse', 'copyright'];
const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
const MINE = Array.from({ length: 140 }, (_, i) => ({
  code: `EX-${String(i + 1).padStart(3, '0')}`,
  title: i === 3 ? '=HYPERLINK("http://x")' : i === 4 ? '계산서, "분기" 정산' : `Invoice ${i + 1}`,
  day: day(i),
  item: ITEMS[i % 6],
  issuer: i % 2 ? 'USA' : 'KOR',
  state: i % 3 ? 'S' : 'P',
  currency: (i % 2 ? 'USD' : 'KRW') as 'USD' | 'KRW',
  // KRW in whole won (no minor unit), USD with cents
  amount: i % 2 ? `${1000 + i}.${String(i % 100).padStart(2, '0')}` : `${1000 + i}`,
}));

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createCompany({ companyName: 'Export Books' });
  other = await t.createCompany({ companyName: 'Other Export Press' });
  token = await t.login(me.id, me.password);
  otherToken = await t.login(other.id, other.password);
  const mine = await insertInvoices(t.db, me.idx, MINE);
  await insertPayment(t.db, me.idx, [mine[0]!, mine[2]!], { dDate: '2026-01-10', amount: '2002', dName: '김지은' });
  await insertPayment(t.db, me.idx, [mine[1]!], {
    dDate: '2026-02-20',
    currency: 'USD',
    amount: '1001.01',
    dType: 'credit_card',
    dName: '+cmd',
  });
  const theirs = await insertInvoices(t.db, other.idx, [
    { code: 'THEIRS-1', day: '2026-01-05' },
    { code: 'THEIRS-2', day: '2026-01-06' },
  ]);
  await insertPayment(t.db, other.idx, [theirs[0]!], { dDate: '2026-01-07', amount: '1000.00', dName: 'Their depositor' });
});
afterAll(() => t.close());

describe(`invoice export (${DB})`, () => {
  it('writes every invoice of the list, in its order, as xlsx with real numbers and dates', async () => {
    const res = await exportInvoices({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Invoices.xlsx');
    const { header, rows, col, ws } = await readWorkbook(res.rawPayload);
    expect(header).toEqual([
      'No.',
      'Code',
      'Title',
      'Issuer',
      'Status',
      'Item type',
      'Amount',
      'Currency',
      'Registration date',
      'Issuance deadline',
      'Payment status',
      'Paid',
      'Outstanding',
      'Overdue',
    ]);
    expect(rows).toHaveLength(140);
    // the list's order: newest registration day first
    expect(col('Code')).toEqual(MINE.map((m) => m.code).reverse());
    expect(col('No.')).toEqual(MINE.map((_m, i) => i + 1));
    const list = (await t.inject(token, { method: 'GET', url: '/api/calculate/buyInvoiceSend?start=100&length=40' })).json();
    expect(col('Code').slice(100)).toEqual(list.dataset.map((d: { code: string }) => d.code));
    const last = rows.at(-1)!; // EX-001, the oldest
    const at = (name: string) => last[header.indexOf(name)];
    expect(at('Amount')).toBe(1000);
    // KRW has no minor unit (ISO 4217): no decimals in its format; USD two
    expect(ws.getRow(141).getCell(header.indexOf('Amount') + 1).numFmt).toBe('"₩"#,##0');
    expect(ws.getRow(140).getCell(header.indexOf('Amount') + 1).numFmt).toBe('"$"#,##0.00');
    expect(at('Issuer')).toBe('Korea');
    expect(at('Status')).toBe('Created');
    expect(at('Item type')).toBe('Prepayment');
    expect(at('Payment status')).toBe('Paid');
    expect(at('Registration date')).toBeInstanceOf(Date);
    // the registration day, as the list shows it: an import gives the day only, so no time is invented (issue 59)
    expect((at('Registration date') as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(ws.getRow(141).getCell(header.indexOf('Registration date') + 1).numFmt).toBe(
      ws.getRow(141).getCell(header.indexOf('Issuance deadline') + 1).numFmt,
    );
    expect((at('Issuance deadline') as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // a formula-looking title is written as text with a leading apostrophe
    expect(col('Title')).toContain('\'=HYPERLINK("http://x")');
  });

  it('keeps the list filters (dates, order types): only matching rows', async () => {
    const res = await exportInvoices({ search_value: { startDate: '2026-02-01', endDate: '2026-02-28', orderTypes: ['onCredit'] } });
    const { col } = await readWorkbook(res.rawPayload);
    const want = MINE.filter((m) => m.day >= '2026-02-01' && m.day <= '2026-02-28' && m.item === 'onCredit').reverse();
    expect(want.length).toBeGreaterThan(0);
    expect(col('Code')).toEqual(want.map((m) => m.code));
    // search_value as the list's JSON string works the same
    const again = await readWorkbook(
      (await exportInvoices({ search_value: JSON.stringify({ startDate: '2026-02-01', endDate: '2026-02-28', orderTypes: ['onCredit'] }) }))
        .rawPayload,
    );
    expect(again.col('Code')).toEqual(want.map((m) => m.code));
  });

  it('writes CSV: UTF-8 with a BOM, RFC 4180 quoting, formula guard, exact amounts, in the language asked for', async () => {
    const res = await exportInvoices({ format: 'csv', lang: 'ko' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('Invoices.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { header, rows, text } = readCsv(res.rawPayload);
    expect(header[0]).toBe('번호');
    expect(header).toContain('금액');
    expect(rows).toHaveLength(140);
    const byCode = new Map(rows.map((r) => [r[1], r]));
    const first = byCode.get('EX-001')!;
    expect(first[header.indexOf('금액')]).toBe('1000');
    expect(byCode.get('EX-002')![header.indexOf('금액')]).toBe('1001.01');
    expect(first[3]).toBe('한국');
    expect(first[9]).toBe('2026-01-01');
    expect(first[8]).toBe('2026-01-01');
    expect(byCode.get('EX-004')![2]).toBe('\'=HYPERLINK("http://x")');
    expect(byCode.get('EX-005')![2]).toBe('계산서, "분기" 정산');
    expect(text).toContain('"계산서, ""분기"" 정산"');
    expect(text).toContain('\r\n');
  });

  it('reads by (day, idx): many invoices of one day cross a keyset batch without a gap or a repeat', async () => {
    const busy = await t.createCompany({ companyName: 'One Busy Day' });
    const busyToken = await t.login(busy.id, busy.password);
    const rows = await insertInvoices(
      t.db,
      busy.idx,
      Array.from({ length: 230 }, (_, i) => ({
        code: `DAY-${String(i + 1).padStart(3, '0')}`,
        day: i < 200 ? '2026-05-05' : '2026-05-04',
      })),
    );
    const csv = readCsv((await exportInvoices({ format: 'csv' }, busyToken)).rawPayload);
    const byIdx = [...rows].sort((a, b) => (a.createdDay === b.createdDay ? b.idx - a.idx : a.createdDay < b.createdDay ? 1 : -1));
    expect(csv.rows.map((r) => r[1])).toEqual(byIdx.map((r) => r.code));
    // the keyset batches PGlite reads the export in (10,000 rows each there), here of 7 rows
    const { rows: statement } = await createSettlementExports({ db: t.db, timeZone: 'Asia/Seoul' }).invoices(busy.idx, { filter: {} });
    const codes: string[] = [];
    let batches = 0;
    for await (const batch of keysetRows(statement, 7)) {
      batches++;
      codes.push(...batch.map((r) => r.code));
    }
    expect(batches).toBe(Math.ceil(230 / 7));
    expect(codes).toEqual(byIdx.map((r) => r.code));
  });

  it("never holds another company's invoices", async () => {
    const mineCsv = readCsv((await exportInvoices({ format: 'csv' })).rawPayload);
    expect(mineCsv.rows.some((r) => r[1]!.startsWith('THEIRS'))).toBe(false);
    const theirs = readCsv((await exportInvoices({ format: 'csv' }, otherToken)).rawPayload);
    expect(theirs.rows.map((r) => r[1])).toEqual(['THEIRS-2', 'THEIRS-1']);
  });

  it('refuses a bad filter or a file name that is not of the format (400 with the request id)', async () => {
    const bad = await exportInvoices({ search_value: { startDate: '2026-03-01', endDate: '2026-02-01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestId).toEqual(expect.any(String));
    expect((await exportInvoices({ format: 'csv', fileName: 'x.xlsx' })).statusCode).toBe(400);
    expect((await exportInvoices({ fileName: '../x.xlsx' })).statusCode).toBe(400);
    const named = await exportInvoices({ format: 'csv', fileName: '계산서.csv' });
    expect(named.headers['content-disposition']).toContain(encodeURIComponent('계산서.csv'));
  });
});

describe(`export total rows (${DB})`, () => {
  // filters answered from the summary tables (none, dates) and from the rows (order types: an item filter)
  const FILTERS = [{}, { startDate: '2026-01-15', endDate: '2026-03-10' }, { startDate: '2026-02-01', orderTypes: ['consignment'] }];
  let tok: string;
  let company: TestCompany;
  beforeAll(async () => {
    // a company of its own: 60 invoices and 20 payments in two currencies over four months
    company = await t.createCompany({ companyName: 'Totals Press' });
    tok = await t.login(company.id, company.password);
    const invoices = await insertInvoices(
      t.db,
      company.idx,
      Array.from({ length: 60 }, (_, i) => ({
        day: day(2 * i),
        item: ITEMS[i % 6],
        currency: (i % 3 ? 'KRW' : 'USD') as 'USD' | 'KRW',
        amount: i % 3 ? `${12_345 * (i + 1)}` : `${99 + i}.${String((i * 37) % 100).padStart(2, '0')}`,
      })),
    );
    for (let i = 0; i < 20; i++) {
      const inv = invoices[3 * i + (i % 3)]!;
      await insertPayment(t.db, company.idx, [{ idx: inv.idx, amount: inv.amount }], {
        dDate: day(6 * i + 1),
        currency: i % 3 === 0 ? 'USD' : 'KRW',
        amount: i % 3 === 0 ? `${250 + i}.${String((i * 13) % 100).padStart(2, '0')}` : `${1_000_000 + 777 * i}`,
      });
    }
  });

  it.each(FILTERS)("invoices %j: the total rows are the list's totals, and the sums of the rows above them", async (filter) => {
    const list = await listOf('buyInvoiceSend', filter, tok);
    expect(list.totals.length).toBeGreaterThan(0);
    const want = list.totals.map((x) => [`Search total ${x.currency} (invoices: ${x.cnt})`, x.currency, amountText(x.amount, x.currency)]);
    const csv = readCsv((await exportInvoices({ format: 'csv', search_value: filter }, tok)).rawPayload);
    const at = (name: string) => csv.header.indexOf(name);
    expect(csv.rows).toHaveLength(list.total_cnt);
    expect(csv.totals.map((r) => [r[at('Title')], r[at('Currency')], r[at('Amount')]])).toEqual(want);
    // the other cells of a total row are empty (no running number: a total row is not an invoice)
    expect(csv.totals.every((r) => r.filter((c) => c !== '').length === 3)).toBe(true);
    // the list's totals are what the rows of the file add up to
    expect(sumsOf(csv.rows, at('Amount'), at('Currency'))).toEqual(
      list.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: fromMinor(toMinor(x.amount)) })),
    );
    const xlsx = await readWorkbook((await exportInvoices({ search_value: filter }, tok)).rawPayload);
    const col = (name: string) => xlsx.header.indexOf(name);
    expect(xlsx.totals.map((r) => [r[col('Title')], r[col('Currency')], r[col('Amount')]])).toEqual(
      want.map(([label, currency, amount]) => [label, currency, Number(amount)]),
    );
    // each total in its currency's format, as the rows: ₩ without decimals, $ with two
    const firstTotal = xlsx.rows.length + 3; // header, rows, blank row
    list.totals.forEach((x, i) =>
      expect(xlsx.ws.getRow(firstTotal + i).getCell(col('Amount') + 1).numFmt).toBe(x.currency === 'KRW' ? '"₩"#,##0' : '"$"#,##0.00'),
    );
  });

  it.each(FILTERS)("payments %j: the total rows are the list's totals, and the sums of the rows above them", async (filter) => {
    const list = await listOf('buyPayment', filter, tok);
    expect(list.totals.length).toBeGreaterThan(0);
    const csv = readCsv((await exportPayments({ format: 'csv', search_value: filter, lang: 'ko' }, tok)).rawPayload);
    const at = (name: string) => csv.header.indexOf(name);
    expect(csv.rows).toHaveLength(list.total_cnt);
    expect(csv.totals.map((r) => [r[at('입금자명')], r[at('통화')], r[at('금액')]])).toEqual(
      list.totals.map((x) => [`검색 결과 합계 ${x.currency} (${x.cnt}건)`, x.currency, amountText(x.amount, x.currency)]),
    );
    expect(sumsOf(csv.rows, at('금액'), at('통화'))).toEqual(
      list.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: fromMinor(toMinor(x.amount)) })),
    );
  });

  it('a filter that matches nothing: no total rows (and no blank row)', async () => {
    const csv = readCsv((await exportPayments({ format: 'csv', search_value: { startDate: '2030-01-01' } }, tok)).rawPayload);
    expect(csv.rows).toEqual([]);
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(1);
    expect((await listOf('buyPayment', { startDate: '2030-01-01' }, tok)).totals).toEqual([]);
  });

  it("the payment list's totals: count and exact sum per currency of the filter (a plain SQL oracle)", async () => {
    for (const filter of FILTERS) {
      const list = await listOf('buyPayment', filter, tok);
      const conds = [sql`p.company_idx = ${company.idx}`];
      if ('startDate' in filter && filter.startDate) conds.push(sql`p.d_date >= ${filter.startDate}::date`);
      if ('endDate' in filter && filter.endDate) conds.push(sql`p.d_date <= ${filter.endDate}::date`);
      if ('orderTypes' in filter)
        conds.push(
          sql`exists (select 1 from buy_payment_invoices pi join buy_invoices i on i.idx = pi.buy_invoice_idx where pi.buy_payment_idx = p.idx and i.item in ('onCredit', 'consignment'))`,
        );
      const want = await queryRows<{ currency: string; cnt: number; amount: string }>(
        t.db,
        sql`select c.name as currency, count(*)::int as cnt, sum(p.d_payment)::text as amount from buy_payments p join currencies c on c.idx = p.currency_idx
            where ${sql.join(conds, sql` and `)} group by c.name order by c.name`,
      );
      expect(
        list.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: x.amount })),
        JSON.stringify(filter),
      ).toEqual(want);
      expect(list.total_cnt).toBe(want.reduce((n, w) => n + w.cnt, 0));
    }
  });
});

describe(`payment export (${DB})`, () => {
  it('writes the payments of the list, newest deposit first, xlsx and csv', async () => {
    const { header, col } = await readWorkbook((await exportPayments({})).rawPayload);
    expect(header).toEqual(['No.', 'Depositor name', 'Amount', 'Currency', 'Deposit date', 'Deposit type', 'Registrant']);
    expect(col('Depositor name')).toEqual(["'+cmd", '김지은']);
    expect(col('Amount')).toEqual([1001.01, 2002]);
    expect(col('Deposit type')).toEqual(['Credit card', 'Remittance']);
    const csv = readCsv((await exportPayments({ format: 'csv', lang: 'ja' })).rawPayload);
    expect(csv.rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ["'+cmd", '1001.01', 'USD', '2026-02-20'],
      ['김지은', '2002', 'KRW', '2026-01-10'],
    ]);
  });

  it('keeps the filters, and another company sees only its own payments', async () => {
    const jan = readCsv(
      (await exportPayments({ format: 'csv', search_value: { startDate: '2026-01-01', endDate: '2026-01-31' } })).rawPayload,
    );
    expect(jan.rows.map((r) => r[1])).toEqual(['김지은']);
    const theirs = readCsv((await exportPayments({ format: 'csv' }, otherToken)).rawPayload);
    expect(theirs.rows.map((r) => r[1])).toEqual(['Their depositor']);
  });
});

describe(`print setup (${DB})`, () => {
  it.each([
    ['invoices', '/api/calculate/exportBuyInvoiceSend'],
    ['payments', '/api/calculate/exportBuyPayment'],
    ['royalty', '/api/copyright/exportRoyalty'],
    ['copyright books', '/api/copyright/exportBooks'],
  ])('%s: the workbook prints landscape, one page wide, the header row on every page', async (_kind, url) => {
    const res = await post(url, { lang: 'ko' });
    expect(res.statusCode).toBe(200);
    const { ws } = await readWorkbook(res.rawPayload);
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(ws.pageSetup.printTitlesRow).toBe('1:1');
  });
});

describe(`export slots (${DB})`, () => {
  it('runs at most two exports of a company at once (429 + Retry-After + request id), shared by every export', async () => {
    const three = await Promise.all([
      exportInvoices({}),
      exportPayments({}),
      t.inject(token, { method: 'POST', url: '/api/copyright/exportRoyalty', payload: {} }),
    ]);
    const codes = three.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429]);
    const refused = three.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().requestId).toEqual(expect.any(String));
    // another company has slots of its own meanwhile, and finished exports gave theirs back
    expect((await exportInvoices({}, otherToken)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await exportInvoices({ format: 'csv' })).statusCode).toBe(200);
  });
});
