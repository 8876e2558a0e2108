import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '@portal/contract';
import { createDiskFileStore } from '../../lib/file-store';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { insertInvoices, insertPayment } from './settlement.factories';
import { createSettlementService } from './settlement.service';

let t: TestContext;
let me: TestCompany;
let other: TestCompany;
let token: string;
let otherToken: string;

const DB = process.env.TEST_DB ?? 'pglite';
const sv = (o: object) => encodeURIComponent(JSON.stringify(o));
const get = (url: string, tok = token) => t.inject(tok, { method: 'GET', url });
const invoices = (q: string, tok = token) => get(`/api/calculate/buyInvoiceSend?${q}`, tok);

// my company: 25 invoices, one a day from 2026-03-01, items cycling; two payments
const ITEMS = ['prepayment', 'onCredit', 'consignment', 'fulfillment', 'warehouse', 'copyright'];
const MINE = Array.from({ length: 25 }, (_, i) => ({
  code: `ME-${String(i + 1).padStart(3, '0')}`,
  day: `2026-03-${String(i + 1).padStart(2, '0')}`,
  item: ITEMS[i % 6],
  issuer: i % 2 ? 'USA' : 'KOR',
  state: i % 3 ? 'S' : 'P',
  currency: (i % 2 ? 'USD' : 'KRW') as 'USD' | 'KRW',
  amount: `${1000 + i}.${String(i).padStart(2, '0')}`,
}));
/** exact per-currency totals of some fixture invoices, summed here in integer cents */
function totalsOf(specs: typeof MINE) {
  const by = new Map<string, { cnt: number; cents: bigint }>();
  for (const s of specs) {
    const x = by.get(s.currency) ?? { cnt: 0, cents: 0n };
    x.cnt += 1;
    x.cents += BigInt(s.amount.replace('.', ''));
    by.set(s.currency, x);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, x]) => ({
      currency,
      currency_icon: currency === 'KRW' ? '₩' : '$',
      cnt: x.cnt,
      amount: `${x.cents / 100n}.${String(x.cents % 100n).padStart(2, '0')}`,
    }));
}
let mine: Awaited<ReturnType<typeof insertInvoices>>;
let theirs: Awaited<ReturnType<typeof insertInvoices>>;
let payA: { idx: number };
let payB: { idx: number };
let theirPay: { idx: number };

const ISSUER = {
  name: '(주)북유통 Book Distribution Co.',
  registrationNumber: '123-45-67890',
  representative: '정하늘',
  address: '서울특별시 마포구 월드컵북로 1',
  businessType: '도매 및 소매업',
  businessItem: '서적 도매',
  contact: '02-123-4567 · billing@example.com',
  bank: { name: '신한은행 Shinhan Bank', account: '110-123-456789', holder: '(주)북유통', swift: 'SHBKKRSE' },
};

beforeAll(async () => {
  t = await createTestApp({ issuer: ISSUER });
  me = await t.createCompany({ companyName: '도서출판 가나다 (Ganada Books)' });
  other = await t.createCompany({ companyName: 'Other Press' });
  token = await t.login(me.id, me.password);
  otherToken = await t.login(other.id, other.password);
  mine = await insertInvoices(t.db, me.idx, MINE);
  payA = await insertPayment(t.db, me.idx, [mine[0]!, mine[2]!, mine[4]!], { dDate: '2026-03-10', amount: '3006.06', dName: '김지은' });
  payB = await insertPayment(t.db, me.idx, [mine[1]!], { dDate: '2026-03-20', currency: 'USD', amount: '1001.01', dType: 'credit_card' });
  theirs = await insertInvoices(t.db, other.idx, [
    { code: 'ME-001', day: '2026-03-05' },
    { code: 'THEIRS-2', day: '2026-03-06' },
  ]);
  theirPay = await insertPayment(t.db, other.idx, [theirs[0]!], { dDate: '2026-03-07', amount: '1000.00' });
  await t.db.execute(
    `insert into stored_files (upload_path, company_idx, ref_idx, name, extension, size, mime, storage_key) values
     ('buy_payment', ${me.idx}, ${payA.idx}, 'receipt', 'txt', 5, 'text/plain', 'buy_payment/00000000-0000-0000-0000-000000000001.txt'),
     ('buy_payment', ${other.idx}, ${theirPay.idx}, 'secret', 'txt', 6, 'text/plain', 'buy_payment/00000000-0000-0000-0000-000000000002.txt')`,
  );
  const { createDiskFileStore } = await import('../../lib/file-store');
  const store = createDiskFileStore(t.config.filesDir);
  await store.put('buy_payment/00000000-0000-0000-0000-000000000001.txt', Buffer.from('hello'));
  await store.put('buy_payment/00000000-0000-0000-0000-000000000002.txt', Buffer.from('secret'));
});
afterAll(() => t.close());

