import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ERRORS, type TCopyrightBooksResponse, type TRoyaltyResponse } from '@portal/contract';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';
import { expectSummaryOfRows } from '../../test/summary-sums';
import { ROYALTY_SUMMARY, ROYALTY_TOTALS } from './copyright.repository';

let t: TestContext;
let op: string;
let hanbit: string;

beforeAll(async () => {
  t = await createTestApp();
  const o = await createOperator(t.db);
  op = (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: o.id, password: o.password } })).json().access_token;
  // the companies of the examples, with passwords so the publisher can look at its lists
  const h = await t.createCompany({ id: 'hanbit', saleInfoDisplay: 'Y' });
  await t.createCompany({ id: 'editorial-sol' });
  await t.createCompany({ id: 'sakura-shobo' });
  hanbit = await t.login(h.id, h.password);
});
afterAll(() => t.close());

const example = (kind: string) => readFileSync(path.join(import.meta.dirname, '../admin/examples', `${kind}.csv`), 'utf8');

async function importFile(kind: string, data: string, query = '') {
  const res = await importJob(t, op, kind, `${kind}.csv`, data, query);
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}

const one = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const count = async (table: string) => Number((await one<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`)).n);

const q = (o: object) => encodeURIComponent(JSON.stringify(o));
async function royaltyList(search: object = {}) {
  const res = await t.inject(hanbit, { method: 'GET', url: `/api/copyright/royalty?start=0&length=100&search_value=${q(search)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TRoyaltyResponse>();
}

/** The royalty list's totals of hanbit computed from the lines themselves, per currency. */
async function plainSums() {
  const res = (await t.db.execute(sql`
    select r.currency, count(*)::int as cnt, sum(r.qty)::int as qty, sum(round(r.unit_price * r.qty * b.rate / 100, 2))::text as royalty
    from royalty_lines r join copyright_books b on b.idx = r.book_idx join companies c on c.idx = r.company_idx
    where c.id = 'hanbit' group by r.currency order by r.currency`)) as unknown as {
    rows: { currency: string; cnt: number; qty: number; royalty: string }[];
  };
  return res.rows.map((r) => ({ currency: r.currency.trim(), cnt: Number(r.cnt), qty: Number(r.qty), royalty: r.royalty }));
}
const listTotals = (l: TRoyaltyResponse) =>
  l.totals
    .map((x) => ({ currency: x.currency.trim(), cnt: x.cnt, qty: x.qty, royalty: x.royalty }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

describe('copyright-books import', () => {
  it('a dry run reports and writes nothing', async () => {
    const dry = await importFile('copyright-books', example('copyright-books'), '?dryRun=true');
    expect(dry).toMatchObject({ committed: false, rows: 3, created: 3, errors: [] });
    expect(await count('copyright_books')).toBe(0);
  });

  it('imports the example (ISBN-10 stored as ISBN-13), again unchanged, a changed row updates', async () => {
    expect(await importFile('copyright-books', example('copyright-books'))).toMatchObject({
      committed: true,
      rows: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    const sakura = await one<{ isbn: string; rate: string; list_price: string; pay_type: string }>(
      sql`select b.isbn, b.rate::text, b.list_price::text, b.pay_type from copyright_books b join companies c on c.idx = b.company_idx where c.id = 'sakura-shobo'`,
    );
    expect(sakura).toEqual({ isbn: '9784062748681', rate: '6.00', list_price: '1500.00', pay_type: 'sale' });
    expect(await importFile('copyright-books', example('copyright-books'))).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    // the same values written differently (hyphens, one decimal more) are the same book, unchanged
    const respelled = example('copyright-books').replace('9788970440156', '978-89-7044-015-6').replace(',8.5,', ',8.50,');
    expect(await importFile('copyright-books', respelled)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const changed = example('copyright-books').replace('The Quiet Garden', 'The Quiet Garden (2nd ed.)');
    expect(await importFile('copyright-books', changed)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(await importFile('copyright-books', example('copyright-books'))).toMatchObject({ updated: 1, unchanged: 2 });
  });

  it('bad rows write nothing and are named by row and column, in the language asked', async () => {
    const csv = [
      'company_id,isbn,title,publication_date,list_price,currency,pay_type,rate',
      'hanbit,9791100001011,Fine Book,2024-01-01,100,KRW,sale,10',
      'hanbit,9791100001012,Bad Checksum,2024-01-01,100,KRW,sale,10',
      'hanbit,9791100001028,Three Decimals,2024-01-01,100.005,KRW,sale,10',
      'nobody,9791100001028,Unknown Company,2024-02-30,100,XXX,gift,100.5',
    ].join('\n');
    const res = await importFile('copyright-books', csv);
    expect(res).toMatchObject({ committed: false, rows: 4, created: 0 });
    expect(res.errors).toEqual([
      { row: 3, column: 'isbn', message: 'Not a valid ISBN.' },
      { row: 4, column: 'list_price', message: 'An amount with at most 2 decimals (e.g. 1200.50).' },
      { row: 5, column: 'publication_date', message: 'A date as YYYY-MM-DD.' },
      { row: 5, column: 'pay_type', message: 'One of: sale, net.' },
      { row: 5, column: 'rate', message: expect.stringContaining('0 to 100') },
      // (issue 59) the references of a row whose other cells are bad are named with them, not a round later
      { row: 5, column: 'company_id', message: 'No company has the login id nobody.' },
      { row: 5, column: 'currency', message: 'Unknown currency (e.g. KRW, USD).' },
    ]);
    const ko = await importFile('copyright-books', csv, '?lang=ko');
    expect(ko.errors[0]).toEqual({ row: 3, column: 'isbn', message: '올바른 ISBN이 아닙니다.' });
    expect(await count('copyright_books')).toBe(3);

    // the references are checked once the row itself is valid
    const refs = await importFile(
      'copyright-books',
      'company_id,isbn,title,publication_date,list_price,currency,pay_type,rate\nnobody,9791100001011,X,2024-01-01,1,XXX,net,1',
    );
    expect(refs.errors).toEqual([
      { row: 2, column: 'company_id', message: 'No company has the login id nobody.' },
      { row: 2, column: 'currency', message: 'Unknown currency (e.g. KRW, USD).' },
    ]);
  });
});

describe('royalty-customers import', () => {
  it('imports the example, again unchanged, a changed country updates, an unknown country is named', async () => {
    expect(await importFile('royalty-customers', example('royalty-customers'), '?dryRun=true')).toMatchObject({
      committed: false,
      created: 3,
    });
    expect(await count('royalty_customers')).toBe(0);
    expect(await importFile('royalty-customers', example('royalty-customers'))).toMatchObject({ committed: true, created: 3 });
    expect(await importFile('royalty-customers', example('royalty-customers'))).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const moved = example('royalty-customers').replace('Kinokuniya Export,JPN', 'Kinokuniya Export,USA');
    expect(await importFile('royalty-customers', moved)).toMatchObject({ updated: 1, unchanged: 2 });
    const bad = await importFile('royalty-customers', 'name,country\nNew One,KOR\nNowhere,XYZ\n', '?lang=ja');
    expect(bad).toMatchObject({ committed: false, created: 0 });
    expect(bad.errors).toEqual([{ row: 3, column: 'country', message: expect.stringContaining('不明な国コード') }]);
    expect(await count('royalty_customers')).toBe(3);
  });
});

describe('royalty-lines import', () => {
  it('a dry run writes nothing; the example imports, again unchanged, a changed row updates', async () => {
    expect(await importFile('royalty-lines', example('royalty-lines'), '?dryRun=true')).toMatchObject({
      committed: false,
      created: 4,
      errors: [],
    });
    expect(await count('royalty_lines')).toBe(0);
    expect(await importFile('royalty-lines', example('royalty-lines'))).toMatchObject({
      committed: true,
      rows: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
    });
    const line = await one<{ created_at: string; unit_price: string; sale_info: string; line_ref: string }>(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at, unit_price::text, sale_info, line_ref
          from royalty_lines where line_ref = 'RL-2024-000002'`,
    );
    expect(line).toEqual({ created_at: '2024-04-10T06:30:00', unit_price: '15.50', sale_info: '', line_ref: 'RL-2024-000002' });
    // a date alone is noon in the business time zone (Asia/Seoul): the list shows, and a one-day filter finds, that day
    const dayAlone = await one<{ created_at: string }>(
      sql`select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at from royalty_lines r
          join companies c on c.idx = r.company_idx where r.line_ref = 'RL-2024-000001' and c.id = 'hanbit'`,
    );
    expect(dayAlone.created_at).toBe('2024-04-02T03:00:00');
    const day = await royaltyList({ startDate: '2024-04-02', endDate: '2024-04-02' });
    expect(day.dataset.map((r) => [r.created_at.slice(0, 10), r.customer_name])).toEqual([['2024-04-02', 'Kyobo Book Centre']]);
    expect(await importFile('royalty-lines', example('royalty-lines'))).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    const changed = example('royalty-lines').replace('14850,KRW,25', '14850,KRW,26');
    expect(await importFile('royalty-lines', changed)).toMatchObject({ created: 0, updated: 1, unchanged: 3 });
    expect(await count('royalty_lines')).toBe(4);
  });

  it('bad rows (bad checksum, unknown book and customer, 3 decimals) write nothing and are named by row and column', async () => {
    const csv = [
      'line_ref,company_id,isbn,customer,sold_at,unit_price,currency,qty',
      'X-1,hanbit,9791158390457,Kyobo Book Centre,2024-07-01,100,KRW,1',
      'X-2,hanbit,9791158390458,Kyobo Book Centre,2024-07-01,100,KRW,1',
      'X-3,hanbit,9791158390457,Nobody Books,2024-07-01,100,KRW,1',
      'X-4,hanbit,9791158390457,Kyobo Book Centre,2024-07-01,100.125,KRW,1',
      'X-5,hanbit,9784062748681,Kyobo Book Centre,2024-07-01 10:00,100,KRW,1.5',
      'X-6,hanbit,9784062748681,Kyobo Book Centre,2024-07-01T25:00:00Z,100,KRW,1',
      'X-7,hanbit,9784062748681,Kyobo Book Centre,2024-07-01 10:00,100,KRW,1',
      'X-1,hanbit,9791158390457,Kyobo Book Centre,2024-07-01,100,KRW,1',
    ].join('\n');
    const res = await importFile('royalty-lines', csv);
    expect(res).toMatchObject({ committed: false, rows: 8, created: 0 });
    expect(res.errors).toEqual([
      { row: 3, column: 'isbn', message: 'Not a valid ISBN.' },
      { row: 4, column: 'customer', message: 'No royalty customer is named Nobody Books.' },
      { row: 5, column: 'unit_price', message: 'An amount with at most 2 decimals (e.g. 1200.50).' },
      { row: 6, column: 'qty', message: 'A whole number from -1000000 to 1000000.' },
      { row: 7, column: 'sold_at', message: expect.stringContaining('YYYY-MM-DD HH:MM[:SS]') },
      // a book of another company (sakura-shobo's) is no book of hanbit
      { row: 8, column: 'isbn', message: 'The company has no copyright book with ISBN 9784062748681.' },
      { row: 9, column: 'line_ref', message: 'This key appears on row 2 already.' },
    ]);
    const es = await importFile('royalty-lines', csv, '?lang=es');
    expect(es.errors[1]).toEqual({ row: 4, column: 'customer', message: 'Ningún cliente de regalías se llama Nobody Books.' });
    expect(await count('royalty_lines')).toBe(4);
  });

  it('a calculated line cannot be changed by an import; the same values are unchanged', async () => {
    await t.db.execute(sql`update royalty_lines set buy_invoice_idx = 424242 where line_ref = 'RL-2024-000001'`);
    expect(await importFile('royalty-lines', example('royalty-lines'))).toMatchObject({ committed: true, updated: 1, unchanged: 3 });
    const changed = example('royalty-lines').replace('16200,KRW,40', '16200,KRW,41');
    const res = await importFile('royalty-lines', changed, '?lang=zh');
    expect(res).toMatchObject({ committed: false });
    expect(res.errors).toEqual([{ row: 2, column: 'line_ref', message: '明细 RL-2024-000001 已在发票中结算，不能通过导入修改。' }]);
    const en = await importFile('royalty-lines', changed);
    expect(en.errors).toEqual([
      {
        row: 2,
        column: 'line_ref',
        message: 'Line RL-2024-000001 has been calculated on an invoice already: it cannot be changed by an import.',
      },
    ]);
    expect((await one<{ qty: number }>(sql`select qty from royalty_lines where line_ref = 'RL-2024-000001'`)).qty).toBe(40);
  });

  it('the publisher sees its imported books and lines, with the totals of the lines themselves', async () => {
    const books = await t.inject(hanbit, { method: 'GET', url: '/api/company/copyright/books?start=0&length=10' });
    expect(books.statusCode, books.body).toBe(200);
    expect(
      books
        .json<TCopyrightBooksResponse>()
        .dataset.map((b) => b.isbn)
        .sort(),
    ).toEqual(['9788970440156', '9791158390457']);
    const list = await royaltyList();
    expect(list.total_cnt).toBe(3);
    expect(list.dataset.map((r) => r.customer_name).sort()).toEqual(['Kyobo Book Centre', 'Kyobo Book Centre', 'Librería Central']);
    // 16200 × 40 × 10% = 64800; 14850 × 25 × 8.5% = 31556.25 (the example's qty again); 15.50 × 12 × 10% = 18.60
    expect(listTotals(list)).toEqual([
      { currency: 'EUR', cnt: 1, qty: 12, royalty: '18.60' },
      { currency: 'KRW', cnt: 2, qty: 65, royalty: '96356.25' },
    ]);
    expect(listTotals(list)).toEqual(await plainSums());

    // a new rate through the books import re-measures that book's lines in the summaries (ON CONFLICT's UPDATE fires the book's trigger)
    const rated = example('copyright-books').replace('KRW,sale,10,', 'KRW,sale,12,');
    expect(await importFile('copyright-books', rated)).toMatchObject({ updated: 1, unchanged: 2 });
    const after = listTotals(await royaltyList());
    // 16200 × 40 × 12% = 77760; 15.50 × 12 × 12% = 22.32
    expect(after).toEqual([
      { currency: 'EUR', cnt: 1, qty: 12, royalty: '22.32' },
      { currency: 'KRW', cnt: 2, qty: 65, royalty: '109316.25' },
    ]);
    expect(after).toEqual(await plainSums());
    await importFile('copyright-books', example('copyright-books'));
  });

  it('a file of several batches (5,000 rows each) keeps the list summaries equal to a plain sum, and names bad rows of later batches', async () => {
    const header = 'line_ref,company_id,isbn,customer,sold_at,unit_price,currency,qty,sample_qty';
    const isbns = ['9791158390457', '9788970440156'];
    const customers = ['Kyobo Book Centre', 'Librería Central'];
    const lines = (n: number, qty: (i: number) => number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `BULK-${i},hanbit,${isbns[i % 2]},${customers[(i >> 1) % 2]},2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')},${(i % 997) + 0.37},${i % 3 ? 'KRW' : 'USD'},${qty(i)},${i % 4}`,
      );
    const first = await importFile('royalty-lines', [header, ...lines(12000, (i) => (i % 50) - 5)].join('\n'));
    expect(first).toMatchObject({ committed: true, rows: 12000, created: 12000, updated: 0, unchanged: 0 });
    expect(listTotals(await royaltyList())).toEqual(await plainSums());
    // the import adds its lines' sums once at its end (ROYALTY_SUMMARY deferred): the day and month sums, and their
    // rollup without the book, equal a fresh recompute from the lines
    await expectSummaryOfRows(t.db, ROYALTY_SUMMARY);
    await expectSummaryOfRows(t.db, ROYALTY_TOTALS);

    // updates through ON CONFLICT are counted by the triggers as well
    // some lines sold at 05:00 in Seoul instead of noon: the UTC day before (the month before on a 1st)
    const moved = lines(12500, (i) => (i % 7 === 0 ? 3 : (i % 50) - 5)).map((l, i) =>
      i % 11 ? l : l.replace(/,(2025-\d\d-\d\d),/, ',$1 05:00,'),
    );
    const second = await importFile('royalty-lines', [header, ...moved].join('\n'));
    expect(second).toMatchObject({ committed: true, created: 500 });
    expect(second.updated + second.unchanged).toBe(12000);
    expect(second.updated).toBeGreaterThan(1000);
    const list = await royaltyList();
    expect(list.total_cnt).toBe(3 + 12500);
    expect(listTotals(list)).toEqual(await plainSums());
    // the updated lines were taken out of their old day and month and added to their new ones
    await expectSummaryOfRows(t.db, ROYALTY_SUMMARY);
    await expectSummaryOfRows(t.db, ROYALTY_TOTALS);
    // a date range reads the day and month sums: equal to the lines of the range
    const ranged = await royaltyList({ startDate: '2025-02-01', endDate: '2025-03-31' });
    const plain = await one<{ cnt: number }>(
      sql`select count(*)::int as cnt from royalty_lines r join companies c on c.idx = r.company_idx
          where c.id = 'hanbit' and r.created_at >= '2025-02-01T00:00:00+09:00' and r.created_at < '2025-04-01T00:00:00+09:00'`,
    );
    expect(ranged.total_cnt).toBe(Number(plain.cnt));

    const bad = lines(11000, () => 1);
    // a key of the first batch again in the second: found by the kind (no map of every key in memory)
    bad[9000] = bad[9000]!.replace('BULK-9000,', 'BULK-7,');
    bad[10500] = bad[10500]!.replace('Kyobo Book Centre', 'Missing Customer').replace('Librería Central', 'Missing Customer');
    const third = await importFile('royalty-lines', [header, 'EARLY,hanbit,9791158390457,Nobody,2025-01-01,1,KRW,1', ...bad].join('\n'));
    expect(third).toMatchObject({ committed: false, created: 0 });
    expect(third.errors).toEqual([
      { row: 2, column: 'customer', message: 'No royalty customer is named Nobody.' },
      { row: 9003, column: 'line_ref', message: 'This key appears on row 10 already.' },
      { row: 10503, column: 'customer', message: 'No royalty customer is named Missing Customer.' },
    ]);
    expect(listTotals(await royaltyList())).toEqual(await plainSums());

    // a batch check naming thousands of rows still gives a report of IMPORT_MAX_ERRORS rows, the rest counted (issue 59)
    const wrong = lines(6000, () => 1).map((l) => l.replace(/,(Kyobo Book Centre|Librería Central),/, ',Missing Customer,'));
    const many = await importFile('royalty-lines', [header, ...wrong].join('\n'));
    expect(many).toMatchObject({ committed: false, created: 0, errors_not_listed: 6000 - IMPORT_MAX_ERRORS });
    expect(many.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(many.errors[0]).toEqual({ row: 2, column: 'customer', message: 'No royalty customer is named Missing Customer.' });
    expect(many.errors.at(-1)).toMatchObject({ row: IMPORT_MAX_ERRORS + 1, column: 'customer' });
  });
});
