import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBuyInvoiceList, TBuyPaymentList, TInvoiceFilter, TPaymentFilter } from '@portal/contract';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { MIGRATIONS_DIR } from '../../db/client';
import { countMigrationSql } from '../../lib/lists/counts';
import { OWED_INVOICE_COUNTS } from './settlement.repository';

/**
 * Issue 59's search keys and overdue filter of the settlement lists against an oracle: for random filters and
 * starts, the API's page and total_cnt equal a plain `where … order by … offset … limit` and `count(*)` written
 * here (ilike for the keyword, the amount written out per keyword, overdue as "owed and due before today"). A
 * common word is answered from the list's first 2,000 rows (lib/lists walkPage): its total is then the matches
 * among them, flagged `total_at_least`, which the oracle computes too. The overdue filter, the row marker and the
 * dashboard counter agree with SQL, also after midnight without a write (the list's kept answers are per day).
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let token: string;
let tokenB: string;
const DB = process.env.TEST_DB ?? 'pglite';
/** invoices and payments of company a: more than the 2,000 rows a search walk reads */
const N = 2600;
/** today in Seoul (the test config's business time zone): 2026-03-01 */
const NOW = '2026-03-01T03:00:00Z';
const TITLES = ['Spring sale', 'Winter stock', '봄 정산 보고', 'Consignment 위탁', 'Refund 50%_off'];
const NAMES = ['Kim Minsu', '이영희', 'Acme Books', 'Park & Sons', 'Lee_50%'];
/** the walk's size (lib/lists WALK_ROWS) */
const WALK = 2000;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const like = (s: string) => lit(`%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
const sv = (f: object) => encodeURIComponent(JSON.stringify(f));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  a = await t.createCompany();
  b = await t.createCompany();
  token = await t.login(a.id, a.password);
  tokenB = await t.login(b.id, b.password);
  for (const [co, n] of [
    [a.idx, N],
    [b.idx, 300],
  ] as const) {
    // registration days over Jan–Mar 2026, several a day; due 0, 15, 30 or 45 days later (around "today")
    await t.db
      .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
      select ${co}, 'BI' || to_char(d, 'YYYYMMDD') || '-' || (10000 + g), (array[${TITLES.map(lit).join(',')}])[1 + (g * 7) % 5] || ' ' || g,
        'KOR', 'S', (array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + (g * 5) % 6],
        (select idx from currencies where name = case when g % 3 = 0 then 'USD' else 'KRW' end), 1000 + g,
        d::timestamp at time zone 'Asia/Seoul', d, d + (g % 4) * 15
      from generate_series(1, ${n}) g, lateral (select date '2026-01-01' + (g * 89 / ${n}) as d) dd`);
    // paid in full (one in five), partly paid (one in five): only what is still owed can be overdue
    await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
      select ${co}, (array[${NAMES.map(lit).join(',')}])[1 + (g * 3) % 5] || ' ' || g, date '2026-01-01' + (g * 89 / ${n}),
        (select idx from currencies where name = case when g % 7 = 1 then 'USD' else 'KRW' end),
        case when g % 7 = 0 then 1234000 when g % 7 = 1 then 12.5 when g % 11 = 0 then 1234 else 1000 + g end, 'cash'
      from generate_series(1, ${n}) g`);
    // beyond the walk (the oldest days): found by its name and by its amount (the search reads the two apart: it must
    // count and list it once), by its amount only, by its name only
    await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
      select ${co}, d_name, date '2026-01-01', (select idx from currencies where name = 'KRW'), d_payment, 'cash'
      from (values ('Both 7,777,777 / 7777777', 7777777), ('Amount only', 7777777), ('Name only 7777777', 5)) v(d_name, d_payment)`);
    const [pay] = await q<{ idx: number }>(`select min(idx) as idx from buy_payments where company_idx = ${co}`);
    await t.db.execute(
      `update buy_invoices set buy_payment_idx = ${pay!.idx}, paid_amount = amount where company_idx = ${co} and idx % 5 = 0`,
    );
    await t.db.execute(`update buy_invoices set paid_amount = amount - 1 where company_idx = ${co} and idx % 5 = 1`);
  }
});
afterAll(() => t.close());

