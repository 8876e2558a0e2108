import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBooksListFilter } from '@portal/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../db/client';
import { royaltyRule } from '../../db/schema';
import { COPYRIGHT_BOOKS_SUMMARY, ROYALTY_SUMMARY, ROYALTY_TOTALS, royaltyTotals } from '../../modules/copyright/copyright.repository';
import { createTestApp, type TestContext } from '../../test/helper';
import { COMPANY_BOOKS_SUMMARY, listCompanyBooks } from '../../modules/product/product.repository';
import { booksPage } from '../../modules/copyright/copyright.repository';
import type { DbOrTx } from '../../db/client';
import { INVOICE_SUMMARY, PAYMENT_SUMMARY, UNPAID_INVOICE_COUNTS, paymentPage } from '../../modules/settlement/settlement.repository';
import { BOARD_POST_COUNTS, BOARD_WRITER_COUNTS, HELP_FILE_COUNTS } from '../../modules/help/help.repository';
import { countMigrationSql } from './counts';
import { chooseGrams, gramStats, listGrams, refreshGramStats } from './grams';
import { rangeBounds, rangeParts } from './ranges';
import { summaryCoveringRows, summaryMigrationSql, summaryTriggerSql } from './summary';
import type { TestCompany } from '../../test/factories';
import { expectSummaryOfRows } from '../../test/summary-sums';

/**
 * Every spec §7 list against an oracle: a few hundred rows for two companies, and for several
 * filters and pages (first, middle, last, at and beyond the end) the API's dataset and total_cnt
 * must equal a plain `count(*)` / `ORDER BY … OFFSET … LIMIT` written here, apart from lib/lists
 * and the repositories.
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let token: string;
let tz: string;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const ids = (rows: { idx: number | string }[]) => rows.map((r) => Number(r.idx));

/** First, second, middle, last, exactly at the end and beyond it, for a list of `total` rows. */
function starts(total: number, length: number) {
  const last = total === 0 ? 0 : Math.floor((total - 1) / length) * length;
  return [...new Set([0, length, Math.floor(total / 2), last, Math.max(last - 1, 0), total, total + 7])];
}

beforeAll(async () => {
  t = await createTestApp();
  tz = t.config.timeZone;
  a = await t.createCompany();
  b = await t.createCompany();
  token = await t.login(a.id, a.password);
  for (const [co, n] of [
    [a.idx, 320],
    [b.idx, 180],
  ] as const) {
    // invoices: days over ~5 months, several per day, three currencies, six items, some paid below
    await t.db
      .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
      select ${co}, 'O-${co}-' || g, 'Invoice ' || g, 'KOR', 'S',
        (array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + (g * 7) % 6],
        (select idx from currencies where name = (array['KRW','USD','JPY'])[1 + g % 3]),
        (((g * 7919) % 100000) || '.' || lpad(((g * 37) % 100)::text, 2, '0'))::numeric,
        timestamptz '2026-01-01 03:00:00+00' + ((g * 13) % 150) * interval '1 day',
        date '2026-01-01' + (g * 13) % 150, date '2026-07-01'
      from generate_series(1, ${n}) g`);
    // payments: deposit days with repeats, each covering one invoice of the company
    await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
      select ${co}, 'Depositor ' || g, date '2026-02-01' + (g * 11) % 90,
        (select idx from currencies where name = (array['KRW','USD'])[1 + g % 2]), ((g * 100) || '.50')::numeric, 'cash'
      from generate_series(1, ${n}) g`);
    await t.db.execute(`insert into buy_payment_invoices (buy_payment_idx, buy_invoice_idx, amount)
      select p.idx, i.idx, i.amount from
        (select idx, row_number() over (order by idx) as rn from buy_payments where company_idx = ${co}) p
        join (select idx, amount, row_number() over (order by idx) as rn from buy_invoices where company_idx = ${co}) i on i.rn = p.rn
      where p.rn % 4 <> 0`);
    await t.db.execute(`update buy_invoices i set buy_payment_idx = pi.buy_payment_idx
      from buy_payment_invoices pi where pi.buy_invoice_idx = i.idx and i.company_idx = ${co} and i.idx % 3 = 0`);
    // copyright books: titles with repeated words, ISBN prefixes, publication days, both pay types
    await t.db
      .execute(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
      select ${co}, (array['Apple','Pear','Plum','Apple pie','Quince'])[1 + g % 5] || ' ' || lpad(((g * 37) % 101)::text, 3, '0'),
        (array['979','978'])[1 + g % 2] || lpad((${co} * 100000 + g)::text, 10, '0'),
        date '2020-01-01' + (g * 17) % 1500, ((g % 90 + 10) || '.00')::numeric, (array['KRW','USD'])[1 + g % 2],
        (array['sale','net'])[1 + (g / 3) % 2], ((5 + g % 10) || '.50')::numeric, timestamptz '2025-06-01 00:00:00+00' + g * interval '1 hour'
      from generate_series(1, ${Math.floor(n / 4)}) g`);
    // registered books: created over ~40 days around midnight in the app's zone
    await t.db.execute(`insert into company_books (company_idx, isbn13, title, author, list_price, currency, created_at)
      select ${co}, '979' || lpad((${co} * 1000000 + g * 7)::text, 10, '0'),
        (array['Moon','Sun','Star','Moonlight'])[1 + g % 4] || ' ' || g, 'Author ' || g, ((g * 10) || '.00')::numeric, 'KRW',
        timestamptz '2026-03-01 15:00:00+00' + g * interval '3 hours'
      from generate_series(1, ${n}) g`);
  }
  // royalty customers (shared) and lines of both companies' books: dates, customers, calculated or not
  await t.db.execute(`insert into royalty_customers (name, country)
    select 'Oracle Customer ' || (array['Alpha','Beta','Gamma','Delta'])[1 + g % 4] || ' ' || g, 'USA' from generate_series(1, 12) g`);
  await t.db
    .execute(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, royalty, created_at, buy_invoice_idx)
    select bk.company_idx, bk.idx,
      (select idx from royalty_customers where name like 'Oracle Customer %' order by idx offset (g + bk.idx) % 12 limit 1),
      ((g % 50 + 1) || '.25')::numeric, (array['KRW','USD'])[1 + (g + bk.idx) % 2], g % 7 + 1,
      ${royaltyRule(`((g % 50 + 1) || '.25')::numeric`, '(g % 7 + 1)', 'bk.rate')},
      timestamptz '2026-01-10 14:30:00+00' + ((g * 5 + bk.idx) % 60) * interval '1 day' + ((g * 7 + bk.idx) % 24) * interval '1 hour',
      case when g % 3 = 0 then (select min(idx) from buy_invoices where company_idx = bk.company_idx) end
    from copyright_books bk cross join generate_series(1, 6) g
    -- books without lines among them: the royalty list's walk passes them by
    where bk.idx % 5 <> 2`);
  // Q&A board: posts for two divisions, replies under some, comments on some
  await t.db.execute(`insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division)
    select (select idx from bbs_boards where name = 'qna'), (array['How to','Why','Where is','Refund'])[1 + g % 4] || ' ' || lpad(((g * 53) % 97)::text, 2, '0'),
      'c', (array['Kim','Lee','Park'])[1 + g % 3] || ' writer', ${a.idx}, 'company',
      case when g % 5 = 0 then array['PUB']::varchar[] else array['AUT','PUB']::varchar[] end
    from generate_series(1, 240) g`);
  await t.db.execute(
    `update bbs_posts set root_idx = idx, root_title = title, thread_path = lpad(idx::text, 10, '0') where root_idx is null`,
  );
  await t.db
    .execute(`insert into bbs_posts (board_idx, parent_idx, root_idx, root_title, re_level, title, content, name, registrant_idx, registrant_type, company_division)
    select board_idx, idx, root_idx, root_title, 1, 'Re: ' || title, 'r', 'Operator', 1, 'manager', company_division
    from bbs_posts where idx % 4 = 0`);
  await t.db.execute(`update bbs_posts r set thread_path = p.thread_path || '/' || lpad(r.idx::text, 10, '0')
    from bbs_posts p where r.parent_idx = p.idx and r.thread_path = ''`);
  await t.db.execute(`insert into bbs_comments (bbs_idx, name, content, registrant_idx, registrant_type)
    select p.idx, 'Kim', 'comment', ${a.idx}, 'company' from bbs_posts p cross join generate_series(1, 3) g where p.idx % 3 <= g - 1`);
  // help files of three customer types
  await t.db.execute(`insert into stored_files (upload_path, name, extension, size, mime, storage_key)
    select 'help', 'Guide ' || g, 'pdf', g * 100, 'application/pdf', 'oracle-help-' || g from generate_series(1, 90) g`);
  await t.db.execute(`insert into help_files (customer_type, stored_file_idx)
    select (array['company','user','non_member'])[1 + g % 3], f.idx
    from (select idx, row_number() over (order by idx) as g from stored_files where storage_key like 'oracle-help-%') f`);
});
afterAll(() => t.close());

