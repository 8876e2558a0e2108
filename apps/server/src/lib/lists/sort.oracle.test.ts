import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_SORTS,
  BOOKS_LIST_SORTS,
  COPYRIGHT_BOOK_SORTS,
  HELP_FILE_SORTS,
  INVOICE_SORTS,
  PAYMENT_SORTS,
  ROYALTY_SORTS,
} from '@portal/contract';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { royaltyRule } from '../../db/schema';
import { upsertCopyrightBooks, type BookImportValues } from '../../modules/copyright/copyright-imports.repository';

/**
 * Every order of every sortable list (issue 59) against an oracle: rows of two companies inserted with SQL, then for
 * each key, both directions and a few filters, the API's first page, a later page and the last one equal a plain
 * `order by … offset … limit` written here, apart from lib/lists/sort.ts and the repositories.
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let token: string;
let tz: string;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const ids = (rows: { idx: number | string }[]) => rows.map((r) => Number(r.idx));
const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
const DIRS = ['asc', 'desc'] as const;

interface BookRow {
  company_idx: number;
  isbn: string;
  title: string;
  publication_date: string;
  page_count: number;
  list_price: string;
  currency: string;
  pay_type: string;
  rate: string;
}
/** A book as the book import writes it, from its row (the cover kept). */
const bookValues = (r: BookRow): BookImportValues => ({
  companyIdx: Number(r.company_idx),
  isbn: r.isbn,
  title: r.title,
  publicationDate: String(r.publication_date).slice(0, 10),
  pageCount: Number(r.page_count),
  listPrice: r.list_price,
  currency: r.currency,
  payType: r.pay_type,
  rate: r.rate,
  imgUrl: '',
});