describe(`settlement invoices list (${DB})`, () => {
  it('answers {dataset, total_cnt}, newest registration day first, numbered from start + 1', async () => {
    const res = await invoices('start=0&length=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_cnt).toBe(25);
    expect(body.dataset).toHaveLength(10);
    expect(body.dataset.map((r: { code: string }) => r.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `ME-${String(25 - i).padStart(3, '0')}`),
    );
    expect(body.dataset.map((r: { no: number }) => r.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.dataset[0]).toMatchObject({
      code: 'ME-025',
      issuer: 'KOR',
      state: 'P',
      item: 'prepayment',
      amount: '1024.24',
      currency_icon: '₩',
      due_date: '2026-03-25',
      pdf: 'ME-025.pdf',
      buy_payment_idx: null,
      payment_state: 'N',
    });
    expect(body.dataset[0].created_at).toBe('2026-03-25T01:00:00Z');
  });

  it('paging edges: last partial page, start at and beyond the end, length < 1 → 10, length capped at 100', async () => {
    const last = (await invoices('start=20&length=10')).json();
    expect(last.dataset.map((r: { code: string }) => r.code)).toEqual(['ME-005', 'ME-004', 'ME-003', 'ME-002', 'ME-001']);
    expect(last.dataset[0].no).toBe(21);
    for (const start of [25, 26, 1000, 99_999_999]) {
      const res = (await invoices(`start=${start}&length=10`)).json();
      expect(res, `start=${start}`).toEqual({ dataset: [], total_cnt: 25, page_totals: [], totals: totalsOf(MINE) });
    }
    for (const length of ['0', '-5', '']) {
      const res = (await invoices(`start=0&length=${length}`)).json();
      expect(res.dataset, `length=${length}`).toHaveLength(10);
    }
    expect((await invoices('start=0&length=1000')).json().dataset).toHaveLength(25);
    expect((await invoices('')).json().dataset).toHaveLength(10);
    expect((await invoices('start=-1&length=10')).statusCode).toBe(400);
    expect((await invoices('start=abc')).statusCode).toBe(400);
  });

  it('date filters are inclusive on the registration day; either end may be open', async () => {
    const codes = async (filter: object) =>
      (await invoices(`start=0&length=100&search_value=${sv(filter)}`)).json().dataset.map((r: { code: string }) => r.code);
    expect(await codes({ startDate: '2026-03-03', endDate: '2026-03-05' })).toEqual(['ME-005', 'ME-004', 'ME-003']);
    expect(await codes({ startDate: '2026-03-23' })).toEqual(['ME-025', 'ME-024', 'ME-023']);
    expect(await codes({ endDate: '2026-03-02' })).toEqual(['ME-002', 'ME-001']);
    expect(await codes({ startDate: '2026-03-10', endDate: '2026-03-10' })).toEqual(['ME-010']);
    expect(await codes({ startDate: '2026-04-01' })).toEqual([]);
    const ranged = (await invoices(`start=2&length=2&search_value=${sv({ startDate: '2026-03-01', endDate: '2026-03-31' })}`)).json();
    expect(ranged).toMatchObject({
      total_cnt: 25,
      dataset: [
        { code: 'ME-023', no: 3 },
        { code: 'ME-022', no: 4 },
      ],
    });
  });

  it('refuses bad search values with 400 and the offending path', async () => {
    for (const bad of [
      sv({ startDate: '2026-03-10', endDate: '2026-03-01' }),
      sv({ startDate: '2026-02-30' }),
      sv({ startDate: '10/03/2026' }),
      sv({ orderTypes: ['foo'] }),
      sv({ unknownKey: 1 }),
      '%7Bnot-json',
    ]) {
      const res = await invoices(`start=0&length=10&search_value=${bad}`);
      expect(res.statusCode, decodeURIComponent(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await invoices('search_value=')).statusCode).toBe(200);
  });

  it('order-type filters: credit only, including consignment (= credit + consignment), prepayment; none chosen = every item', async () => {
    const items = async (orderTypes: string[]) => {
      const body = (await invoices(`start=0&length=100&search_value=${sv({ orderTypes })}`)).json();
      return { total: body.total_cnt, items: [...new Set(body.dataset.map((r: { item: string }) => r.item))].sort() };
    };
    expect(await items(['onCredit'])).toEqual({ total: 4, items: ['onCredit'] });
    // "including consignment" is credit and consignment (spec §9), alone or with "credit only"
    expect(await items(['consignment'])).toEqual({ total: 8, items: ['consignment', 'onCredit'] });
    expect(await items(['onCredit', 'consignment'])).toEqual({ total: 8, items: ['consignment', 'onCredit'] });
    expect(await items(['consignment', 'prepayment'])).toEqual({ total: 13, items: ['consignment', 'onCredit', 'prepayment'] });
    expect(await items(['prepayment'])).toEqual({ total: 5, items: ['prepayment'] });
    expect((await items([])).total).toBe(25);
    const both = (
      await invoices(
        `start=0&length=100&search_value=${sv({ orderTypes: ['consignment'], startDate: '2026-03-01', endDate: '2026-03-15' })}`,
      )
    ).json();
    expect(both.dataset.map((r: { code: string }) => r.code)).toEqual(['ME-015', 'ME-014', 'ME-009', 'ME-008', 'ME-003', 'ME-002']);
  });

  it('paid/unpaid follows buy_payment_idx', async () => {
    const rows = (await invoices('start=0&length=100')).json().dataset as {
      code: string;
      buy_payment_idx: number | null;
      payment_state: string;
    }[];
    const paid = rows
      .filter((r) => r.payment_state === 'Y')
      .map((r) => r.code)
      .sort();
    expect(paid).toEqual(['ME-001', 'ME-002', 'ME-003', 'ME-005']);
    for (const r of rows) expect(r.payment_state).toBe(r.buy_payment_idx === null ? 'N' : 'Y');
    expect(rows.find((r) => r.code === 'ME-003')!.buy_payment_idx).toBe(payA.idx);
  });

  it("never lists another company's invoices, and needs a token", async () => {
    const body = (await invoices('start=0&length=100', otherToken)).json();
    expect(body.total_cnt).toBe(2);
    expect(body.dataset.map((r: { code: string }) => r.code).sort()).toEqual(['ME-001', 'THEIRS-2']);
    expect(body.dataset.every((r: { idx: number }) => theirs.some((x) => x.idx === r.idx))).toBe(true);
    expect((await t.inject(null, { method: 'GET', url: '/api/calculate/buyInvoiceSend' })).statusCode).toBe(401);
  });
});

describe(`settlement invoice totals and detail (${DB})`, () => {
  it('answers the per-currency count and exact sum of the page and of the whole filter', async () => {
    const first = (await invoices('start=0&length=10')).json();
    // newest first: ME-025 … ME-016 are MINE[24] … MINE[15]
    expect(first.page_totals).toEqual(totalsOf(MINE.slice(15)));
    expect(first.totals).toEqual(totalsOf(MINE));
    expect(first.totals).toEqual([
      { currency: 'KRW', currency_icon: '₩', cnt: 13, amount: '13157.56' },
      { currency: 'USD', currency_icon: '$', cnt: 12, amount: '12145.44' },
    ]);
    const third = (await invoices('start=20&length=10')).json();
    expect(third.page_totals).toEqual(totalsOf(MINE.slice(0, 5)));
    expect(third.totals).toEqual(first.totals);
  });

  it('filter totals follow the date range (inside one month, across months) and the order types', async () => {
    const totals = async (filter: object) => (await invoices(`start=0&length=5&search_value=${sv(filter)}`)).json().totals;
    // days 3..5 = MINE[2..4]
    expect(await totals({ startDate: '2026-03-03', endDate: '2026-03-05' })).toEqual(totalsOf(MINE.slice(2, 5)));
    expect(await totals({ startDate: '2026-03-23' })).toEqual(totalsOf(MINE.slice(22)));
    expect(await totals({ startDate: '2026-02-01', endDate: '2026-04-30' })).toEqual(totalsOf(MINE));
    expect(await totals({ endDate: '2026-02-28' })).toEqual([]);
    expect(await totals({ orderTypes: ['onCredit', 'consignment'] })).toEqual(
      totalsOf(MINE.filter((m) => m.item === 'onCredit' || m.item === 'consignment')),
    );
    expect(await totals({ orderTypes: ['prepayment'], startDate: '2026-03-01', endDate: '2026-03-12' })).toEqual(
      totalsOf(MINE.filter((m) => m.item === 'prepayment' && m.day <= '2026-03-12')),
    );
  });

  it("totals never include another company's invoices", async () => {
    const body = (await invoices('start=0&length=10', otherToken)).json();
    expect(body.totals).toEqual([{ currency: 'KRW', currency_icon: '₩', cnt: 2, amount: '2000.00' }]);
  });

  it('buyInvoiceSend/{idx} answers the invoice with its lines, which add up to its amount', async () => {
    const [inv] = await insertInvoices(t.db, me.idx, [
      { code: 'DETAIL-1', day: '2026-02-10', amount: '3500.50', currency: 'USD', title: '상세 청구서' },
    ]);
    await t.db.execute(`delete from buy_invoice_lines where buy_invoice_idx = ${inv!.idx}`);
    await t.db.execute(
      `insert into buy_invoice_lines (buy_invoice_idx, line_no, description, qty, unit_price, amount) values
       (${inv!.idx}, 2, '소년이 온다 출고', 1, 1000.25, 1000.25),
       (${inv!.idx}, 1, 'Pachinko — paperback', 2, 1000.00, 2000.00),
       (${inv!.idx}, 3, 'Storage pallet, month', 1, 500.25, 500.25)`,
    );
    try {
      const res = await get(`/api/calculate/buyInvoiceSend/${inv!.idx}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        idx: inv!.idx,
        code: 'DETAIL-1',
        title: '상세 청구서',
        amount: '3500.50',
        currency_name: 'USD',
        currency_icon: '$',
        pdf: 'DETAIL-1.pdf',
        payment_state: 'N',
        buy_payment_idx: null,
      });
      expect(body.lines).toEqual([
        expect.objectContaining({ line_no: 1, description: 'Pachinko — paperback', qty: 2, unit_price: '1000.00', amount: '2000.00' }),
        expect.objectContaining({ line_no: 2, description: '소년이 온다 출고', qty: 1, unit_price: '1000.25', amount: '1000.25' }),
        expect.objectContaining({ line_no: 3, description: 'Storage pallet, month', qty: 1, unit_price: '500.25', amount: '500.25' }),
      ]);
      // each line: supply value + VAT = amount, and the totals add up to the invoice amount, as on the PDF
      for (const l of body.lines as { supply_amount: string; vat_amount: string; vat_exempt: boolean; amount: string }[]) {
        expect(typeof l.vat_exempt).toBe('boolean');
        expect(toMinor(l.supply_amount) + toMinor(l.vat_amount)).toBe(toMinor(l.amount));
      }
      expect(toMinor(body.supply_total) + toMinor(body.vat_total)).toBe(toMinor('3500.50'));
      expect(body.approval_number).toBeNull();
      const paid = (await get(`/api/calculate/buyInvoiceSend/${mine[2]!.idx}`)).json();
      expect(paid).toMatchObject({
        code: 'ME-003',
        payment_state: 'Y',
        buy_payment_idx: payA.idx,
        lines: [{ line_no: 1, amount: '1002.02' }],
      });
    } finally {
      await t.db.execute(`delete from buy_invoices where idx = ${inv!.idx}`);
    }
  });

  it("another company's invoice, an unknown one and a bad idx: 404, 404, 400", async () => {
    const theirsRes = await get(`/api/calculate/buyInvoiceSend/${theirs[0]!.idx}`);
    expect(theirsRes.statusCode).toBe(404);
    expect(theirsRes.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(JSON.stringify(theirsRes.json())).not.toContain('ME-001');
    expect((await get(`/api/calculate/buyInvoiceSend/${theirs[0]!.idx}`, otherToken)).statusCode).toBe(200);
    expect((await get('/api/calculate/buyInvoiceSend/999999')).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await get(`/api/calculate/buyInvoiceSend/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await t.inject(null, { method: 'GET', url: `/api/calculate/buyInvoiceSend/${mine[0]!.idx}` })).statusCode).toBe(401);
  });
});

describe(`settlement payments (${DB})`, () => {
  it('lists payments newest deposit first with the row fields', async () => {
    const body = (await get('/api/calculate/buyPayment?start=0&length=10')).json();
    expect(body.total_cnt).toBe(2);
    expect(body.dataset[0]).toMatchObject({
      no: 1,
      idx: payB.idx,
      d_payment: '1001.01',
      currency_icon: '$',
      d_date: '2026-03-20',
      d_type: 'credit_card',
      employee_name: 'Clerk',
    });
    expect(body.dataset[1]).toMatchObject({ idx: payA.idx, d_name: '김지은', currency_icon: '₩' });
    // beside the rows, the per-currency totals of the filter (every page): count and exact sum (issue 59)
    expect((await get('/api/calculate/buyPayment?start=2&length=0')).json()).toEqual({
      dataset: [],
      total_cnt: 2,
      totals: [
        { currency: 'KRW', currency_icon: '₩', cnt: 1, amount: '3006.06' },
        { currency: 'USD', currency_icon: '$', cnt: 1, amount: '1001.01' },
      ],
    });
  });

  it('filters payments on the deposit date and on the items of the invoices they covered', async () => {
    const idxs = async (filter: object) =>
      (await get(`/api/calculate/buyPayment?search_value=${sv(filter)}`)).json().dataset.map((r: { idx: number }) => r.idx);
    expect(await idxs({ startDate: '2026-03-15' })).toEqual([payB.idx]);
    expect(await idxs({ endDate: '2026-03-10' })).toEqual([payA.idx]);
    // payA covers ME-001 (prepayment), ME-003 (consignment), ME-005 (warehouse); payB covers ME-002 (onCredit)
    expect(await idxs({ orderTypes: ['onCredit'] })).toEqual([payB.idx]);
    // "including consignment" covers credit invoices too
    expect(await idxs({ orderTypes: ['consignment'] })).toEqual([payB.idx, payA.idx]);
    expect(await idxs({ orderTypes: ['prepayment'] })).toEqual([payA.idx]);
    expect(await idxs({ orderTypes: ['onCredit', 'consignment'] })).toEqual([payB.idx, payA.idx]);
  });

  it('buyPayment/{idx} answers an array whose first item has the detail fields and files', async () => {
    const res = await get(`/api/calculate/buyPayment/${payA.idx}`);
    expect(res.statusCode).toBe(200);
    const [first, ...rest] = res.json();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      idx: payA.idx,
      d_name: '김지은',
      d_date: '2026-03-10',
      d_payment: '3006.06',
      d_type: 'remittance',
      d_type_info: 'Bank 123',
      d_comment: 'comment',
      currency_icon: '₩',
      currency_name: 'KRW',
      upload_path: `buy_payment/${payA.idx}`,
      files: [{ name: 'receipt', extension: 'txt', size: 5 }],
    });
    expect(first.currency_idx).toEqual(expect.any(Number));
  });

  it('buyPaymentCompleteDetail answers the covered invoices with code, amount, currency_icon, created_day, due_day', async () => {
    const rows = (await get(`/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=${payA.idx}`)).json();
    expect(rows).toEqual([
      expect.objectContaining({ code: 'ME-001', amount: '1000.00', currency_icon: '₩', created_day: '2026-03-01', due_day: '2026-03-01' }),
      expect.objectContaining({ code: 'ME-003', amount: '1002.02', currency_icon: '₩', created_day: '2026-03-03' }),
      expect.objectContaining({ code: 'ME-005', amount: '1004.04', currency_icon: '₩', created_day: '2026-03-05' }),
    ]);
  });

  it('getAllFiles and GET fileDownload serve a payment attachment of the caller', async () => {
    const list = (await get(`/api/common/getAllFiles?uploadPath=buy_payment/${payA.idx}`)).json();
    expect(list).toEqual([{ idx: expect.any(Number), name: 'receipt', extension: 'txt', size: 5 }]);
    const res = await get(`/api/common/fileDownload?uploadPath=buy_payment/${payA.idx}&fileName=receipt.txt`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['content-disposition']).toContain('filename="receipt.txt"');
  });
});

describe(`settlement: another company's rows and files answer 404 (${DB})`, () => {
  it('payment detail, covered invoices and files of another company', async () => {
    const urls = [
      `/api/calculate/buyPayment/${theirPay.idx}`,
      `/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=${theirPay.idx}`,
      `/api/common/getAllFiles?uploadPath=buy_payment/${theirPay.idx}`,
      `/api/common/fileDownload?uploadPath=buy_payment/${theirPay.idx}&fileName=secret.txt`,
      `/api/common/fileDownload?uploadPath=buy_payment/${payA.idx}&fileName=secret.txt`,
      `/api/calculate/buyPayment/999999`,
      `/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=999999`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
      expect(res.body).not.toContain('secret');
    }
  });

  it("another company's invoice PDF (by its code) is 404; the same code of my own is mine", async () => {
    const theirsOnly = await t.inject(token, {
      method: 'POST',
      url: '/api/common/fileDownload',
      payload: { uploadPath: 'buy_invoice', fileName: 'THEIRS-2.pdf' },
    });
    expect(theirsOnly.statusCode).toBe(404);
    const sameCode = await t.inject(otherToken, {
      method: 'POST',
      url: '/api/common/fileDownload',
      payload: { uploadPath: 'buy_invoice', fileName: 'ME-001.pdf' },
    });
    expect(sameCode.statusCode).toBe(200);
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(sameCode.rawPayload), { mergePages: true });
    expect(text).toContain('Other Press');
    expect(text).not.toContain('Ganada');
  });

  it('path tricks in fileName and uploadPath answer 404', async () => {
    const names = [
      '../ME-001.pdf',
      '..%2fME-001.pdf',
      '%2e%2e%2fME-001.pdf',
      '..%252fME-001.pdf',
      '....//ME-001.pdf',
      '..\\ME-001.pdf',
      '/etc/passwd',
      '../../../../etc/passwd',
      'buy_payment/00000000-0000-0000-0000-000000000002.txt',
      '00000000-0000-0000-0000-000000000002.txt',
      'ME-001.pdf/../ME-002.pdf',
      'ME-001.pdf\u0000.txt',
      'ME-001',
      'ME-001.PDF.txt',
      'THEIRS-2.pdf',
    ];
    for (const fileName of names) {
      // a NUL character is refused by the app for every route (400); every other trick is simply not found
      const expected = fileName.includes('\u0000') ? [400, 404] : [404];
      const post = await t.inject(token, {
        method: 'POST',
        url: '/api/common/fileDownload',
        payload: { uploadPath: 'buy_invoice', fileName },
      });
      expect(expected, `POST ${fileName}`).toContain(post.statusCode);
      const q = `uploadPath=${encodeURIComponent(`buy_payment/${payA.idx}`)}&fileName=${encodeURIComponent(fileName)}`;
      const getRes = await get(`/api/common/fileDownload?${q}`);
      expect(expected, `GET ${fileName}`).toContain(getRes.statusCode);
      const raw = await get(`/api/common/fileDownload?uploadPath=buy_payment/${payA.idx}&fileName=${fileName.replaceAll('\u0000', '%00')}`);
      expect([400, 404], `raw GET ${fileName}`).toContain(raw.statusCode);
      expect(raw.body).not.toContain('secret');
    }
    const paths = [
      `buy_payment/${payA.idx}/../${theirPay.idx}`,
      `buy_payment/../buy_payment/${theirPay.idx}`,
      `buy_payment/${theirPay.idx}`,
      `buy_payment/${payA.idx}%2f..`,
      'buy_payment',
      'buy_payment/',
      'buy_payment/0',
      'buy_payment/-1',
      'buy_payment/99999999999',
      'help',
      '../buy_invoice',
      'buy_invoice/',
      'BUY_INVOICE',
    ];
    for (const uploadPath of paths) {
      const res = await get(`/api/common/fileDownload?uploadPath=${encodeURIComponent(uploadPath)}&fileName=secret.txt`);
      expect(res.statusCode, uploadPath).toBe(404);
      const list = await get(`/api/common/getAllFiles?uploadPath=${encodeURIComponent(uploadPath)}`);
      expect(list.statusCode, `getAllFiles ${uploadPath}`).toBe(404);
      const post = await t.inject(token, {
        method: 'POST',
        url: '/api/common/fileDownload',
        payload: { uploadPath, fileName: 'ME-001.pdf' },
      });
      expect(post.statusCode, `POST ${uploadPath}`).toBe(404);
    }
    expect((await get(`/api/common/getAllFiles?uploadPath=buy_invoice`)).statusCode).toBe(404);
    expect((await get(`/api/calculate/buyPayment/abc`)).statusCode).toBe(400);
  });
});