async function api<T>(url: string) {
  const res = await t.inject(token, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

interface Listed {
  dataset: { idx: number; no?: number }[];
  total_cnt: number;
}

/** For every page of `starts`, the API's rows and total equal the oracle's. */
async function checkPages(
  name: string,
  oracleWhere: string,
  oracleFrom: string,
  order: string,
  url: (start: number, length: number) => string,
) {
  const [c] = await q<{ n: number }>(`select count(*)::int as n from ${oracleFrom} where ${oracleWhere}`);
  const total = Number(c!.n);
  for (const length of [10, 25]) {
    for (const start of starts(total, length)) {
      const want = await q<{ idx: number }>(
        `select x.idx from ${oracleFrom} where ${oracleWhere} order by ${order} offset ${start} limit ${length}`,
      );
      const got = await api<Listed>(url(start, length));
      expect(ids(got.dataset), `${name} start ${start} length ${length}`).toEqual(ids(want));
      if (got.dataset.length) {
        expect(got.total_cnt, `${name} total at ${start}`).toBe(total);
        if (got.dataset[0]!.no !== undefined) expect(got.dataset.map((r) => r.no)).toEqual(got.dataset.map((_, i) => start + i + 1));
      } else if (start === 0) expect(got.total_cnt, `${name} total of an empty list`).toBe(0);
    }
  }
  return total;
}

const itemsOf = (orderTypes: string[]) => orderTypes.flatMap((o) => (o === 'consignment' ? ['onCredit', 'consignment'] : [o]));
const inList = (xs: string[]) => xs.map((x) => `'${x}'`).join(',');

async function checkRoyalty() {
  const dayStart = (d: string) => `('${d}'::date)::timestamp at time zone '${tz}'`;
  const filters: { f: Record<string, string>; where: string }[] = [
    { f: {}, where: 'true' },
    {
      f: { startDate: '2026-01-20', endDate: '2026-02-10' },
      where: `x.created_at >= ${dayStart('2026-01-20')} and x.created_at < ${dayStart('2026-02-11')}`,
    },
    { f: { isbn: '978' }, where: `b.isbn like '978%'` },
    { f: { customerName: 'gamma' }, where: `x.customer_idx in (select idx from royalty_customers where name ilike '%gamma%')` },
    {
      f: { invoiceYn: 'Y', startDate: '2026-02-01' },
      where: `x.buy_invoice_idx is not null and x.created_at >= ${dayStart('2026-02-01')}`,
    },
    { f: { invoiceYn: 'N' }, where: 'x.buy_invoice_idx is null' },
    // whole February from the month sums, the other days from the day sums, the Seoul edges from the lines
    {
      f: { startDate: '2026-01-15', endDate: '2026-03-03', customerName: 'alpha' },
      where: `x.created_at >= ${dayStart('2026-01-15')} and x.created_at < ${dayStart('2026-03-04')}
          and x.customer_idx in (select idx from royalty_customers where name ilike '%alpha%')`,
    },
    {
      f: { startDate: '2026-02-05', endDate: '2026-02-05' },
      where: `x.created_at >= ${dayStart('2026-02-05')} and x.created_at < ${dayStart('2026-02-06')}`,
    },
    { f: { endDate: '2026-01-31' }, where: `x.created_at < ${dayStart('2026-02-01')}` },
    { f: { startDate: '2026-03-01' }, where: `x.created_at >= ${dayStart('2026-03-01')}` },
  ];
  for (const { f, where } of filters) {
    const w = `x.company_idx = ${a.idx} and ${where}`;
    const from = 'royalty_lines x join copyright_books b on b.idx = x.book_idx';
    await checkPages(
      `royalty ${JSON.stringify(f)}`,
      w,
      from,
      'b.title, b.idx, x.idx',
      (s, l) => `/api/copyright/royalty?start=${s}&length=${l}&search_value=${enc(f)}`,
    );
    const want = await q<{ currency: string; cnt: number; qty: string; royalty: string }>(
      `select x.currency, count(*)::int as cnt, sum(x.qty)::text as qty, sum(round(x.unit_price * x.qty * b.rate / 100, 2))::text as royalty
         from ${from} where ${w} group by x.currency order by x.currency`,
    );
    const got = await api<{ totals: { currency: string; cnt: number; qty: number; royalty: string }[] }>(
      `/api/copyright/royalty?start=0&length=5&search_value=${enc(f)}`,
    );
    expect(
      [...got.totals]
        .sort((p, r) => p.currency.localeCompare(r.currency))
        .map((x) => [x.currency.trim(), x.cnt, String(x.qty), Number(x.royalty).toFixed(2)]),
      `royalty totals ${JSON.stringify(f)}`,
    ).toEqual(want.map((x) => [x.currency.trim(), Number(x.cnt), x.qty, Number(x.royalty).toFixed(2)]));
  }
}

async function checkPayments() {
  const filters = [
    {},
    { startDate: '2026-02-20', endDate: '2026-03-31' },
    { startDate: '2026-02-05', endDate: '2026-04-12' },
    { startDate: '2026-03-10', endDate: '2026-03-10' },
    { startDate: '2026-03-01' },
    { endDate: '2026-03-15' },
    { orderTypes: ['prepayment'] },
    { startDate: '2026-02-10', orderTypes: ['consignment'] },
    { endDate: '2026-01-01' },
  ];
  for (const f of filters as { startDate?: string; endDate?: string; orderTypes?: string[] }[]) {
    const conds = [`x.company_idx = ${a.idx}`];
    if (f.startDate) conds.push(`x.d_date >= '${f.startDate}'`);
    if (f.endDate) conds.push(`x.d_date <= '${f.endDate}'`);
    if (f.orderTypes)
      conds.push(`x.idx in (select pi.buy_payment_idx from buy_payment_invoices pi join buy_invoices i on i.idx = pi.buy_invoice_idx
        where i.item in (${inList(itemsOf(f.orderTypes))}))`);
    await checkPages(
      `payments ${JSON.stringify(f)}`,
      conds.join(' and '),
      'buy_payments x',
      'x.d_date desc, x.idx desc',
      (s, l) => `/api/calculate/buyPayment?start=${s}&length=${l}&search_value=${enc(f)}`,
    );
  }
}

async function checkRegisteredBooks() {
  const dayStart = (d: string) => `('${d}'::date)::timestamp at time zone '${tz}'`;
  const between = (from: string, to: string) => `x.created_at >= ${dayStart(from)} and x.created_at < ${dayStart(to)}`;
  const filters: { f: Record<string, string>; where: string }[] = [
    { f: {}, where: 'true' },
    { f: { searchKey: 'title', keyword: 'moon' }, where: `x.title ilike '%moon%'` },
    { f: { searchKey: 'isbn', keyword: '77' }, where: `x.isbn13 like '%77%'` },
    { f: { startDate: '2026-03-05', endDate: '2026-03-20' }, where: between('2026-03-05', '2026-03-21') },
    // whole March (UTC) from the month sums, the other whole UTC days from the day sums, the edges from the books
    { f: { startDate: '2026-02-20', endDate: '2026-04-05' }, where: between('2026-02-20', '2026-04-06') },
    { f: { startDate: '2026-03-10', endDate: '2026-03-10' }, where: between('2026-03-10', '2026-03-11') },
    { f: { startDate: '2026-03-31' }, where: `x.created_at >= ${dayStart('2026-03-31')}` },
    { f: { endDate: '2026-03-01' }, where: `x.created_at < ${dayStart('2026-03-02')}` },
    {
      f: { searchKey: 'title', keyword: 'sun', startDate: '2026-03-03', endDate: '2026-03-25' },
      where: `x.title ilike '%sun%' and ${between('2026-03-03', '2026-03-26')}`,
    },
    // ranges far back in the newest-first order: their keys are read first (lib/lists readKeysFirst)
    { f: { startDate: '2026-03-02', endDate: '2026-03-06' }, where: between('2026-03-02', '2026-03-07') },
    { f: { endDate: '2026-03-12' }, where: `x.created_at < ${dayStart('2026-03-13')}` },
    {
      f: { searchKey: 'title', keyword: 'moon', startDate: '2026-03-01', endDate: '2026-03-08' },
      where: `x.title ilike '%moon%' and ${between('2026-03-01', '2026-03-09')}`,
    },
    // the contract's first and last days: nothing is left open by mistake
    { f: { startDate: '9999-12-31' }, where: 'false' },
    { f: { endDate: '0001-01-01' }, where: 'false' },
    { f: { startDate: '0001-01-01', endDate: '9999-12-30' }, where: 'true' },
  ];
  for (const { f, where } of filters)
    await checkPages(
      `registered books ${JSON.stringify(f)}`,
      `x.company_idx = ${a.idx} and ${where}`,
      'company_books x',
      'x.created_at desc, x.idx desc',
      (s, l) => `/api/product/booksList?start=${s}&length=${l}&search_value=${enc(f)}`,
    );
}

/** The copyright book list against the oracle, for filters with and without a search. */
async function checkBooks() {
  const filters: { f: Record<string, string>; where: string }[] = [
    { f: {}, where: 'true' },
    { f: { searchKey: 'title', keyword: 'apple' }, where: `x.title ilike '%apple%'` },
    { f: { searchKey: 'isbn', keyword: '979' }, where: `x.isbn like '979%'` },
    { f: { keyword: 'pie' }, where: `x.title ilike '%pie%'` },
    {
      f: { startDate: '2021-01-01', endDate: '2022-06-30', payType: 'net' },
      where: `x.publication_date between '2021-01-01' and '2022-06-30' and x.pay_type = 'net'`,
    },
    { f: { searchKey: 'title', keyword: 'nothing like it' }, where: 'false' },
  ];
  for (const { f, where } of filters)
    await checkPages(
      `books ${JSON.stringify(f)}`,
      `x.company_idx = ${a.idx} and ${where}`,
      'copyright_books x',
      'x.idx',
      (s, l) => `/api/company/copyright/books?start=${s}&length=${l}&search_value=${enc(f)}`,
    );
}

describe('lists against a plain count(*) / order by … offset … limit', () => {
  it('invoices (created_day desc, idx desc) with their per-currency totals', async () => {
    const filters = [
      {},
      { startDate: '2026-02-03', endDate: '2026-04-17' },
      { orderTypes: ['consignment'] },
      { startDate: '2026-05-01', orderTypes: ['prepayment'] },
    ];
    for (const f of filters as { startDate?: string; endDate?: string; orderTypes?: string[] }[]) {
      const conds = [`x.company_idx = ${a.idx}`];
      if (f.startDate) conds.push(`x.created_day >= '${f.startDate}'`);
      if (f.endDate) conds.push(`x.created_day <= '${f.endDate}'`);
      if (f.orderTypes) conds.push(`x.item in (${inList(itemsOf(f.orderTypes))})`);
      const where = conds.join(' and ');
      const total = await checkPages(
        `invoices ${JSON.stringify(f)}`,
        where,
        'buy_invoices x',
        'x.created_day desc, x.idx desc',
        (s, l) => `/api/calculate/buyInvoiceSend?start=${s}&length=${l}&search_value=${enc(f)}`,
      );
      expect(total).toBeGreaterThan(0);
      const totals = await q<{ currency: string; cnt: number; amount: string }>(
        `select c.name as currency, count(*)::int as cnt, sum(x.amount)::text as amount from buy_invoices x join currencies c on c.idx = x.currency_idx
         where ${where} group by c.name order by c.name`,
      );
      const got = await api<{ totals: { currency: string; cnt: number; amount: string }[] }>(
        `/api/calculate/buyInvoiceSend?start=0&length=5&search_value=${enc(f)}`,
      );
      expect(got.totals.map((x) => ({ currency: x.currency, cnt: x.cnt, amount: x.amount }))).toEqual(
        totals.map((x) => ({ currency: x.currency, cnt: Number(x.cnt), amount: x.amount })),
      );
    }
  });

  it('invoice counts and totals stay exact after inserts, day, item, currency and amount updates and deletes (summary tables)', async () => {
    await t.db
      .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
      select ${b.idx}, 'N-' || g, 'New ' || g, 'KOR', 'S', (array['prepayment','warehouse'])[1 + g % 2],
        (select idx from currencies where name = (array['KRW','JPY'])[1 + g % 2]), (g || '.10')::numeric,
        timestamptz '2026-01-30 03:00:00+00' + g * interval '2 days', date '2026-01-30' + g * 2, date '2026-07-01'
      from generate_series(1, 30) g`);
    await t.db.execute(
      `update buy_invoices set created_day = created_day + 33, item = 'warehouse' where company_idx = ${b.idx} and idx % 6 = 1`,
    );
    await t.db.execute(`update buy_invoices set amount = amount + 0.05, currency_idx = (select idx from currencies where name = 'USD')
      where company_idx = ${b.idx} and idx % 5 = 2`);
    await t.db.execute(`delete from buy_invoices i where i.company_idx = ${b.idx} and i.idx % 4 = 3 and i.buy_payment_idx is null
      and not exists (select 1 from buy_payment_invoices pi where pi.buy_invoice_idx = i.idx)
      and not exists (select 1 from royalty_lines r where r.buy_invoice_idx = i.idx)`);
    await expectSummaryOfRows(t.db, INVOICE_SUMMARY);
    const bToken = await t.login(b.id, b.password);
    for (const f of [{}, { startDate: '2026-02-03', endDate: '2026-04-17' }, { orderTypes: ['prepayment'] }]) {
      const conds = [`x.company_idx = ${b.idx}`];
      if ('startDate' in f) conds.push(`x.created_day between '${f.startDate}' and '${f.endDate}'`);
      if ('orderTypes' in f) conds.push(`x.item = 'prepayment'`);
      const [c] = await q<{ n: number }>(`select count(*)::int as n from buy_invoices x where ${conds.join(' and ')}`);
      for (const start of [0, 30, 100]) {
        const want = await q<{ idx: number }>(
          `select x.idx from buy_invoices x where ${conds.join(' and ')} order by x.created_day desc, x.idx desc offset ${start} limit 10`,
        );
        const res = await t.inject(bToken, {
          method: 'GET',
          url: `/api/calculate/buyInvoiceSend?start=${start}&length=10&search_value=${enc(f)}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const got = res.json<{ dataset: { idx: number }[]; total_cnt: number }>();
        expect(ids(got.dataset), `invoices of b ${JSON.stringify(f)} at ${start}`).toEqual(ids(want));
        expect(got.total_cnt).toBe(Number(c!.n));
      }
    }
  });

  it("invoices and payments at the contract's first and last days (read in UTC: whole days, nothing left open)", async () => {
    const cases: { f: Record<string, string>; where: string }[] = [
      { f: { startDate: '9999-12-31' }, where: `x.DAY >= '9999-12-31'` },
      { f: { startDate: '9999-12-30', endDate: '9999-12-30' }, where: `x.DAY = '9999-12-30'` },
      { f: { endDate: '0001-01-01' }, where: `x.DAY <= '0001-01-01'` },
      { f: { startDate: '0001-01-02', endDate: '0001-03-01' }, where: `x.DAY between '0001-01-02' and '0001-03-01'` },
      { f: { startDate: '0001-01-01', endDate: '9999-12-30' }, where: `x.DAY <= '9999-12-30'` },
      { f: { startDate: '2026-02-01', endDate: '9999-12-30' }, where: `x.DAY between '2026-02-01' and '9999-12-30'` },
    ];
    // one invoice and one payment on each of those days (company b), which an open bound would wrongly count
    for (const d of ['0001-01-01', '0001-01-02', '0001-02-15', '9999-12-30', '9999-12-31']) {
      await t.db
        .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
        values (${b.idx}, 'EDGE-${d}', 'Edge', 'KOR', 'S', 'warehouse', (select idx from currencies where name = 'KRW'), 1.5, now(), '${d}', '${d}')`);
      await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
        values (${b.idx}, 'Edge', '${d}', (select idx from currencies where name = 'KRW'), 2.5, 'cash')`);
    }
    const bToken = await t.login(b.id, b.password);
    for (const { f, where } of cases)
      for (const [table, day, url] of [
        ['buy_invoices', 'created_day', 'buyInvoiceSend'],
        ['buy_payments', 'd_date', 'buyPayment'],
      ] as const) {
        const w = `x.company_idx = ${b.idx} and ${where.replace('DAY', day)}`;
        const [c] = await q<{ n: number }>(`select count(*)::int as n from ${table} x where ${w}`);
        for (const start of [0, 3]) {
          const want = await q<{ idx: number }>(
            `select x.idx from ${table} x where ${w} order by x.${day} desc, x.idx desc offset ${start} limit 3`,
          );
          const res = await t.inject(bToken, {
            method: 'GET',
            url: `/api/calculate/${url}?start=${start}&length=3&search_value=${enc(f)}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const got = res.json<Listed>();
          expect(ids(got.dataset), `${table} ${JSON.stringify(f)} at ${start}`).toEqual(ids(want));
          if (got.dataset.length) expect(got.total_cnt, `${table} ${JSON.stringify(f)} total`).toBe(Number(c!.n));
        }
      }
    await t.db.execute(`delete from buy_invoices where company_idx = ${b.idx} and code like 'EDGE-%'`);
    await t.db.execute(`delete from buy_payments where company_idx = ${b.idx} and d_name = 'Edge'`);
  });

  it('payments (d_date desc, idx desc), also filtered by the items of the invoices they covered', async () => {
    await checkPayments();
  });

  it('payment counts stay exact after inserts, date, currency and amount updates and deletes (summary tables)', async () => {
    await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
      select ${a.idx}, 'Late ' || g, date '2026-01-25' + g * 3,
        (select idx from currencies where name = (array['KRW','USD','JPY'])[1 + g % 3]), (g || '.25')::numeric, 'cash'
      from generate_series(1, 40) g`);
    await t.db.execute(`update buy_payments set d_date = d_date + 17, d_payment = d_payment + 1
      where company_idx = ${a.idx} and idx % 5 = 1`);
    await t.db.execute(`update buy_payments set currency_idx = (select idx from currencies where name = 'JPY')
      where company_idx = ${a.idx} and idx % 7 = 2`);
    await t.db.execute(`delete from buy_payments p where p.company_idx = ${a.idx} and p.idx % 3 = 0
      and not exists (select 1 from buy_payment_invoices pi where pi.buy_payment_idx = p.idx)
      and not exists (select 1 from buy_invoices i where i.buy_payment_idx = p.idx)`);
    await expectSummaryOfRows(t.db, PAYMENT_SUMMARY);
    await checkPayments();
  });

  it('copyright books (number order), by title, ISBN, publication day and pay type', async () => {
    await checkBooks();
  });

  it('copyright book counts stay exact after inserts, publication day and pay type changes and deletes (summary tables)', async () => {
    await t.db.execute(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
      select ${a.idx}, 'Counted ' || g, '97911' || lpad(g::text, 8, '0'), date '2021-06-29' + g, 1000, 'KRW',
        case when g % 2 = 0 then 'sale' else 'net' end, 10
      from generate_series(1, 30) g`);
    await t.db.execute(`update copyright_books set publication_date = publication_date + 40 where title like 'Counted 1%'`);
    await t.db.execute(`update copyright_books set pay_type = 'sale', rate = 12 where title like 'Counted 2%'`);
    await t.db.execute(`delete from copyright_books where title like 'Counted 3%'`);
    await expectSummaryOfRows(t.db, COPYRIGHT_BOOKS_SUMMARY);
    await checkBooks();
  });
  it('copyright books: a publication range whose many matches come last in the number order (the walk gives up, the matches are sorted)', async () => {
    // publication day follows the number, as when books are registered as they come out: a range of the latest
    // books has its matches at the far end of the number order. More than 2,000 match (lib/lists FEW_ROWS): the
    // order is walked as far as the matches' count, then they are sorted; every page must still be the oracle's
    const c = await t.createCompany();
    await t.db.execute(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
      select ${c.idx}, 'Late ' || g, '97912' || lpad(g::text, 8, '0'), date '2001-01-01' + g, 1000, 'KRW',
        case when g % 3 = 0 then 'sale' else 'net' end, 10
      from generate_series(1, 9000) g`);
    const day = (g: number) => new Date(Date.UTC(2001, 0, 1) + g * 86_400_000).toISOString().slice(0, 10);
    const saved = token;
    token = await t.login(c.id, c.password);
    try {
      for (const [f, where] of [
        [{ startDate: day(6501) }, `x.publication_date >= '${day(6501)}'`], // 2,500 matches, none in the walk's 4,096 rows
        [{ startDate: day(4001) }, `x.publication_date >= '${day(4001)}'`], // 5,000: the walk's 8,192 rows hold the first 4,192
        [{ startDate: day(2500), payType: 'sale' }, `x.publication_date >= '${day(2500)}' and x.pay_type = 'sale'`], // spread
      ] as const)
        expect(
          await checkPages(
            `late books ${JSON.stringify(f)}`,
            `x.company_idx = ${c.idx} and ${where}`,
            'copyright_books x',
            'x.idx',
            (s, l) => `/api/company/copyright/books?start=${s}&length=${l}&search_value=${enc(f)}`,
          ),
        ).toBeGreaterThan(2000);
    } finally {
      token = saved;
    }
  });

  it('royalty lines (book title, book, line) with per-currency count, quantity and royalty', async () => {
    await checkRoyalty();
  });

  it('royalty totals of ranges in a zone half an hour off the hour (+05:30): whole days from the sums, the partial UTC days from the lines', async () => {
    for (const f of [
      { startDate: '2026-01-20', endDate: '2026-02-10' },
      { startDate: '2026-02-05', endDate: '2026-02-05', invoiceYn: 'N' as const },
      { startDate: '2026-01-31', invoiceYn: 'Y' as const },
      { endDate: '2026-02-01' },
    ]) {
      const conds = [`x.company_idx = ${a.idx}`];
      if (f.startDate) conds.push(`x.created_at >= ('${f.startDate}'::date)::timestamp at time zone 'Asia/Kolkata'`);
      if (f.endDate) conds.push(`x.created_at < ('${f.endDate}'::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
      if ('invoiceYn' in f) conds.push(`x.buy_invoice_idx is ${f.invoiceYn === 'Y' ? 'not ' : ''}null`);
      const want = await q<{ currency: string; cnt: number; qty: string; royalty: string }>(
        `select x.currency, count(*)::int as cnt, sum(x.qty)::text as qty, sum(round(x.unit_price * x.qty * b.rate / 100, 2))::text as royalty
         from royalty_lines x join copyright_books b on b.idx = x.book_idx where ${conds.join(' and ')} group by 1 order by 1`,
      );
      const got = await royaltyTotals(t.db, { companyIdx: a.idx, filter: f, customerIdxs: null, timeZone: 'Asia/Kolkata' });
      expect(want.length, JSON.stringify(f)).toBeGreaterThan(0);
      expect(
        got.map((x) => [x.currency, x.cnt, String(x.qty), x.royalty]),
        JSON.stringify(f),
      ).toEqual(want.map((x) => [x.currency, Number(x.cnt), x.qty, x.royalty]));
    }
  });

  it('royalty counts and totals stay exact after inserts, calculations, rate changes and deletes (summary tables)', async () => {
    const [book] = await q<{ idx: number }>(`select idx from copyright_books where company_idx = ${a.idx} order by idx offset 3 limit 1`);
    await t.db.execute(`update copyright_books set rate = rate + 1.25 where company_idx = ${a.idx} and idx % 4 = 1`);
    // renamed books move their lines in the title order (royalty_lines.book_title follows the book: migration 0065)
    await t.db.execute(`update copyright_books set title = case when idx % 2 = 0 then 'Zest ' else 'Aardvark ' end || title
      where company_idx = ${a.idx} and idx % 6 = 1`);
    await t.db.execute(`update royalty_lines set buy_invoice_idx = (select min(idx) from buy_invoices where company_idx = ${a.idx})
      where company_idx = ${a.idx} and idx % 5 = 2 and buy_invoice_idx is null`);
    // a writer of a line's copies, price or book writes its royalty too (royalty_lines.royalty)
    await t.db.execute(
      `update royalty_lines r set qty = r.qty + 2, royalty = ${royaltyRule('r.unit_price', '(r.qty + 2)', 'b.rate')},
        created_at = r.created_at + interval '20 hours' from copyright_books b where b.idx = r.book_idx and r.company_idx = ${a.idx} and r.idx % 7 = 3`,
    );
    await t.db.execute(`delete from royalty_lines where company_idx = ${a.idx} and idx % 11 = 4`);
    await t.db.execute(`delete from copyright_books where idx = ${book!.idx}`);
    // a book loses every line, another's lines move to a book that had none
    const sold = `exists (select 1 from royalty_lines r where r.book_idx = b.idx)`;
    const [gone, moved] = await q<{ idx: number }>(
      `select b.idx from copyright_books b where b.company_idx = ${a.idx} and ${sold} order by b.title, b.idx limit 2`,
    );
    const [bare] = await q<{ idx: number }>(
      `select b.idx from copyright_books b where b.company_idx = ${a.idx} and not ${sold} order by b.idx limit 1`,
    );
    await t.db.execute(`delete from royalty_lines where book_idx = ${gone!.idx}`);
    await t.db.execute(`update royalty_lines r set book_idx = b.idx, royalty = ${royaltyRule('r.unit_price', 'r.qty', 'b.rate')}
      from copyright_books b where b.idx = ${bare!.idx} and r.book_idx = ${moved!.idx}`);
    await t.db.execute(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, royalty, created_at)
      select company_idx, idx, (select min(idx) from royalty_customers), 3.33, 'USD', 2, ${royaltyRule('3.33', '2', 'rate')}, timestamptz '2026-02-02 15:00:00+00' + (idx % 30) * interval '1 hour'
      from copyright_books where company_idx = ${a.idx}`);
    const [sums] = await q<{ n: number }>(`select count(*)::int as n from royalty_line_day_sums where company_idx = ${a.idx} and cnt < 0`);
    expect(Number(sums!.n)).toBe(0);
    const [stale] = await q<{ n: number }>(
      `select count(*)::int as n from royalty_lines r join copyright_books b on b.idx = r.book_idx where r.book_title <> b.title`,
    );
    expect(Number(stale!.n)).toBe(0);
    // the rollup without the book equals the royalty summary's day rows added up (which checkRoyalty holds to the lines)
    await expectSummaryOfRows(t.db, ROYALTY_TOTALS);
    await checkRoyalty();
  });

  it('royalty lines: a book with more lines than a page reaches (each book gives the page at most start + length lines)', async () => {
    const [first] = await q<{ idx: number }>(`select b.idx from copyright_books b where b.company_idx = ${a.idx}
      and exists (select 1 from royalty_lines r where r.book_idx = b.idx) order by b.title, b.idx limit 1`);
    await t.db.execute(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, royalty, created_at)
      select ${a.idx}, ${first!.idx}, (select min(idx) from royalty_customers), 2.5, 'KRW', 1,
        ${royaltyRule('2.5', '1', `(select rate from copyright_books where idx = ${first!.idx})`)}, timestamptz '2026-02-01 00:00:00+00' + g * interval '1 hour'
      from generate_series(1, 150) g`);
    const from = 'royalty_lines x join copyright_books b on b.idx = x.book_idx';
    for (const [start, length] of [
      [0, 10],
      [10, 10],
      [55, 10],
      [60, 25],
      [63, 1],
      [64, 10],
      [120, 25],
      [150, 10],
    ] as const) {
      const want = await q<{ idx: number }>(
        `select x.idx from ${from} where x.company_idx = ${a.idx} order by b.title, b.idx, x.idx offset ${start} limit ${length}`,
      );
      const got = await api<Listed>(`/api/copyright/royalty?start=${start}&length=${length}`);
      expect(ids(got.dataset), `start ${start} length ${length}`).toEqual(ids(want));
      expect(got.dataset.length).toBe(length);
    }
    await checkRoyalty();
  });

  it('registered books (newest first), by title, ISBN digits and registration day in the app time zone', async () => {
    await checkRegisteredBooks();
  });

  it('registered books: a range far back, a recent one and none page newest first from where the range ends', async () => {
    const read = async (f: Partial<TBooksListFilter>, start: number) => {
      const filter = { searchKey: 'title', keyword: '', ...f } as TBooksListFilter;
      const out = await listCompanyBooks(t.db, a.idx, filter, { start, length: 10 }, tz);
      return out.rows.map((r) => r.idx);
    };
    for (const [f, start] of [
      [{ startDate: '2026-03-02', endDate: '2026-03-06' }, 0],
      [{ startDate: '2026-03-02', endDate: '2026-03-06' }, 20],
      [{ endDate: '2026-03-12' }, 30],
      [{ startDate: '2026-03-30' }, 0],
      [{}, 100],
    ] as const) {
      const conds = [`company_idx = ${a.idx}`];
      if ('startDate' in f) conds.push(`created_at >= ('${f.startDate}'::date)::timestamp at time zone '${tz}'`);
      if ('endDate' in f) conds.push(`created_at < ('${f.endDate}'::date + 1)::timestamp at time zone '${tz}'`);
      const want = await q<{ idx: number }>(
        `select idx from company_books where ${conds.join(' and ')} order by created_at desc, idx desc offset ${start} limit 10`,
      );
      const got = await read(f, start);
      expect(got, `${JSON.stringify(f)} at ${start}`).toEqual(ids(want));
      expect(got.length).toBeGreaterThan(0);
    }
  });

  it('registered-book counts stay exact after inserts, registration-time updates and deletes (summary tables)', async () => {
    await t.db.execute(`insert into company_books (company_idx, isbn13, title, author, list_price, currency, created_at)
      select ${a.idx}, '978' || lpad((${a.idx} * 1000000 + g * 11)::text, 10, '0'), 'Comet ' || g, 'Author ' || g, 1, 'KRW',
        timestamptz '2026-02-27 13:00:00+00' + g * interval '7 hours'
      from generate_series(1, 60) g`);
    await t.db.execute(
      `update company_books set created_at = created_at + interval '30 hours' where company_idx = ${a.idx} and idx % 6 = 1`,
    );
    await t.db.execute(`delete from company_books where company_idx = ${a.idx} and idx % 9 = 4`);
    await expectSummaryOfRows(t.db, COMPANY_BOOKS_SUMMARY);
    await checkRegisteredBooks();
  });

  it('Q&A board (thread title, thread, reply order) with each row’s comment count, and the search box', async () => {
    const board = `x.board_idx = (select idx from bbs_boards where name = 'qna') and 'AUT' = any(x.company_division)`;
    for (const search of ['', 'why', 'park', 'Re: How', 'zzz']) {
      const where = search ? `${board} and (x.title ilike '%${search}%' or x.name ilike '%${search}%')` : board;
      const url = (s: number, l: number) => `/api/help/bbs/qna?start=${s}&length=${l}&search_value=${encodeURIComponent(search)}`;
      await checkPages(`qna "${search}"`, where, 'bbs_posts x', 'x.root_title, x.root_idx, x.thread_path', url);
      const want = await q<{ idx: number; n: number }>(
        `select x.idx, (select count(*) from bbs_comments c where c.bbs_idx = x.idx)::int as n from bbs_posts x where ${where}
         order by x.root_title, x.root_idx, x.thread_path offset 20 limit 25`,
      );
      const got = await api<{ dataset: { idx: number; comment_cnt: number }[] }>(url(20, 25));
      expect(got.dataset.map((r) => [r.idx, r.comment_cnt])).toEqual(want.map((r) => [Number(r.idx), Number(r.n)]));
    }
  });

  it('searches of several grams after an ANALYZE ask only the grams worth asking (lib/lists/grams.ts), and answer the same', async () => {
    await t.db.execute(`analyze copyright_books`);
    await t.db.execute(`analyze company_books`);
    await t.db.execute(`analyze bbs_posts`);
    await refreshGramStats(t.db);
    const qna = Number((await q<{ idx: number }>(`select idx from bbs_boards where name = 'qna'`))[0]!.idx);
    const cases = [
      { index: 'copyright_books_title_grams', owner: a.idx, keyword: 'Apple pie 01' },
      { index: 'company_books_title_grams', owner: a.idx, keyword: 'Moonlight 12' },
      { index: 'bbs_posts_title_grams', owner: qna, keyword: 'Where is 1' },
    ];
    // each keyword asks fewer grams than it has: the statistics were read and weighed
    for (const c of cases) {
      const grams = listGrams(c.owner, c.keyword, 4);
      expect(chooseGrams(grams, gramStats(c.index))?.length ?? grams.length, c.keyword).toBeLessThan(grams.length);
    }
    for (const keyword of ['Apple pie 01', 'apple p', 'le pie 0']) {
      const f = { searchKey: 'title', keyword };
      const found = await checkPages(
        `books ${keyword}`,
        `x.company_idx = ${a.idx} and x.title ilike '%${keyword}%'`,
        'copyright_books x',
        'x.idx',
        (s, l) => `/api/company/copyright/books?start=${s}&length=${l}&search_value=${enc(f)}`,
      );
      expect(found, keyword).toBeGreaterThan(0);
    }
    for (const keyword of ['Moonlight 12', 'oonlight 1', 'Sun 10']) {
      const f = { searchKey: 'title', keyword };
      const found = await checkPages(
        `registered books ${keyword}`,
        `x.company_idx = ${a.idx} and x.title ilike '%${keyword}%'`,
        'company_books x',
        'x.created_at desc, x.idx desc',
        (s, l) => `/api/product/booksList?start=${s}&length=${l}&search_value=${enc(f)}`,
      );
      expect(found, keyword).toBeGreaterThan(0);
    }
    for (const search of ['Park writer', 'Refund 1', 'ere is 3', 'Where is 1']) {
      const found = await checkPages(
        `qna "${search}"`,
        `x.board_idx = ${qna} and 'AUT' = any(x.company_division) and (x.title ilike '%${search}%' or x.name ilike '%${search}%')`,
        'bbs_posts x',
        'x.root_title, x.root_idx, x.thread_path',
        (s, l) => `/api/help/bbs/qna?start=${s}&length=${l}&search_value=${encodeURIComponent(search)}`,
      );
      expect(found, search).toBeGreaterThan(0);
    }
  });

  it("help files (number order) of the caller's customer type, paged; another type's are not listed", async () => {
    const where = `x.customer_type = 'company' and x.stored_file_idx in (select idx from stored_files where upload_path = 'help')`;
    const [c] = await q<{ n: number }>(`select count(*)::int as n from help_files x where ${where}`);
    const total = Number(c!.n);
    expect(total).toBeGreaterThan(20);
    for (const length of [10, 25])
      for (const start of starts(total, length)) {
        const want = await q<{ idx: number }>(
          `select x.idx from help_files x where ${where} order by x.idx offset ${start} limit ${length}`,
        );
        const got = await api<{ idx: number; total_cnt: number }[]>(
          `/api/help/getAllFiles?customer_type=company&start=${start}&length=${length}`,
        );
        expect(ids(got), `help files at ${start}`).toEqual(ids(want));
        for (const r of got) expect(r.total_cnt).toBe(total);
      }
    expect(await api<unknown[]>('/api/help/getAllFiles?customer_type=user&start=0&length=10')).toEqual([]);
  });

  it('board and help file counts stay exact after inserts, board, division and view changes and deletes (count tables)', async () => {
    const checkCounts = async () => {
      const boards = `select board_idx, division, count(*)::int as n from bbs_posts r
        cross join lateral (select distinct unnest(r.company_division) as division) d group by 1, 2 order by 1, 2`;
      expect(await q(`select board_idx, division, cnt as n from bbs_post_counts where cnt <> 0 order by 1, 2`)).toEqual(await q(boards));
      const writers = `select board_idx, division, name, count(*)::int as n from bbs_posts r
        cross join lateral (select distinct unnest(r.company_division) as division) d group by 1, 2, 3 order by 1, 2, 3`;
      expect(await q(`select board_idx, division, name, cnt as n from bbs_writer_counts where cnt <> 0 order by 1, 2, 3`)).toEqual(
        await q(writers),
      );
      const files = `select customer_type, count(*)::int as n from help_files group by 1 order by 1`;
      expect(await q(`select customer_type, cnt as n from help_file_counts where cnt <> 0 order by 1`)).toEqual(await q(files));
      // and what the lists answer: the qna board's and the company help files' total_cnt
      const [posts] = await q<{ n: number }>(
        `select count(*)::int as n from bbs_posts where board_idx = (select idx from bbs_boards where name = 'qna') and 'AUT' = any(company_division)`,
      );
      expect((await api<{ total_cnt: number }>('/api/help/bbs/qna?start=0&length=5&search_value=')).total_cnt).toBe(Number(posts!.n));
      const [helps] = await q<{ n: number }>(`select count(*)::int as n from help_files where customer_type = 'company'`);
      const got = await api<{ total_cnt: number }[]>('/api/help/getAllFiles?customer_type=company&start=0&length=5');
      expect(got[0]?.total_cnt ?? 0).toBe(Number(helps!.n));
    };
    await checkCounts();
    // a division named twice counts once; several divisions count once each
    await t.db
      .execute(`insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division, root_title)
      select (select idx from bbs_boards where name = (array['qna','notice'])[1 + g % 2]), 'Count ' || g, 'c', 'Lee', 1, 'manager',
        case g % 3 when 0 then array['AUT','AUT'] when 1 then array['AUT','PUB'] else array['PUB'] end::varchar[], 'Count ' || g
      from generate_series(1, 40) g`);
    await checkCounts();
    await t.db.execute(`update bbs_posts set view_count = view_count + 1 where title like 'Count %'`);
    await t.db.execute(`update bbs_posts set company_division = array['PUB']::varchar[] where title like 'Count 1%'`);
    await t.db.execute(`update bbs_posts set board_idx = (select idx from bbs_boards where name = 'notice') where title like 'Count 2%'`);
    await t.db.execute(`update bbs_posts set name = 'Moon' where title like 'Count 4%'`);
    await t.db.execute(`delete from bbs_posts where title like 'Count 3%'`);
    await checkCounts();
    await t.db.execute(`insert into stored_files (upload_path, name, extension, size, mime, storage_key)
      select 'help', 'Count ' || g, 'pdf', 10, 'application/pdf', 'oracle-count-' || g from generate_series(1, 12) g`);
    await t.db.execute(`insert into help_files (customer_type, stored_file_idx)
      select (array['company','user','non_member'])[1 + idx % 3], idx from stored_files where storage_key like 'oracle-count-%'`);
    await t.db.execute(`update help_files set customer_type = 'user' where idx % 5 = 0`);
    await t.db.execute(`delete from help_files where idx % 7 = 0`);
    await checkCounts();
  });

  it('the dashboard counters equal plain counts of the company’s rows', async () => {
    const [unpaid] = await q<{ n: number }>(
      `select count(*)::int as n from buy_invoices where company_idx = ${a.idx} and buy_payment_idx is null`,
    );
    const [books] = await q<{ n: number }>(`select count(*)::int as n from copyright_books where company_idx = ${a.idx}`);
    expect(await api<number>('/api/company/dashboard/unpaidInvoiceCnt')).toBe(Number(unpaid!.n));
    expect(await api<number>('/api/company/dashboard/copyrightBooksCnt')).toBe(Number(books!.n));
    expect(Number(unpaid!.n)).toBeGreaterThan(0);
  });

  it('unpaid invoice counts stay exact as invoices are paid, unpaid, added and deleted (count table)', async () => {
    const check = async () =>
      expect(await q(`select company_idx, cnt as n from unpaid_invoice_counts where cnt <> 0 order by 1`)).toEqual(
        await q(`select company_idx, count(*)::int as n from buy_invoices where buy_payment_idx is null group by 1 order by 1`),
      );
    await check();
    const [pay] = await q<{ idx: number }>(`select idx from buy_payments where company_idx = ${a.idx} order by idx limit 1`);
    await t.db.execute(`update buy_invoices set buy_payment_idx = ${pay!.idx} where company_idx = ${a.idx} and idx % 5 = 0`);
    await t.db.execute(`update buy_invoices set buy_payment_idx = null where company_idx = ${a.idx} and idx % 15 = 0`);
    await t.db.execute(`update buy_invoices set title = title || '.' where company_idx = ${b.idx}`);
    await t.db.execute(`delete from buy_invoices where company_idx = ${b.idx} and idx % 7 = 0 and buy_payment_idx is null`);
    await check();
    expect(await api<number>('/api/company/dashboard/unpaidInvoiceCnt')).toBe(
      Number(
        (await q<{ n: number }>(`select count(*)::int as n from buy_invoices where company_idx = ${a.idx} and buy_payment_idx is null`))[0]!
          .n,
      ),
    );
  });
});

describe('a page’s rows read through the company', () => {
  it('registered books, payments and copyright books join their page’s rows on the company first (an index led by it can serve them), not on the number alone', async () => {
    // the statements a list sends, as built (text and parameters), through a db that records them
    const sent: { sql: string; params: unknown[] }[] = [];
    const recording = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          sent.push(new PgDialect().sqlToQuery(query));
          return target.execute(query);
        };
      },
    }) as DbOrTx;
    await listCompanyBooks(recording, a.idx, { searchKey: 'title', keyword: '' }, { start: 0, length: 10 }, tz);
    await paymentPage(recording, a.idx, {}, null, { start: 0, length: 10 }, () => Promise.resolve(0));
    await booksPage(recording, a.idx, { searchKey: 'title', keyword: '' }, 0, 10);
    const pages = sent.filter((s) => s.sql.includes('page as materialized'));
    expect(pages).toHaveLength(3);
    // Which index a plan takes over a few hundred rows is the planner's choice (it took the primary key for the
    // keys too once other tests had written); what the list decides is the join: the company named first, so that
    // an index led by it can serve the rows (beside 10M rows, the bench's plans take it: lib/lists PageQuery.columns)
    for (const [i, table] of ['company_books', 'buy_payments', 'copyright_books'].entries()) {
      const join = new RegExp(`from page join ${table} (\\w+) on \\1\\.company_idx = \\$(\\d+) and `).exec(pages[i]!.sql);
      expect(join, pages[i]!.sql).not.toBeNull();
      expect(pages[i]!.params[Number(join![2]) - 1]).toBe(a.idx);
    }
  });
});

describe('ranges', () => {
  it("a date column's range (UTC, computed without the database) equals the database's reading of the same days", async () => {
    const days = ['0001-01-01', '0001-01-02', '0001-02-28', '2024-02-29', '2026-03-01', '2026-12-31', '9999-12-30', '9999-12-31'];
    for (const s of [undefined, ...days])
      for (const e of [undefined, ...days]) {
        if (!s && !e) continue;
        // 'Etc/UTC' is the same zone under another name: it takes the database's path
        expect(await rangeBounds(t.db, s, e, 'UTC'), `${s}…${e}`).toEqual(await rangeBounds(t.db, s, e, 'Etc/UTC'));
      }
  });
});

describe('ranges in a time zone', () => {
  it('whole months and days are read from the sums, the partial UTC days at each end from the rows', async () => {
    const dialect = new PgDialect();
    const read = async (zone: string) => {
      const slivers: unknown[][] = [];
      const parts = rangeParts(await rangeBounds(t.db, '2026-01-20', '2026-02-10', zone), {
        table: 'company_book',
        columns: sql`s.cnt`,
        where: sql`true`,
        at: sql`r.created_at`,
        rows: (instants) => {
          slivers.push(dialect.sqlToQuery(instants).params);
          return sql`select 1 as cnt`;
        },
      });
      return { tables: parts.map((p) => /from (\w+_sums)/.exec(dialect.sqlToQuery(p).sql)?.[1] ?? 'rows'), slivers };
    };
    // the whole month, then the whole days before it and those after it (each one range of the day sums' key)
    const sums = ['company_book_month_sums', 'company_book_day_sums', 'company_book_day_sums'];
    expect(await read('Asia/Seoul')).toEqual({
      tables: [...sums, 'rows'],
      slivers: [['2026-01-19T15:00:00Z', '2026-01-20T00:00:00Z', '2026-02-10T00:00:00Z', '2026-02-10T15:00:00Z']],
    });
    expect(await read('Asia/Kolkata')).toEqual({
      tables: [...sums, 'rows'],
      slivers: [['2026-01-19T18:30:00Z', '2026-01-20T00:00:00Z', '2026-02-10T00:00:00Z', '2026-02-10T18:30:00Z']],
    });
  });
});

describe('summary tables', () => {
  it('the royalty summary migrations hold the triggers lib/lists/summary.ts generates from ROYALTY_SUMMARY', () => {
    // found by name: the lead renumbers migrations at merge
    const read = (suffix: string) =>
      readFileSync(
        path.join(
          MIGRATIONS_DIR,
          readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith(suffix))!,
        ),
        'utf8',
      );
    const [apply, ...rest] = summaryTriggerSql(ROYALTY_SUMMARY);
    // the triggers, the rate's and the backfill as made; the lines' function as it is now, deferrable (issue 56)
    expect(read('_list_search_and_summaries.sql')).toContain(rest.join('\n--> statement-breakpoint\n'));
    expect(read('_royalty_sums_deferrable.sql')).toContain(apply!.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
  });

  it('the royalty totals migration holds the triggers generated from ROYALTY_TOTALS (a rollup of the royalty summary)', () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_royalty_totals.sql'));
    expect(readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8')).toContain(summaryMigrationSql(ROYALTY_TOTALS));
  });

  it('the board writer search migration holds the triggers generated from BOARD_WRITER_COUNTS', () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_board_writer_search.sql'));
    expect(readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8')).toContain(countMigrationSql(BOARD_WRITER_COUNTS));
  });

  it('the list summary migration holds the triggers generated from INVOICE_SUMMARY, PAYMENT_SUMMARY and COMPANY_BOOKS_SUMMARY', () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_list_summaries.sql'));
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8');
    for (const spec of [INVOICE_SUMMARY, PAYMENT_SUMMARY, COMPANY_BOOKS_SUMMARY]) expect(migration).toContain(summaryMigrationSql(spec));
  });

  it('every summary table’s key carries its sums (INCLUDE): the covering migration holds a row of summaryCoveringRows for each', async () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_summary_covering.sql'));
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8');
    const specs = [INVOICE_SUMMARY, PAYMENT_SUMMARY, COMPANY_BOOKS_SUMMARY, COPYRIGHT_BOOKS_SUMMARY, ROYALTY_SUMMARY, ROYALTY_TOTALS];
    for (const spec of specs) for (const row of summaryCoveringRows(spec)) expect(migration).toContain(row);
    const keys = await q<{ tbl: string; def: string }>(
      `select conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'p' and conrelid::regclass::text like '%\\_sums'`,
    );
    expect(keys.length).toBe(12);
    for (const k of keys) expect(k.def, k.tbl).toMatch(/ INCLUDE \(cnt/);
  });

  it('the count migrations hold the triggers generated from BOARD_POST_COUNTS, HELP_FILE_COUNTS, UNPAID_INVOICE_COUNTS (counts.ts) and COPYRIGHT_BOOKS_SUMMARY', () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_list_counts.sql'));
    const migration = readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8');
    for (const spec of [BOARD_POST_COUNTS, HELP_FILE_COUNTS]) expect(migration).toContain(countMigrationSql(spec));
    expect(migration).toContain(summaryMigrationSql(COPYRIGHT_BOOKS_SUMMARY));
    const unpaid = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_unpaid_invoice_counts.sql'));
    expect(readFileSync(path.join(MIGRATIONS_DIR, unpaid!), 'utf8')).toContain(countMigrationSql(UNPAID_INVOICE_COUNTS));
  });
});