beforeAll(async () => {
  t = await createTestApp();
  tz = t.config.timeZone;
  a = await t.createCompany();
  b = await t.createCompany();
  token = await t.login(a.id, a.password);
  for (const [co, n] of [
    [a.idx, 230],
    [b.idx, 90],
  ] as const) {
    // invoices: repeated days, due dates, amounts and codes out of number order, six items, paid, partial and unpaid
    await t.db
      .execute(`insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
      select ${co}, 'C-' || lpad(((g * 61) % 1000)::text, 4, '0') || '-' || g, 'Invoice ' || g, 'KOR', 'S',
        (array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + (g * 7) % 6],
        (select idx from currencies where name = (array['KRW','USD','JPY'])[1 + g % 3]),
        (((g * 7919) % 400) || '.' || lpad(((g * 37) % 4 * 25)::text, 2, '0'))::numeric,
        timestamptz '2026-01-01 03:00:00+00' + ((g * 13) % 90) * interval '1 day',
        date '2026-01-01' + (g * 13) % 90, date '2026-03-01' + (g * 17) % 40
      from generate_series(1, ${n}) g`);
    await t.db.execute(`insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
      select ${co}, 'Depositor ' || g, date '2026-02-01' + (g * 11) % 60,
        (select idx from currencies where name = (array['KRW','USD'])[1 + g % 2]), (((g * 31) % 50 * 100) || '.50')::numeric, 'cash'
      from generate_series(1, ${n}) g`);
    // payments cover invoices (the balance trigger sets paid_amount): some settled in full, some in part
    await t.db.execute(`insert into buy_payment_invoices (buy_payment_idx, buy_invoice_idx, amount)
      select p.idx, i.idx, case when p.rn % 5 = 1 then floor(i.amount / 2) else i.amount end from
        (select idx, row_number() over (order by idx) as rn from buy_payments where company_idx = ${co}) p
        join (select idx, amount, row_number() over (order by idx) as rn from buy_invoices where company_idx = ${co}) i on i.rn = p.rn
      where p.rn % 4 <> 0 and i.amount >= 2`);
    await t.db.execute(`update buy_invoices i set buy_payment_idx = pi.buy_payment_idx
      from buy_payment_invoices pi where pi.buy_invoice_idx = i.idx and i.company_idx = ${co} and i.idx % 3 = 0 and pi.amount = i.amount`);
    await t.db
      .execute(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
      select ${co}, (array['Apple','Pear','Plum','Apple pie','Quince'])[1 + g % 5] || ' ' || lpad(((g * 37) % 11)::text, 3, '0'),
        (array['979','978'])[1 + g % 2] || lpad((${co} * 100000 + g)::text, 10, '0'),
        date '2020-01-01' + (g * 17) % 40, ((g % 90 + 10) || '.00')::numeric, (array['KRW','USD'])[1 + g % 2],
        (array['sale','net'])[1 + (g / 3) % 2], ((5 + g % 10) || '.50')::numeric, timestamptz '2025-06-01 00:00:00+00' + g * interval '1 hour'
      from generate_series(1, ${Math.floor(n / 4)}) g`);
  }
  await t.db.execute(`insert into royalty_customers (name, country)
    select 'Sort Customer ' || (array['Alpha','Beta','Gamma'])[1 + g % 3] || ' ' || g, 'USA' from generate_series(1, 9) g`);
  // royalty lines: sold values that repeat within a book and across books (equal royalties, ties broken by the line),
  // sale times that repeat, some lines calculated
  await t.db
    .execute(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, royalty, created_at, buy_invoice_idx)
    select bk.company_idx, bk.idx,
      (select idx from royalty_customers where name like 'Sort Customer %' order by idx offset (g + bk.idx) % 9 limit 1),
      ((g % 7 + 1) || '.' || lpad(((g * 3) % 4 * 25)::text, 2, '0'))::numeric, (array['KRW','USD'])[1 + (g + bk.idx) % 2], g % 5 + 1,
      ${royaltyRule(`((g % 7 + 1) || '.' || lpad(((g * 3) % 4 * 25)::text, 2, '0'))::numeric`, '(g % 5 + 1)', 'bk.rate')},
      timestamptz '2026-01-10 14:30:00+00' + ((g * 5 + bk.idx) % 30) * interval '1 day' + ((g * 7) % 3) * interval '1 hour',
      case when g % 3 = 0 then (select min(idx) from buy_invoices where company_idx = bk.company_idx) end
    from copyright_books bk cross join generate_series(1, 9) g
    where bk.idx % 5 <> 2`);
  // registered books: titles that repeat, registration times that repeat and do not follow the number
  for (const [co, n] of [
    [a.idx, 140],
    [b.idx, 40],
  ] as const)
    await t.db.execute(`insert into company_books (company_idx, isbn13, title, created_at)
      select ${co}, '979' || lpad((${co} * 100000 + g)::text, 10, '0'),
        (array['River','Stone','Apple','river'])[1 + g % 4] || ' ' || lpad(((g * 41) % 13)::text, 2, '0'),
        timestamptz '2026-03-01 00:00:00+00' + ((g * 23) % 50) * interval '7 hours'
      from generate_series(1, ${n}) g`);
  // help files of the company customer type (every help file is a 'help' upload)
  await t.db.execute(`with f as (insert into stored_files (upload_path, name, extension, size, mime, storage_key)
      select 'help', 'Sort manual ' || g, 'pdf', g * 10, 'application/pdf', 'help/sort-oracle-' || g from generate_series(1, 45) g returning idx)
    insert into help_files (customer_type, stored_file_idx) select 'company', idx from f`);
  // Q&A board: threads with replies, times that repeat and do not follow the number
  await t.db.execute(`insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division, created_at)
    select (select idx from bbs_boards where name = 'qna'), (array['How to','Why','Where is','Refund'])[1 + g % 4] || ' ' || lpad(((g * 53) % 17)::text, 2, '0'),
      'c', (array['Kim','Lee','Park'])[1 + g % 3] || ' writer', ${a.idx}, 'company',
      case when g % 5 = 0 then array['PUB']::varchar[] else array['AUT','PUB']::varchar[] end,
      timestamptz '2026-02-01 00:00:00+00' + ((g * 29) % 40) * interval '1 hour'
    from generate_series(1, 120) g`);
  await t.db.execute(
    `update bbs_posts set root_idx = idx, root_title = title, thread_path = lpad(idx::text, 10, '0') where root_idx is null`,
  );
  await t.db
    .execute(`insert into bbs_posts (board_idx, parent_idx, root_idx, root_title, re_level, title, content, name, registrant_idx, registrant_type, company_division, created_at)
    select board_idx, idx, root_idx, root_title, 1, 'Re: ' || title, 'r', 'Operator', 1, 'manager', company_division, created_at + interval '30 minutes'
    from bbs_posts where idx % 4 = 0 and board_idx = (select idx from bbs_boards where name = 'qna')`);
  await t.db.execute(`update bbs_posts r set thread_path = p.thread_path || '/' || lpad(r.idx::text, 10, '0')
    from bbs_posts p where r.parent_idx = p.idx and r.thread_path = ''`);
});
afterAll(() => t.close());

async function api<T>(url: string) {
  const res = await t.inject(token, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

interface Listed {
  dataset: { idx: number; no?: number }[];
  total_cnt: number;
}

/** The first page, a later one and the last one (length 10, and 25 from the start) equal the oracle's, with the total. */
async function checkOrder(name: string, from: string, where: string, order: string, url: (start: number, length: number) => string) {
  const [c] = await q<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`);
  const total = Number(c!.n);
  const last = total === 0 ? 0 : Math.floor((total - 1) / 10) * 10;
  for (const [start, length] of [
    [0, 10],
    [0, 25],
    [20, 10],
    [last, 10],
  ] as const) {
    const want = await q<{ idx: number }>(`select x.idx from ${from} where ${where} order by ${order} offset ${start} limit ${length}`);
    const got = await api<Listed>(url(start, length));
    expect(ids(got.dataset), `${name} start ${start} length ${length}`).toEqual(ids(want));
    if (got.dataset.length) expect(got.total_cnt, `${name} total`).toBe(total);
  }
  return total;
}

const sortParams = (sort: string, dir: string) => `sort=${sort}&dir=${dir}`;

describe('every order of every sortable list against a plain order by … offset … limit', () => {
  it('invoices: registration day, code, deadline, amount and payment status, both ways, with and without a filter', async () => {
    const filters: { f: Record<string, unknown>; where: string }[] = [
      { f: {}, where: 'true' },
      { f: { startDate: '2026-01-20', endDate: '2026-02-15' }, where: `x.created_day between '2026-01-20' and '2026-02-15'` },
      { f: { orderTypes: ['prepayment'] }, where: `x.item = 'prepayment'` },
    ];
    const rank = '(case when x.buy_payment_idx is not null then 2 when x.paid_amount <> 0 then 1 else 0 end)';
    const orders: Record<(typeof INVOICE_SORTS)[number], (d: string) => string> = {
      created_at: (d) => `x.created_day ${d}, x.idx ${d}`,
      code: (d) => `x.code ${d}, x.idx ${d}`,
      due_date: (d) => `x.due_date ${d}, x.idx ${d}`,
      amount: (d) => `x.amount ${d}, x.idx ${d}`,
      balance_state: (d) => `${rank} ${d}, x.created_day ${d}, x.idx ${d}`,
    };
    const [states] = await q<{ n: number }>(`select count(distinct ${rank})::int as n from buy_invoices x where x.company_idx = ${a.idx}`);
    const [seen] = await q<{ s: string }>(
      `select string_agg(distinct ${rank}::text, ',') as s from buy_invoices x where x.company_idx = ${a.idx}`,
    );
    expect(Number(states!.n), `paid, partial and unpaid invoices in the data (${seen?.s})`).toBe(3);
    for (const key of INVOICE_SORTS)
      for (const dir of DIRS)
        for (const { f, where } of filters) {
          const total = await checkOrder(
            `invoices ${key} ${dir} ${JSON.stringify(f)}`,
            'buy_invoices x',
            `x.company_idx = ${a.idx} and ${where}`,
            orders[key](dir),
            (s, l) => `/api/calculate/buyInvoiceSend?start=${s}&length=${l}&search_value=${enc(f)}&${sortParams(key, dir)}`,
          );
          expect(total).toBeGreaterThan(20);
        }
  });

  it('payments: deposit date and amount, both ways, with and without a date range', async () => {
    const filters = [
      { f: {}, where: 'true' },
      { f: { startDate: '2026-02-10', endDate: '2026-03-05' }, where: `x.d_date between '2026-02-10' and '2026-03-05'` },
    ];
    const orders: Record<(typeof PAYMENT_SORTS)[number], (d: string) => string> = {
      d_date: (d) => `x.d_date ${d}, x.idx ${d}`,
      d_payment: (d) => `x.d_payment ${d}, x.idx ${d}`,
    };
    for (const key of PAYMENT_SORTS)
      for (const dir of DIRS)
        for (const { f, where } of filters)
          await checkOrder(
            `payments ${key} ${dir} ${JSON.stringify(f)}`,
            'buy_payments x',
            `x.company_idx = ${a.idx} and ${where}`,
            orders[key](dir),
            (s, l) => `/api/calculate/buyPayment?start=${s}&length=${l}&search_value=${enc(f)}&${sortParams(key, dir)}`,
          );
  });

  it('copyright books: number, title and publication date, both ways, with a search, a range and a pay type', async () => {
    const filters = [
      { f: {}, where: 'true' },
      { f: { searchKey: 'title', keyword: 'apple' }, where: `x.title ilike '%apple%'` },
      {
        f: { startDate: '2020-01-10', endDate: '2020-01-30', payType: 'sale' },
        where: `x.publication_date between '2020-01-10' and '2020-01-30' and x.pay_type = 'sale'`,
      },
    ];
    const orders: Record<(typeof COPYRIGHT_BOOK_SORTS)[number], (d: string) => string> = {
      no: (d) => `x.idx ${d}`,
      title: (d) => `x.title ${d}, x.idx ${d}`,
      publication_date: (d) => `x.publication_date ${d}, x.idx ${d}`,
    };
    for (const key of COPYRIGHT_BOOK_SORTS)
      for (const dir of DIRS)
        for (const { f, where } of filters)
          await checkOrder(
            `copyright books ${key} ${dir} ${JSON.stringify(f)}`,
            'copyright_books x',
            `x.company_idx = ${a.idx} and ${where}`,
            orders[key](dir),
            (s, l) => `/api/company/copyright/books?start=${s}&length=${l}&search_value=${enc(f)}&${sortParams(key, dir)}`,
          );
  });

  it('royalty lines: title, royalty (then line) and sale date, both ways, with a range, an ISBN and a customer', async () => {
    const dayStart = (d: string) => `('${d}'::date)::timestamp at time zone '${tz}'`;
    const filters = [
      { f: {}, where: 'true' },
      {
        f: { startDate: '2026-01-15', endDate: '2026-01-31' },
        where: `x.created_at >= ${dayStart('2026-01-15')} and x.created_at < ${dayStart('2026-02-01')}`,
      },
      { f: { isbn: '978' }, where: `b.isbn like '978%'` },
      {
        f: { customerName: 'gamma', invoiceYn: 'N' },
        where: `x.buy_invoice_idx is null and x.customer_idx in (select idx from royalty_customers where name ilike '%gamma%')`,
      },
    ];
    const royalty = 'round(x.unit_price * x.qty * b.rate / 100, 2)';
    const orders: Record<(typeof ROYALTY_SORTS)[number], (d: string) => string> = {
      title: (d) => `b.title ${d}, b.idx ${d}, x.idx ${d}`,
      royalty: (d) => `${royalty} ${d}, x.idx ${d}`,
      created_at: (d) => `x.created_at ${d}, x.idx ${d}`,
    };
    // equal royalties of different books exist: the tiebreak matters
    const [ties] = await q<{ n: number }>(`select count(*)::int as n from (select ${royalty} r from royalty_lines x
      join copyright_books b on b.idx = x.book_idx where x.company_idx = ${a.idx} group by 1 having count(distinct x.book_idx) > 1) t`);
    expect(Number(ties!.n)).toBeGreaterThan(0);
    for (const key of ROYALTY_SORTS)
      for (const dir of DIRS)
        for (const { f, where } of filters) {
          const got = await checkOrder(
            `royalty ${key} ${dir} ${JSON.stringify(f)}`,
            'royalty_lines x join copyright_books b on b.idx = x.book_idx',
            `x.company_idx = ${a.idx} and ${where}`,
            orders[key](dir),
            (s, l) => `/api/copyright/royalty?start=${s}&length=${l}&search_value=${enc(f)}&${sortParams(key, dir)}`,
          );
          expect(got).toBeGreaterThan(10);
        }
  });

  it("royalty order after a change of a book's rate through the book import: the book's lines move, as the oracle says", async () => {
    const royalty = 'round(x.unit_price * x.qty * b.rate / 100, 2)';
    const from = 'royalty_lines x join copyright_books b on b.idx = x.book_idx';
    const where = `x.company_idx = ${a.idx}`;
    const url = (s: number, l: number) => `/api/copyright/royalty?start=${s}&length=${l}&${sortParams('royalty', 'desc')}`;
    // the book with the most lines among those whose lines are not on the first page by royalty
    const before = ids((await api<Listed>(url(0, 10))).dataset);
    const [bk] = await q<{ idx: number; rate: string; isbn: string }>(`select b.idx, b.rate::text as rate, b.isbn from ${from}
      where ${where} and x.idx not in (${before.join(', ')}) group by b.idx order by count(*) desc, b.idx limit 1`);
    const book = await q<BookRow>(`select * from copyright_books where idx = ${bk!.idx}`);
    const setRate = (rate: string) => t.db.transaction((tx) => upsertCopyrightBooks(tx, [{ ...bookValues(book[0]!), rate }]));
    expect(await setRate('99.00')).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const after = ids((await api<Listed>(url(0, 10))).dataset);
    const [moved] = await q<{ n: number }>(
      `select count(*)::int as n from royalty_lines where book_idx = ${bk!.idx} and idx in (${after.join(', ')})`,
    );
    expect(Number(moved!.n), 'the book now at 99 % leads the order').toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    await checkOrder('royalty desc after the rate change', from, where, `${royalty} desc, x.idx desc`, url);
    await checkOrder('royalty asc after the rate change', from, where, `${royalty} asc, x.idx asc`, (s, l) =>
      url(s, l).replace('dir=desc', 'dir=asc'),
    );
    // every stored royalty is the rule's value with the books' rates as they are now
    const [off] = await q<{ n: number }>(`select count(*)::int as n from ${from} where x.royalty <> ${royalty}`);
    expect(Number(off!.n)).toBe(0);
    expect(await setRate(bk!.rate)).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(ids((await api<Listed>(url(0, 10))).dataset)).toEqual(before);
  });

  it('Q&A board: title (replies under their post both ways) and date, both ways, with and without the search box', async () => {
    const board = `x.board_idx = (select idx from bbs_boards where name = 'qna') and 'AUT' = any(x.company_division)`;
    const orders: Record<(typeof BOARD_SORTS)[number], (d: string) => string> = {
      title: (d) => `x.root_title ${d}, x.root_idx ${d}, x.thread_path asc`,
      created_at: (d) => `x.created_at ${d}, x.idx ${d}`,
    };
    for (const search of ['', 'why', 'park'])
      for (const key of BOARD_SORTS)
        for (const dir of DIRS) {
          const where = search ? `${board} and (x.title ilike '%${search}%' or x.name ilike '%${search}%')` : board;
          await checkOrder(
            `qna ${key} ${dir} "${search}"`,
            'bbs_posts x',
            where,
            orders[key](dir),
            (s, l) => `/api/help/bbs/qna?start=${s}&length=${l}&search_value=${enc(search)}&${sortParams(key, dir)}`,
          );
        }
  });

  it('registered books: registration time and title, both ways, with a title search and a registration range', async () => {
    const dayStart = (d: string) => `('${d}'::date)::timestamp at time zone '${tz}'`;
    const filters = [
      { f: {}, where: 'true' },
      { f: { searchKey: 'title', keyword: 'river' }, where: `x.title ilike '%river%'` },
      {
        f: { startDate: '2026-03-03', endDate: '2026-03-10' },
        where: `x.created_at >= ${dayStart('2026-03-03')} and x.created_at < ${dayStart('2026-03-11')}`,
      },
    ];
    const orders: Record<(typeof BOOKS_LIST_SORTS)[number], (d: string) => string> = {
      created_at: (d) => `x.created_at ${d}, x.idx ${d}`,
      title: (d) => `x.title ${d}, x.idx ${d}`,
    };
    for (const key of BOOKS_LIST_SORTS)
      for (const dir of DIRS)
        for (const { f, where } of filters) {
          const total = await checkOrder(
            `registered books ${key} ${dir} ${JSON.stringify(f)}`,
            'company_books x',
            `x.company_idx = ${a.idx} and ${where}`,
            orders[key](dir),
            (s, l) => `/api/product/booksList?start=${s}&length=${l}&search_value=${enc(f)}&${sortParams(key, dir)}`,
          );
          expect(total).toBeGreaterThan(10);
        }
    // without sort: newest first
    const plain = await api<Listed>(`/api/product/booksList?start=0&length=25&search_value=${enc({})}`);
    const newest = await api<Listed>(`/api/product/booksList?start=0&length=25&search_value=${enc({})}&sort=created_at&dir=desc`);
    expect(ids(plain.dataset)).toEqual(ids(newest.dataset));
  });

  it('help files: by number both ways, paged, and the whole list', async () => {
    for (const key of HELP_FILE_SORTS)
      for (const dir of DIRS) {
        const order = `x.idx ${dir}`;
        const from = 'help_files x join stored_files f on f.idx = x.stored_file_idx';
        const where = `x.customer_type = 'company' and f.upload_path = 'help'`;
        const [c] = await q<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`);
        const total = Number(c!.n);
        expect(total).toBeGreaterThanOrEqual(45);
        for (const [start, length] of [
          [0, 10],
          [20, 10],
          [Math.floor((total - 1) / 10) * 10, 10],
        ] as const) {
          const want = await q<{ idx: number }>(
            `select x.idx from ${from} where ${where} order by ${order} offset ${start} limit ${length}`,
          );
          const got = await api<{ idx: number; total_cnt: number }[]>(
            `/api/help/getAllFiles?customer_type=company&start=${start}&length=${length}&${sortParams(key, dir)}`,
          );
          expect(ids(got), `help files ${dir} start ${start}`).toEqual(ids(want));
          expect(got[0]?.total_cnt).toBe(total);
        }
        const all = await api<{ idx: number }[]>(`/api/help/getAllFiles?customer_type=company&${sortParams(key, dir)}`);
        expect(ids(all)).toEqual(ids(await q<{ idx: number }>(`select x.idx from ${from} where ${where} order by ${order}`)));
      }
  });

  it('without sort each list keeps its default order; an unknown key is a 400 naming the allowed ones', async () => {
    const plain = await api<Listed>(`/api/copyright/royalty?start=0&length=25`);
    const titled = await api<Listed>(`/api/copyright/royalty?start=0&length=25&sort=title&dir=asc`);
    expect(ids(plain.dataset)).toEqual(ids(titled.dataset));
    const newest = await api<Listed>(`/api/calculate/buyInvoiceSend?start=0&length=25`);
    const byDay = await api<Listed>(`/api/calculate/buyInvoiceSend?start=0&length=25&sort=created_at&dir=desc`);
    expect(ids(newest.dataset)).toEqual(ids(byDay.dataset));
    for (const url of ['/api/copyright/royalty?sort=isbn', '/api/calculate/buyPayment?sort=d_name', '/api/help/bbs/notice?sort=views']) {
      const res = await t.inject(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ code: string; message: string; issues?: { path: string; message: string }[] }>();
      expect(body.code).toBe('VALIDATION');
      const text = JSON.stringify(body);
      expect(text, url).toMatch(/sort/);
      const allowed = url.includes('royalty') ? ROYALTY_SORTS : url.includes('buyPayment') ? PAYMENT_SORTS : BOARD_SORTS;
      for (const k of allowed) expect(text, `${url} names ${k}`).toContain(k);
    }
    const badDir = await t.inject(token, { method: 'GET', url: '/api/copyright/royalty?sort=royalty&dir=down' });
    expect(badDir.statusCode).toBe(400);
  });
});
