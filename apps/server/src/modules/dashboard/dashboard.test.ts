import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestRemainderHundredths } from '@portal/contract';
import {
  bbsBoards,
  bbsPosts,
  buyInvoices,
  buyPayments,
  copyrightBooks,
  currencies,
  lineRoyalty,
  royaltyCustomers,
  royaltyLines,
} from '../../db/schema';
import type { TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { addMonths, dayIn } from '@portal/contract';

// The figures are computed from rows written here straight into the other domains' tables.
let t: TestContext;
let krw: number;
let seq = 0;

beforeAll(async () => {
  // sessions are checked against the fake clock: a long token life lets tests move it by days
  t = await createTestApp({ tokenTtlMinutes: 60 * 24 * 30, sessionMaxHours: 24 * 30 });
  krw = (await t.db.select({ idx: currencies.idx }).from(currencies).where(eq(currencies.name, 'KRW')))[0]!.idx;
});
afterAll(() => t.close());

async function company(): Promise<TestCompany & { token: string }> {
  const c = await t.createCompany();
  return { ...c, token: await t.login(c.id, c.password) };
}

async function get<T>(token: string, url: string): Promise<T> {
  const res = await t.inject(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function book(companyIdx: number) {
  seq++;
  const [b] = await t.db
    .insert(copyrightBooks)
    .values({
      companyIdx,
      title: `Book ${seq}`,
      isbn: `979110${String(seq).padStart(7, '0')}`,
      publicationDate: '2024-01-01',
      listPrice: '15000.00',
      currency: 'KRW',
      payType: 'sale',
      rate: '10.00',
    })
    .returning({ idx: copyrightBooks.idx });
  return b!.idx;
}

const customers = new Map<string, number>();
async function customer(country: string, n = 0) {
  const name = `Shop ${country} ${n}`;
  if (!customers.has(name)) {
    const [c] = await t.db.insert(royaltyCustomers).values({ name, country }).returning({ idx: royaltyCustomers.idx });
    customers.set(name, c!.idx);
  }
  return customers.get(name)!;
}

async function line(companyIdx: number, bookIdx: number, opts: { at: string | Date; qty?: number; country?: string; sampleQty?: number }) {
  await t.db.insert(royaltyLines).values({
    companyIdx,
    bookIdx,
    customerIdx: await customer(opts.country ?? 'KOR'),
    unitPrice: '10000.00',
    currency: 'KRW',
    qty: opts.qty ?? 1,
    royalty: lineRoyalty({ bookIdx, unitPrice: '10000.00', qty: opts.qty ?? 1 }),
    sampleQty: opts.sampleQty ?? 0,
    createdAt: new Date(opts.at),
  });
}

async function invoice(companyIdx: number, paymentIdx: number | null, opts: { dueDate?: string; paidAmount?: string } = {}) {
  seq++;
  await t.db.insert(buyInvoices).values({
    companyIdx,
    code: `INV-${seq}`,
    title: 'Invoice',
    issuer: 'KOR',
    item: 'copyright',
    currencyIdx: krw,
    amount: '1000.00',
    paidAmount: opts.paidAmount ?? '0',
    createdDay: '2026-01-10',
    dueDate: opts.dueDate ?? '2026-02-10',
    buyPaymentIdx: paymentIdx,
  });
}

describe(`dashboard (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('every call needs a token', async () => {
    for (const url of [
      '/api/company/dashboard/copyrightBooksCnt',
      '/api/company/dashboard/unpaidInvoiceCnt',
      '/api/company/dashboard/overdueInvoiceCnt',
      '/api/company/dashboard/copyrightReportCnt',
      '/api/dashboard/board',
      '/api/company/dashboard/monthlySaleQty',
      '/api/company/dashboard/globalSaleTop',
    ]) {
      const res = await t.inject(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("copyrightBooksCnt counts the company's copyright books only", async () => {
    const me = await company();
    const other = await company();
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightBooksCnt')).toBe(0);
    for (let i = 0; i < 3; i++) await book(me.idx);
    for (let i = 0; i < 5; i++) await book(other.idx);
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightBooksCnt')).toBe(3);
    expect(await get<number>(other.token, '/api/company/dashboard/copyrightBooksCnt')).toBe(5);
  });

  it('unpaidInvoiceCnt counts invoices without a payment, of the company only', async () => {
    const me = await company();
    const other = await company();
    const [payment] = await t.db
      .insert(buyPayments)
      .values({ companyIdx: me.idx, dName: 'Kim', dDate: '2026-01-15', currencyIdx: krw, dPayment: '2000.00', dType: 'cash' })
      .returning({ idx: buyPayments.idx });
    await invoice(me.idx, null);
    await invoice(me.idx, null);
    await invoice(me.idx, payment!.idx);
    await invoice(me.idx, payment!.idx);
    await invoice(other.idx, null);
    expect(await get<number>(me.token, '/api/company/dashboard/unpaidInvoiceCnt')).toBe(2);
    expect(await get<number>(other.token, '/api/company/dashboard/unpaidInvoiceCnt')).toBe(1);
  });

  it('overdueInvoiceCnt counts what is owed past its due date in Asia/Seoul, of the company only, as SQL does', async () => {
    // Seoul 2026-03-10 08:00 (UTC 03-09 23:00): due 03-09 is overdue there, due 03-10 is not yet
    t.clock.set('2026-03-09T23:00:00Z');
    const me = await company();
    const other = await company();
    const [payment] = await t.db
      .insert(buyPayments)
      .values({ companyIdx: me.idx, dName: 'Kim', dDate: '2026-03-01', currencyIdx: krw, dPayment: '1000.00', dType: 'cash' })
      .returning({ idx: buyPayments.idx });
    await invoice(me.idx, null, { dueDate: '2026-02-10' }); // unpaid, overdue
    await invoice(me.idx, null, { dueDate: '2026-03-09' }); // unpaid, due yesterday in Seoul: overdue
    await invoice(me.idx, null, { dueDate: '2026-03-10' }); // due today: not yet
    await invoice(me.idx, null, { dueDate: '2026-04-10' }); // not yet due
    await invoice(me.idx, null, { dueDate: '2026-02-11', paidAmount: '998.00' }); // partially paid, ₩2 owed: overdue
    await invoice(me.idx, payment!.idx, { dueDate: '2026-02-12', paidAmount: '1000.00' }); // paid in full
    await invoice(other.idx, null, { dueDate: '2026-02-10' });
    const overdueNow = () => get<number>(me.token, '/api/company/dashboard/overdueInvoiceCnt');
    expect(await overdueNow()).toBe(3);
    expect(await get<number>(other.token, '/api/company/dashboard/overdueInvoiceCnt')).toBe(1);
    // the oracle: the settlement list's rule (owed, not settled, due before the business day) in plain SQL
    const [oracle] = await t.db
      .select({ n: count() })
      .from(buyInvoices)
      .where(
        and(
          eq(buyInvoices.companyIdx, me.idx),
          isNull(buyInvoices.buyPaymentIdx),
          sql`${buyInvoices.amount} - ${buyInvoices.paidAmount} > 0`,
          lt(buyInvoices.dueDate, '2026-03-10'),
        ),
      );
    expect(oracle!.n).toBe(3);
    // midnight in Seoul passes with no write: the invoice due on 03-10 is overdue on 03-11
    t.clock.set('2026-03-10T15:00:00Z');
    expect(await overdueNow()).toBe(4);
  });

  it("copyrightReportCnt counts yesterday's lines in Asia/Seoul, also across midnight", async () => {
    // Seoul 2026-03-10 08:00 (UTC 03-09 23:00)
    t.clock.set('2026-03-09T23:00:00Z');
    const me = await company();
    const other = await company();
    const b = await book(me.idx);
    const ob = await book(other.idx);
    // Seoul is UTC+9: the Seoul day 2026-03-10 runs from 2026-03-09T15:00Z to 2026-03-10T15:00Z
    await line(me.idx, b, { at: '2026-03-09T14:59:59Z' }); // Seoul 03-09 23:59:59
    await line(me.idx, b, { at: '2026-03-09T15:00:00Z' }); // Seoul 03-10 00:00:00
    await line(me.idx, b, { at: '2026-03-10T03:00:00Z' }); // Seoul 03-10 12:00
    await line(me.idx, b, { at: '2026-03-10T14:59:59Z' }); // Seoul 03-10 23:59:59
    await line(me.idx, b, { at: '2026-03-10T15:00:00Z' }); // Seoul 03-11 00:00:00
    await line(me.idx, b, { at: '2026-03-10T20:00:00Z' }); // Seoul 03-11 05:00
    for (let i = 0; i < 4; i++) await line(other.idx, ob, { at: '2026-03-10T03:00:00Z' });

    // Seoul 03-10 in the morning: yesterday is Seoul 03-09 → the one line at 23:59:59
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightReportCnt')).toBe(1);

    // Seoul 2026-03-11 08:00 (UTC 03-10 23:00): yesterday is Seoul 03-10 → three lines
    t.clock.set('2026-03-10T23:00:00Z');
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightReportCnt')).toBe(3);
    expect(await get<number>(other.token, '/api/company/dashboard/copyrightReportCnt')).toBe(4);

    // UTC midnight is not the boundary: at UTC 03-11 00:30 (Seoul 03-11 09:30) yesterday is still Seoul 03-10
    t.clock.set('2026-03-11T00:30:00Z');
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightReportCnt')).toBe(3);

    // one second before Seoul midnight (UTC 03-11 14:59:59): still Seoul 03-11, same answer
    t.clock.set('2026-03-11T14:59:59Z');
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightReportCnt')).toBe(3);

    // Seoul midnight passes (UTC 03-11 15:00): yesterday is now Seoul 03-11 → two lines
    t.clock.set('2026-03-11T15:00:00Z');
    expect(await get<number>(me.token, '/api/company/dashboard/copyrightReportCnt')).toBe(2);
  });

  it('monthlySaleQty gives the last 12 months (Seoul months) with qty and height as share of the largest', async () => {
    // now: Seoul 2026-06-01 01:00 (UTC 05-31 16:00) → months 2025-07 … 2026-06
    t.clock.set('2026-05-31T16:00:00Z');
    const me = await company();
    const other = await company();
    const b = await book(me.idx);
    const ob = await book(other.idx);
    await line(me.idx, b, { at: '2025-06-30T14:59:59Z', qty: 999 }); // Seoul 2025-06-30 23:59:59: too old
    await line(me.idx, b, { at: '2025-06-30T15:00:00Z', qty: 10 }); // Seoul 2025-07-01 00:00: first month
    await line(me.idx, b, { at: '2026-01-15T00:00:00Z', qty: 30, sampleQty: 50 }); // samples are not sales
    await line(me.idx, b, { at: '2026-01-31T14:59:59Z', qty: 10 }); // Seoul 01-31 23:59:59
    await line(me.idx, b, { at: '2026-01-31T15:00:00Z', qty: 20 }); // Seoul 02-01 00:00
    await line(me.idx, b, { at: '2026-05-31T15:30:00Z', qty: 5 }); // Seoul 06-01 00:30 (UTC still May)
    await line(other.idx, ob, { at: '2026-01-15T00:00:00Z', qty: 10_000 });

    const months = await get<{ month: string; qty: number; height: number }[]>(me.token, '/api/company/dashboard/monthlySaleQty');
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths('2025-07', i)));
    const by = Object.fromEntries(months.map((m) => [m.month, m]));
    expect(by['2025-07']).toEqual({ month: '2025-07', qty: 10, height: 25 });
    expect(by['2026-01']).toEqual({ month: '2026-01', qty: 40, height: 100 });
    expect(by['2026-02']).toEqual({ month: '2026-02', qty: 20, height: 50 });
    expect(by['2026-06']).toEqual({ month: '2026-06', qty: 5, height: 12.5 });
    expect(by['2025-12']).toEqual({ month: '2025-12', qty: 0, height: 0 });
    expect(months.reduce((s, m) => s + m.qty, 0)).toBe(75);

    // a company without lines: 12 zero months
    const empty = await company();
    const none = await get<{ qty: number; height: number }[]>(empty.token, '/api/company/dashboard/monthlySaleQty');
    expect(none).toHaveLength(12);
    expect(none.every((m) => m.qty === 0 && m.height === 0)).toBe(true);
  });

  it('height keeps 2 decimals (a third of the largest month is 33.33)', async () => {
    t.clock.set('2026-05-20T03:00:00Z');
    const me = await company();
    const b = await book(me.idx);
    await line(me.idx, b, { at: '2026-05-10T03:00:00Z', qty: 3 });
    await line(me.idx, b, { at: '2026-04-10T03:00:00Z', qty: 1 });
    await line(me.idx, b, { at: '2026-03-10T03:00:00Z', qty: 2 });
    const months = await get<{ month: string; qty: number; height: number }[]>(me.token, '/api/company/dashboard/monthlySaleQty');
    const by = Object.fromEntries(months.map((m) => [m.month, m.height]));
    expect(by).toMatchObject({ '2026-05': 100, '2026-04': 33.33, '2026-03': 66.67 });
  });

  it('globalSaleTop ranks countries by quantity, percents sum to exactly 100.00, mapData matches', async () => {
    t.clock.set('2026-05-20T03:00:00Z');
    const me = await company();
    const other = await company();
    const b = await book(me.idx);
    const ob = await book(other.idx);
    // 1/3 each for three countries: 33.33 + 33.33 + 33.33 = 99.99 by plain rounding; largest remainder gives 100.00
    await line(me.idx, b, { at: '2026-05-01T00:00:00Z', country: 'JPN', qty: 10 });
    await line(me.idx, b, { at: '2026-05-01T00:00:00Z', country: 'USA', qty: 4 });
    await line(me.idx, b, { at: '2025-01-01T00:00:00Z', country: 'USA', qty: 6 }); // older than a year: still counts
    // two customers of one country add up
    await line(me.idx, b, { at: '2026-05-01T00:00:00Z', country: 'KOR', qty: 7 });
    await t.db.insert(royaltyLines).values({
      companyIdx: me.idx,
      bookIdx: b,
      customerIdx: await customer('KOR', 2),
      unitPrice: '1.00',
      currency: 'KRW',
      qty: 3,
      royalty: lineRoyalty({ bookIdx: b, unitPrice: '1.00', qty: 3 }),
    });
    await line(other.idx, ob, { at: '2026-05-01T00:00:00Z', country: 'FRA', qty: 1000 });

    const r = await get<{
      global_sales: { rank: number; full_name: string; cnt: number; percent: number; code_3: string; code_2: string; numeric: string }[];
      mapData: Record<string, number>;
    }>(me.token, '/api/company/dashboard/globalSaleTop');
    // equal quantities rank by name: Japan, Korea…, United States…
    expect(r.global_sales.map((g) => [g.rank, g.code_3, g.cnt])).toEqual([
      [1, 'JPN', 10],
      [2, 'KOR', 10],
      [3, 'USA', 10],
    ]);
    expect(r.global_sales[0]).toMatchObject({ full_name: 'Japan', code_2: 'JP', numeric: '392' });
    expect(r.global_sales[1]!.numeric).toBe('410');
    expect(r.global_sales.map((g) => g.percent)).toEqual([33.34, 33.33, 33.33]);
    expect(r.global_sales.reduce((s, g) => s + Math.round(g.percent * 100), 0)).toBe(10000);
    expect(r.mapData).toEqual({ JPN: 10, KOR: 10, USA: 10 });

    // the other company sees only its own country
    const o = await get<{ global_sales: { code_3: string; percent: number }[]; mapData: Record<string, number> }>(
      other.token,
      '/api/company/dashboard/globalSaleTop',
    );
    expect(o.global_sales).toMatchObject([{ code_3: 'FRA', percent: 100 }]);
    expect(o.mapData).toEqual({ FRA: 1000 });

    const empty = await company();
    expect(await get(empty.token, '/api/company/dashboard/globalSaleTop')).toEqual({ global_sales: [], mapData: {} });
  });

  it('cached aggregates follow every write at once, and the month rolls over with the clock', async () => {
    t.clock.set('2026-08-31T14:00:00Z'); // Seoul 08-31 23:00
    const me = await company();
    const b = await book(me.idx);
    await line(me.idx, b, { at: '2026-08-10T00:00:00Z', country: 'DEU', qty: 5 });
    const top = () => get<{ global_sales: { code_3: string; cnt: number }[] }>(me.token, '/api/company/dashboard/globalSaleTop');
    const months = () => get<{ month: string; qty: number }[]>(me.token, '/api/company/dashboard/monthlySaleQty');
    expect((await top()).global_sales).toMatchObject([{ code_3: 'DEU', cnt: 5 }]);
    expect((await months()).at(-1)).toMatchObject({ month: '2026-08', qty: 5 });
    // asked again: the same answer (from the cache)
    expect((await top()).global_sales).toMatchObject([{ code_3: 'DEU', cnt: 5 }]);
    // a new line, and a changed one, show on the next call
    await line(me.idx, b, { at: '2026-08-20T00:00:00Z', country: 'ITA', qty: 7 });
    expect((await top()).global_sales.map((g) => [g.code_3, g.cnt])).toEqual([
      ['ITA', 7],
      ['DEU', 5],
    ]);
    await t.db.update(royaltyLines).set({ qty: 9 }).where(eq(royaltyLines.bookIdx, b)).execute();
    expect((await top()).global_sales.map((g) => [g.code_3, g.cnt])).toEqual([
      ['DEU', 9],
      ['ITA', 9],
    ]);
    expect((await months()).at(-1)).toMatchObject({ month: '2026-08', qty: 18 });
    // Seoul midnight: September is the current month, August the one before
    t.clock.set('2026-08-31T15:00:00Z');
    const after = await months();
    expect(after.at(-1)).toMatchObject({ month: '2026-09', qty: 0 });
    expect(after.at(-2)).toMatchObject({ month: '2026-08', qty: 18 });
  });

  it('largest-remainder percents always sum to 100.00 and never move a share by a hundredth or more', () => {
    const cases = [[1, 1, 1], [1, 2, 3, 4, 5, 6, 7], [999, 1], [1, 1, 1, 1, 1, 1], [7], [5, 0, 5], [123457, 98, 3, 3, 3, 1]];
    for (const values of cases) {
      const h = largestRemainderHundredths(values);
      expect(
        h.reduce((a, b) => a + b, 0),
        values.join(),
      ).toBe(10000);
      const total = values.reduce((a, b) => a + b, 0);
      values.forEach((v, i) => expect(Math.abs(h[i]! - (v * 10000) / total)).toBeLessThan(1));
    }
    expect(largestRemainderHundredths([0, 0])).toEqual([0, 0]);
  });

  it("board lists the newest notice and qna posts the user's division may see", async () => {
    const me = await company();
    const boards = Object.fromEntries((await t.db.select().from(bbsBoards)).map((b) => [b.name, b.idx]));
    const post = (board: string, title: string, at: string, divisions = ['AUT'], reLevel = 0) =>
      t.db.insert(bbsPosts).values({
        boardIdx: boards[board]!,
        title,
        content: '<p>x</p>',
        name: 'Operator',
        registrantIdx: 1,
        registrantType: 'manager',
        companyDivision: divisions,
        reLevel,
        createdAt: new Date(at),
      });
    for (let i = 1; i <= 7; i++) await post('notice', `Notice ${i}`, `2026-04-0${i}T00:00:00Z`);
    await post('notice', 'Partners only', '2026-04-20T00:00:00Z', ['PUB']);
    await post('notice', 'Everyone', '2026-04-19T00:00:00Z', ['PUB', 'AUT']);
    await post('qna', 'Question', '2026-04-02T00:00:00Z');
    await post('qna', 'RE: Question', '2026-04-03T00:00:00Z', ['AUT'], 1);
    await post('qna', 'Buyer question', '2026-04-04T00:00:00Z', ['BUY']);

    const r = await get<{ notice: { title: string; created_at: string; idx: number }[]; qna: { title: string; re_level: number }[] }>(
      me.token,
      '/api/dashboard/board',
    );
    expect(r.notice.map((p) => p.title)).toEqual(['Everyone', 'Notice 7', 'Notice 6', 'Notice 5', 'Notice 4']);
    expect(r.notice[0]!.created_at).toBe('2026-04-19T00:00:00.000Z');
    expect(r.qna.map((p) => [p.title, p.re_level])).toEqual([
      ['RE: Question', 1],
      ['Question', 0],
    ]);
  });

  it('dayIn and addMonths: calendar arithmetic in the configured zone', () => {
    expect(dayIn(new Date('2026-03-10T15:00:00Z'), 'Asia/Seoul')).toBe('2026-03-11');
    expect(dayIn(new Date('2026-03-10T14:59:59Z'), 'Asia/Seoul')).toBe('2026-03-10');
    expect(dayIn(new Date('2026-03-10T15:00:00Z'), 'UTC')).toBe('2026-03-10');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-06', -11)).toBe('2025-07');
  });
});