describe(`settlement invoice PDF (${DB})`, () => {
  it('is rendered with the invoice code and the Korean company name, named <code>.pdf', async () => {
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/common/fileDownload',
      payload: { uploadPath: 'buy_invoice', fileName: 'ME-004.pdf' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ME-004.pdf"; filename*=UTF-8''ME-004.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain('ME-004');
    expect(text).toContain('도서출판 가나다');
    expect(text).toContain('1,003.03');
    expect(text).toContain('Unpaid');
  });

  it('is kept after the first download and made again once the invoice was paid', async () => {
    const download = () =>
      t.inject(token, { method: 'POST', url: '/api/common/fileDownload', payload: { uploadPath: 'buy_invoice', fileName: 'ME-006.pdf' } });
    const first = await download();
    const second = await download();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    await insertPayment(t.db, me.idx, [mine[5]!], { dDate: '2026-03-21', amount: mine[5]!.amount });
    const third = await download();
    const { extractText } = await import('unpdf');
    expect((await extractText(new Uint8Array(third.rawPayload), { mergePages: true })).text).toContain('Paid in full');
    const rows = (
      (await t.db.execute(
        `select count(*)::int as n from stored_files where upload_path = 'buy_invoice' and name = 'ME-006'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(rows[0]!.n).toBe(1);
  });

  const pdfRows = async (code: string) =>
    (
      (await t.db.execute(`select storage_key from stored_files where upload_path = 'buy_invoice' and name = '${code}'`)) as unknown as {
        rows: { storage_key: string }[];
      }
    ).rows;
  const pdfFilesOnDisk = () => {
    const dir = path.join(t.config.filesDir, 'buy_invoice');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('12 concurrent first downloads render once: one row, one file, the same bytes for all', async () => {
    const before = pdfFilesOnDisk();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.inject(token, {
          method: 'POST',
          url: '/api/common/fileDownload',
          payload: { uploadPath: 'buy_invoice', fileName: 'ME-010.pdf' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    for (const a of answers) expect(a.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const rows = await pdfRows('ME-010');
    expect(rows).toHaveLength(1);
    const added = pdfFilesOnDisk().filter((f) => !before.includes(f));
    expect(added).toEqual([rows[0]!.storage_key.replace('buy_invoice/', '')]);
    expect(readFileSync(path.join(t.config.filesDir, rows[0]!.storage_key)).equals(answers[0]!.rawPayload)).toBe(true);
  });

  it("two processes downloading at once: the unique key keeps one row and one file, the loser serves the winner's", async () => {
    // two service instances = two processes: each has its own single-flight, only the database is shared
    const files = createDiskFileStore(t.config.filesDir);
    const one = createSettlementService({ db: t.db, files });
    const two = createSettlementService({ db: t.db, files });
    const before = pdfFilesOnDisk();
    const got = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).download(me.idx, 'buy_invoice', 'ME-011.pdf')));
    const rows = await pdfRows('ME-011');
    expect(rows).toHaveLength(1);
    expect(new Set(got.map((g) => g.storageKey))).toEqual(new Set([rows[0]!.storage_key]));
    expect(pdfFilesOnDisk().filter((f) => !before.includes(f))).toEqual([rows[0]!.storage_key.replace('buy_invoice/', '')]);
    // and the invoice's stored file can no longer be doubled by any writer
    await expect(
      t.db.execute(
        `insert into stored_files (upload_path, company_idx, ref_idx, name, extension, size, mime, storage_key)
         values ('buy_invoice', ${me.idx}, ${mine[10]!.idx}, 'ME-011', 'pdf', 1, 'application/pdf', 'buy_invoice/00000000-0000-0000-0000-0000000000ff.pdf')`,
      ),
    ).rejects.toThrow();
  });

  it('GET fileDownload serves the invoice PDF too', async () => {
    const res = await get('/api/common/fileDownload?uploadPath=buy_invoice&fileName=ME-007.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });
});

describe(`invoice PDF as a Korean business reads it (${DB})`, () => {
  const cents = (s: string) => BigInt(s.replace(/,/g, '').replace('.', ''));
  const pdfText = async (code: string) => {
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/common/fileDownload',
      payload: { uploadPath: 'buy_invoice', fileName: `${code}.pdf` },
    });
    expect(res.statusCode).toBe(200);
    const { extractText } = await import('unpdf');
    return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
  };

  it('a KOR invoice shows supply value, VAT and total per line and in the footer, supply + VAT = total', async () => {
    await t.db.execute(sql`update companies set registration_number = '220-81-12345' where idx = ${me.idx}`);
    await insertInvoices(t.db, me.idx, [
      {
        code: 'VAT-KOR-1',
        issuer: 'KOR',
        currency: 'KRW',
        amount: '1691000.00',
        lines: [
          {
            description: '창고 보관료',
            qty: 10,
            unitPrice: '150000.00',
            amount: '1650000.00',
            supplyAmount: '1500000.00',
            vatAmount: '150000.00',
          },
          {
            description: '채식주의자 출고',
            qty: 2,
            unitPrice: '15000.00',
            amount: '30000.00',
            supplyAmount: '30000.00',
            vatAmount: '0.00',
            vatExempt: true,
          },
          // amount only: the database splits it into supply value and 10 % VAT
          { description: '포장', qty: 1, unitPrice: '11000.00', amount: '11000.00' },
        ],
      },
    ]);
    const text = (await pdfText('VAT-KOR-1')).replace(/\s+/g, ' ');
    // the profile of this company lacks its representative, address, 업태 and 종목: never titled a tax invoice
    expect(text).toContain('청구서 (세금계산서 아님)');
    expect(text).toContain('청구서 (계산서 아님)');
    expect(text).toContain('공급받는자 성명(대표자)');
    // the taxable lines (the amount-only one split 10,000 + 1,000 by the database) on the first, the book on the second
    expect(text).toMatch(/창고 보관료 10 150,000 1,500,000 150,000/);
    expect(text).toMatch(/포장 1 11,000 10,000 1,000/);
    expect(text).toMatch(/공급가액 1,510,000 세액 151,000/);
    expect(text).toContain('₩1,661,000');
    expect(text).toMatch(/채식주의자 출고 2 15,000 30,000 면세/);
    expect(text).toContain('₩30,000');
    expect(text).toContain('₩1,691,000');
    expect(cents('1510000') + cents('151000') + cents('30000')).toBe(cents('1691000'));
    // issuer block from configuration, the recipient's registration number, bank details, 청구
    for (const s of ['(주)북유통', '123-45-67890', '월드컵북로', '220-81-12345', '110-123-456789', 'SHBKKRSE', '이 금액을 청구함'])
      expect(text, s).toContain(s);
  });

  it('a USA invoice shows subtotal and total without VAT', async () => {
    await insertInvoices(t.db, me.idx, [{ code: 'VAT-USA-1', issuer: 'USA', currency: 'USD', amount: '250.50' }]);
    const text = await pdfText('VAT-USA-1');
    expect(text).toContain('COMMERCIAL INVOICE');
    expect(text).toMatch(/Subtotal\s*\$250\.50/);
    expect(text).toMatch(/Total\s*\$250\.50/);
    expect(text).not.toContain('세액');
    expect(text).not.toContain('세금계산서');
  });
});