/** The clock at `when`, and the logins again (a session lasts hours, not weeks). */
async function at(when: string) {
  t.clock.set(when);
  token = await t.login(a.id, a.password);
  tokenB = await t.login(b.id, b.password);
}

// ── invoices ─────────────────────────────────────────────────────────────────────────────────────
const ITEMS_OF: Record<string, string[]> = {
  onCredit: ['onCredit'],
  consignment: ['onCredit', 'consignment'],
  prepayment: ['prepayment'],
};
const OVERDUE = (day: string) => `(x.buy_payment_idx is null and x.amount > x.paid_amount and x.due_date < date ${lit(day)})`;

/** The invoice filter as plain SQL over `x`, without the keyword (the walk's list) and with it. */
function invoiceWhere(f: TInvoiceFilter, day: string, companyIdx = a.idx) {
  const conds = [`x.company_idx = ${companyIdx}`];
  if (f.startDate) conds.push(`x.created_day >= date ${lit(f.startDate)}`);
  if (f.endDate) conds.push(`x.created_day <= date ${lit(f.endDate)}`);
  if (f.orderTypes?.length)
    conds.push(
      `x.item in (${f.orderTypes
        .flatMap((o) => ITEMS_OF[o]!)
        .map(lit)
        .join(',')})`,
    );
  if (f.overdue) conds.push(OVERDUE(day));
  const others = conds.join(' and ');
  const hit = f.keyword ? `(x.code ilike ${like(f.keyword)} or x.title ilike ${like(f.keyword)})` : 'true';
  return { others, where: `${others} and ${hit}`, hit };
}

/** What the list must answer: the page by offset, and the total (the matches among the first 2,000 rows when a common word fills the page there). */
async function expectedList(
  table: string,
  order: string,
  w: { others: string; where: string; hit: string },
  keyword: unknown,
  start: number,
  length: number,
) {
  const [c] = await q<{ n: number }>(`select count(*)::int as n from ${table} x where ${w.where}`);
  const page = await q<{ idx: number }>(`select x.idx from ${table} x where ${w.where} order by ${order} offset ${start} limit ${length}`);
  let total = Number(c!.n);
  let atLeast = false;
  if (keyword) {
    const [walk] = await q<{ read: number; hits: number }>(
      `select count(*)::int as read, (count(*) filter (where w.hit))::int as hits
       from (select ${w.hit} as hit from ${table} x where ${w.others} order by ${order} limit ${WALK}) w`,
    );
    if (Number(walk!.read) === WALK && Number(walk!.hits) > start + length) [total, atLeast] = [Number(walk!.hits), true];
  }
  return { total, atLeast, ids: page.map((r) => Number(r.idx)) };
}

/** A CSV export's rows (under its header, above the blank row) and the count its per-currency total rows name ("… (invoices: 60)"). */
function exportParts(records: string[][]) {
  const blank = records.findIndex((r) => r.every((c) => c === ''));
  const rows = records.slice(1, blank < 0 ? undefined : blank);
  const totals = blank < 0 ? [] : records.slice(blank + 1);
  const counted = totals.reduce(
    (n, r) => n + Number(/(\d[\d,]*)\)$/.exec(r.find((c) => /\d\)$/.test(c)) ?? '')?.[1]?.replaceAll(',', '')),
    0,
  );
  return { rows, counted };
}

async function invoiceApi(f: TInvoiceFilter, start: number, length: number, tok = token) {
  const res = await t.inject(tok, {
    method: 'GET',
    url: `/api/calculate/buyInvoiceSend?start=${start}&length=${length}&search_value=${sv(f)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBuyInvoiceList>();
}

const KEYWORDS = [
  'spring',
  'SPRING SALE',
  '봄',
  '정산 보고',
  '위탁',
  '50%_',
  '50%x',
  'bi2026',
  '-10123',
  '20260215',
  'winter stock 2',
  'sale 1',
  'nothing like it',
  'Refund 50%_off 2599',
];

const arbInvoiceFilter = fc.record(
  {
    keyword: fc.constantFrom(...KEYWORDS),
    overdue: fc.boolean(),
    startDate: fc.constantFrom('2026-01-10', '2026-02-01', '2026-03-20'),
    endDate: fc.constantFrom('2026-02-15', '2026-03-31'),
    orderTypes: fc.subarray(['onCredit', 'consignment', 'prepayment'] as const),
  },
  { requiredKeys: [] },
);

describe(`invoice search and overdue filter against SQL (${DB})`, () => {
  it('random keywords, overdue, dates and items at random starts: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(arbInvoiceFilter, fc.constantFrom(0, 0, 10, 990, 1990, 2010), fc.constantFrom(10, 25), async (g, start, length) => {
        const f = { ...g } as TInvoiceFilter;
        if (f.startDate && f.endDate && f.startDate > f.endDate) delete f.endDate;
        const want = await expectedList(
          'buy_invoices',
          'x.created_day desc, x.idx desc',
          invoiceWhere(f, '2026-03-01'),
          f.keyword,
          start,
          length,
        );
        const got = await invoiceApi(f, start, length);
        const what = JSON.stringify({ f, start, length });
        expect(
          got.dataset.map((r) => r.idx),
          what,
        ).toEqual(want.ids);
        if (got.dataset.length > 0 || start === 0) {
          expect(got.total_cnt, what).toBe(want.total);
          expect(got.total_at_least ?? false, what).toBe(want.atLeast);
        }
        expect(
          got.dataset.map((r) => r.no),
          what,
        ).toEqual(got.dataset.map((_, i) => start + i + 1));
      }),
      { numRuns: 50 },
    );
  });

  it('first, middle, last and beyond the end of rare and common keywords; exact totals and per-currency totals when exact', async () => {
    for (const f of [
      { keyword: '-10123' },
      { keyword: 'winter stock 2' },
      { keyword: '50%_' },
      { keyword: 'spring' },
      { overdue: true },
      { keyword: '봄', overdue: true },
      // the overdue filter's sums from the owed invoices' counts per due day (a range of registration days too),
      // and with items over the rows
      { overdue: true, startDate: '2026-01-20', endDate: '2026-02-10' },
      { overdue: true, orderTypes: ['consignment'] },
    ] as TInvoiceFilter[]) {
      const w = invoiceWhere(f, '2026-03-01');
      const { total } = await expectedList('buy_invoices', 'x.created_day desc, x.idx desc', w, undefined, 0, 1);
      expect(total, JSON.stringify(f)).toBeGreaterThan(0);
      for (const start of [0, 10, Math.floor(total / 2), Math.max(0, total - 3), total, total + 5]) {
        const want = await expectedList('buy_invoices', 'x.created_day desc, x.idx desc', w, f.keyword, start, 10);
        const got = await invoiceApi(f, start, 10);
        expect(
          got.dataset.map((r) => r.idx),
          `${JSON.stringify(f)} at ${start}`,
        ).toEqual(want.ids);
        if (got.dataset.length) expect(got.total_cnt, `${JSON.stringify(f)} total at ${start}`).toBe(want.total);
      }
      const got = await invoiceApi(f, 0, 10);
      const totals = await q<{ currency: string; cnt: number; amount: string }>(
        `select c.name as currency, count(*)::int as cnt, sum(x.amount)::text as amount from buy_invoices x join currencies c on c.idx = x.currency_idx
         where ${w.where} group by c.name order by c.name`,
      );
      // a lower bound has no sum: no totals then; an exact total has the exact sums
      expect(
        got.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: x.amount })),
        JSON.stringify(f),
      ).toEqual(got.total_at_least ? [] : totals.map((x) => ({ currency: x.currency, cnt: Number(x.cnt), amount: x.amount })));
    }
    // both ways of answering were taken: a common word from the walk (a lower bound), a rare one exactly
    expect((await invoiceApi({ keyword: 'spring' }, 0, 10)).total_at_least).toBe(true);
    // ('Winter stock 26x' lies past the walk's first 2,000 rows: found through the gram index, counted exactly)
    expect((await invoiceApi({ keyword: 'winter stock 26' }, 0, 10)).total_at_least).toBeUndefined();
    // the code is found as typed, and only the company's own
    const code = (await invoiceApi({ keyword: '-10123' }, 0, 10)).dataset.map((r) => r.code);
    expect(code).toHaveLength(1);
    expect(code[0]).toMatch(/^BI\d{8}-10123$/);
    expect((await invoiceApi({ keyword: code[0]!.toLowerCase() }, 0, 10)).dataset.map((r) => r.code)).toEqual(code);
    const theirs = await invoiceApi({ keyword: code[0]! }, 0, 10, tokenB);
    expect(theirs.total_cnt).toBe(0);
  });

  it('the overdue filter, every row marked overdue in the list and the dashboard counter equal SQL, today and after midnight without a write', async () => {
    for (const [clock, day] of [
      [NOW, '2026-03-01'],
      // 2026-03-16 00:30 in Seoul: the invoices due on 03-01 … 03-15 have become overdue, nothing was written
      ['2026-03-15T15:30:00Z', '2026-03-16'],
    ] as const) {
      await at(clock);
      const [c] = await q<{ n: number }>(
        `select count(*)::int as n from buy_invoices x where x.company_idx = ${a.idx} and ${OVERDUE(day)}`,
      );
      const want = Number(c!.n);
      expect(want).toBeGreaterThan(0);
      // asked twice: the second may be a kept answer, which must be this day's
      for (let i = 0; i < 2; i++) expect((await invoiceApi({ overdue: true }, 0, 10)).total_cnt, `${day} #${i}`).toBe(want);
      const counter = await t.inject(token, { method: 'GET', url: '/api/company/dashboard/overdueInvoiceCnt' });
      expect(counter.json<number>(), day).toBe(want);
      let marked = 0;
      for (let start = 0; start < N; start += 100) marked += (await invoiceApi({}, start, 100)).dataset.filter((r) => r.overdue).length;
      expect(marked, day).toBe(want);
      // every row of the filtered list is marked, and is owed
      const rows = (await invoiceApi({ overdue: true }, 0, 100)).dataset;
      expect(
        rows.every((r) => r.overdue && r.balance_state !== 'paid' && r.due_date < day),
        day,
      ).toBe(true);
    }
    await at(NOW);
  });

  it('the export honours the keyword and the overdue filter: the same invoices as the list, in its order', async () => {
    const f: TInvoiceFilter = { keyword: 'winter', overdue: true, startDate: '2026-01-15' };
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/calculate/exportBuyInvoiceSend',
      payload: { search_value: f, format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    const want = await q<{ code: string }>(
      `select x.code from buy_invoices x where ${invoiceWhere(f, '2026-03-01').where} order by x.created_day desc, x.idx desc`,
    );
    expect(want.length).toBeGreaterThan(0);
    const { rows, counted } = exportParts(records);
    expect(rows.map((r) => r[1])).toEqual(want.map((r) => r.code));
    // its total rows count the same invoices (the keyword and the overdue filter honoured there too)
    expect(counted).toBe(want.length);
  });

  it('the overdue count and totals follow writes to owed invoices (the counts per due day), and the counter agrees', async () => {
    const owed = await q<{ idx: number }>(
      `select x.idx from buy_invoices x where x.company_idx = ${a.idx} and ${OVERDUE('2026-03-01')} order by x.idx limit 4`,
    );
    expect(owed).toHaveLength(4);
    const [changed, partly, paid, gone] = owed.map((r) => r.idx);
    const [pay] = await q<{ idx: number }>(`select min(idx) as idx from buy_payments where company_idx = ${a.idx}`);
    await t.db.execute(`update buy_invoices set amount = amount + 0.01 where idx = ${changed}`); // same key, another sum
    await t.db.execute(`update buy_invoices set paid_amount = 1 where idx = ${partly}`); // still owed
    await t.db.execute(`update buy_invoices set buy_payment_idx = ${pay!.idx}, paid_amount = amount where idx = ${paid}`);
    await t.db.execute(`delete from buy_invoices where idx = ${gone}`);
    // a new one, overdue at once, and one moved to a later due day (still overdue) in the same statement as a paid one
    await t.db
      .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
      values (${a.idx}, 'BI-late-1', 'Late one', 'KOR', 'S', 'onCredit', (select idx from currencies where name = 'KRW'), 77.5, now(), '2026-02-01', '2026-02-20')`);
    await t.db.execute(
      `update buy_invoices set due_date = due_date + 1 where company_idx = ${a.idx} and idx in (${changed}, ${paid}) and due_date < '2026-02-27'`,
    );
    for (const f of [{ overdue: true }, { overdue: true, startDate: '2026-01-31', endDate: '2026-02-01' }] as TInvoiceFilter[]) {
      const w = invoiceWhere(f, '2026-03-01');
      const totals = await q<{ currency: string; cnt: number; amount: string }>(
        `select c.name as currency, count(*)::int as cnt, sum(x.amount)::text as amount from buy_invoices x join currencies c on c.idx = x.currency_idx
         where ${w.where} group by c.name order by c.name`,
      );
      const got = await invoiceApi(f, 0, 10);
      expect(got.total_cnt, JSON.stringify(f)).toBe(totals.reduce((n, x) => n + Number(x.cnt), 0));
      expect(
        got.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: x.amount })),
        JSON.stringify(f),
      ).toEqual(totals.map((x) => ({ currency: x.currency, cnt: Number(x.cnt), amount: x.amount })));
    }
    const counter = await t.inject(token, { method: 'GET', url: '/api/company/dashboard/overdueInvoiceCnt' });
    expect(counter.json<number>()).toBe((await invoiceApi({ overdue: true }, 0, 10)).total_cnt);
    // the kept counts equal the owed invoices grouped again from scratch, for every company
    const drift = await q<{ n: number }>(
      `select count(*)::int as n from (
         select company_idx, due_date, created_day, currency_idx, count(*)::int as cnt, sum(amount) as amount from buy_invoices
         where buy_payment_idx is null and amount > paid_amount group by 1, 2, 3, 4) want
       full join (select * from owed_invoice_counts where cnt <> 0 or amount <> 0) got using (company_idx, due_date, created_day, currency_idx)
       where want.cnt is distinct from got.cnt or want.amount is distinct from got.amount`,
    );
    expect(drift[0]!.n).toBe(0);
  });

  it('the owed invoice counts migration holds the triggers generated from OWED_INVOICE_COUNTS (counts.ts)', () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_owed_invoice_counts.sql'));
    expect(readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8')).toContain(countMigrationSql(OWED_INVOICE_COUNTS));
  });

  it('refuses an overdue that is not a boolean, a keyword over 100 characters and overdue on payments', async () => {
    for (const [url, f] of [
      ['buyInvoiceSend', { overdue: 'yes' }],
      ['buyInvoiceSend', { keyword: 'x'.repeat(101) }],
      ['buyPayment', { overdue: true }],
    ] as const) {
      const res = await t.inject(token, { method: 'GET', url: `/api/calculate/${url}?search_value=${sv(f)}` });
      expect(res.statusCode, JSON.stringify(f)).toBe(400);
    }
  });
});

// ── payments ─────────────────────────────────────────────────────────────────────────────────────
/** Each keyword and the amount it reads as (written here, not parsed): null when it is not an amount. */
const PAYMENT_KEYWORDS: [string, string | null][] = [
  ['1,234,000', '1234000'],
  ['1.234.000', '1234000'],
  ['1234000', '1234000'],
  ['1 234 000', '1234000'],
  ['1234000.00', '1234000'],
  ['12.50', '12.5'],
  ['12,5', '12.5'],
  ['1,234', '1234'],
  ['1234', '1234'],
  ['12.345', '12345'],
  ['7,777,777', '7777777'],
  ['7777777', '7777777'],
  ['1,23,4', null],
  ['kim', null],
  ['이영', null],
  ['park & sons 1', null],
  ['_50%', null],
  ['acme books 2599', null],
  ['$12', null],
];

function paymentWhere(f: TPaymentFilter, amount: string | null) {
  const conds = [`x.company_idx = ${a.idx}`];
  if (f.startDate) conds.push(`x.d_date >= date ${lit(f.startDate)}`);
  if (f.endDate) conds.push(`x.d_date <= date ${lit(f.endDate)}`);
  const others = conds.join(' and ');
  const hit = f.keyword ? `(x.d_name ilike ${like(f.keyword)}${amount === null ? '' : ` or x.d_payment = ${amount}`})` : 'true';
  return { others, where: `${others} and ${hit}`, hit };
}

async function paymentApi(f: TPaymentFilter, start: number, length: number, sort = '') {
  const res = await t.inject(token, {
    method: 'GET',
    url: `/api/calculate/buyPayment?start=${start}&length=${length}&search_value=${sv(f)}${sort}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBuyPaymentList>();
}

describe(`payment search by depositor or exact amount against SQL (${DB})`, () => {
  it('random keywords (names and amounts as five languages write them), dates and starts: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAYMENT_KEYWORDS),
        fc.option(fc.constantFrom('2026-01-20', '2026-02-10'), { nil: undefined }),
        fc.constantFrom(0, 0, 10, 300, 1990),
        async ([keyword, amount], startDate, start) => {
          const f: TPaymentFilter = { keyword, ...(startDate ? { startDate } : {}) };
          const want = await expectedList('buy_payments', 'x.d_date desc, x.idx desc', paymentWhere(f, amount), keyword, start, 10);
          const got = await paymentApi(f, start, 10);
          const what = JSON.stringify({ f, start });
          expect(
            got.dataset.map((r) => r.idx),
            what,
          ).toEqual(want.ids);
          if (got.dataset.length > 0 || start === 0) {
            expect(got.total_cnt, what).toBe(want.total);
            expect(got.total_at_least ?? false, what).toBe(want.atLeast);
          }
        },
      ),
      { numRuns: 40 },
    );
    // every keyword at the first page, and the amount found is that amount
    for (const [keyword, amount] of PAYMENT_KEYWORDS) {
      const want = await expectedList('buy_payments', 'x.d_date desc, x.idx desc', paymentWhere({ keyword }, amount), keyword, 0, 10);
      const got = await paymentApi({ keyword }, 0, 10);
      expect(
        got.dataset.map((r) => r.idx),
        keyword,
      ).toEqual(want.ids);
      expect(got.total_cnt, keyword).toBe(want.total);
      // by amount, smallest first (the name's and the amount's matches read apart and joined: a payment found both ways once)
      const byAmount = await expectedList('buy_payments', 'x.d_payment asc, x.idx asc', paymentWhere({ keyword }, amount), keyword, 0, 10);
      const sorted = await paymentApi({ keyword }, 0, 10, '&sort=d_payment&dir=asc');
      expect(
        sorted.dataset.map((r) => r.idx),
        keyword,
      ).toEqual(byAmount.ids);
      if (got.total_at_least) continue;
      // the per-currency totals of an exact total: count and exact sum of the matches
      const totals = await q<{ currency: string; cnt: number; amount: string }>(
        `select c.name as currency, count(*)::int as cnt, sum(x.d_payment)::text as amount from buy_payments x
         join currencies c on c.idx = x.currency_idx where ${paymentWhere({ keyword }, amount).where} group by c.name order by c.name`,
      );
      expect(
        got.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: x.amount })),
        keyword,
      ).toEqual(totals.map((x) => ({ currency: x.currency, cnt: Number(x.cnt), amount: x.amount })));
    }
    expect((await paymentApi({ keyword: 'kim' }, 0, 10)).total_at_least).toBe(true);
    const found = (await paymentApi({ keyword: '1,234,000' }, 0, 100)).dataset;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.d_payment === '1234000.00')).toBe(true);
  });

  it('the payment export honours the keyword', async () => {
    const f: TPaymentFilter = { keyword: '12,50' };
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/calculate/exportBuyPayment',
      payload: { search_value: f, format: 'csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    const want = await q<{ d_name: string }>(
      `select x.d_name from buy_payments x where ${paymentWhere(f, '12.5').where} order by x.d_date desc, x.idx desc`,
    );
    expect(want.length).toBeGreaterThan(0);
    const { rows, counted } = exportParts(records);
    expect(rows.map((r) => r[1])).toEqual(want.map((r) => r.d_name));
    expect(counted).toBe(want.length);
  });
});
