import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../db/client';
import { COPYRIGHT_BOOK_SPANS } from '../../modules/copyright/copyright.repository';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { queryRows } from './index';
import { spanMigrationSql, spanWalk } from './spans';

/**
 * Spans (lib/lists/spans.ts) on the copyright books: company a's books are published in number order (as
 * registration makes them), interleaved with company b's, so that a range of days matches one stretch of
 * a's order. Oracle: a plain count(*) and order by … offset … limit; and the walk reads only the blocks
 * whose days meet the range.
 */
let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let token: string;
/** books in all; one in three is b's; a's days follow the number order, one a day */
const N = 9_000;

const ids = async (query: SQL) => (await queryRows<{ idx: number | string }>(t.db, query)).map((r) => Number(r.idx));
const num = async (query: SQL) => Number((await queryRows<{ n: number | string }>(t.db, query))[0]!.n);

interface Answer {
  dataset: { idx: number }[];
  total_cnt: number;
  total_at_least?: boolean;
}

type Filter = { startDate?: string; endDate?: string; payType?: 'sale' | 'net' };

const where = (f: Filter) => {
  const conds = [sql`company_idx = ${a.idx}`];
  if (f.startDate) conds.push(sql`publication_date >= ${f.startDate}::date`);
  if (f.endDate) conds.push(sql`publication_date <= ${f.endDate}::date`);
  if (f.payType) conds.push(sql`pay_type = ${f.payType}`);
  return sql.join(conds, sql` and `);
};

/** The API's page and total equal the plain query's, for first, middle, last and beyond-the-end pages. */
async function expectPages(f: Filter) {
  const total = await num(sql`select count(*) as n from copyright_books where ${where(f)}`);
  const last = Math.max(0, Math.floor((total - 1) / 25) * 25);
  for (const [start, length] of [
    [0, 10],
    [10, 25],
    [Math.floor(total / 2), 25],
    [last, 25],
    [total, 10],
    [total + 7, 10],
  ] as const) {
    const res = await t.inject(token, {
      method: 'GET',
      url: `/api/company/copyright/books?start=${start}&length=${length}&search_value=${encodeURIComponent(JSON.stringify(f))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json<Answer>();
    const want = await ids(sql`select idx from copyright_books where ${where(f)} order by idx offset ${start} limit ${length}`);
    expect(
      got.dataset.map((r) => Number(r.idx)),
      `${JSON.stringify(f)} ${start}`,
    ).toEqual(want);
    expect(got.total_cnt, JSON.stringify(f)).toBe(total);
    expect(got.total_at_least).toBeUndefined();
  }
  return total;
}

/** Every company's block of books lies within its span (a span may be wider, never narrower). */
async function expectCovered() {
  const uncovered = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select b.company_idx, b.idx >> 10 as block, min(b.publication_date)::text as lo, max(b.publication_date)::text as hi,
        s.lo::text as span_lo, s.hi::text as span_hi
      from copyright_books b left join copyright_book_spans s on s.company_idx = b.company_idx and s.block = b.idx >> 10
      group by b.company_idx, b.idx >> 10, s.lo, s.hi
      having s.lo is null or s.lo > min(b.publication_date) or s.hi < max(b.publication_date)`,
  );
  expect(uncovered).toEqual([]);
}

/** How many books the walk of a's range reads (its rows before the filter): only those of the blocks whose days meet it. */
const walked = (f: Filter) => {
  const { walk } = spanWalk(COPYRIGHT_BOOK_SPANS, {
    owner: a.idx,
    from: f.startDate ? sql`${f.startDate}::date` : undefined,
    to: f.endDate ? sql`${f.endDate}::date` : undefined,
    alias: 'b',
    rows: (within) => sql`select b.idx, (${where(f)}) as hit from copyright_books b where b.company_idx = ${a.idx} and ${within}`,
  });
  return num(sql`select count(*) as n from (${walk}) w`);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createCompany();
  b = await t.createCompany();
  token = await t.login(a.id, a.password);
  // one statement: the two companies' numbers interleave; a's book g is published on day g * 2 / 3 from 2010-01-01
  await t.db.execute(sql`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
    select case when g % 3 = 2 then ${b.idx}::int else ${a.idx}::int end, 'Book ' || g, '979' || lpad(g::text, 10, '0'),
      case when g % 3 = 2 then date '2030-01-01' - g else date '2010-01-01' + g * 2 / 3 end,
      1000, 'KRW', case when g % 4 = 0 then 'net' else 'sale' end, 10
    from generate_series(0, ${N - 1}) g`);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('spans: a page of a publication range walks only the blocks of numbers whose days meet it', () => {
  it('the spans migration holds the triggers lib/lists/spans.ts generates from COPYRIGHT_BOOK_SPANS, and the key covers both days', async () => {
    const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_copyright_book_spans.sql'));
    expect(readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8')).toContain(spanMigrationSql(COPYRIGHT_BOOK_SPANS));
    const [key] = await queryRows<{ def: string }>(
      t.db,
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'copyright_book_spans_pk'`,
    );
    expect(key!.def).toBe('PRIMARY KEY (company_idx, block) INCLUDE (lo, hi)');
  });

  it('pages equal the plain query for ranges at the end, in the middle and open at either side, with and without a pay type', async () => {
    await expectCovered();
    const a6000 = await num(sql`select count(*) as n from copyright_books where company_idx = ${a.idx}`);
    expect(a6000).toBe(6_000);
    // a's 6,000 books fall on about one day each from 2010-01-01 to 2026-06: every range but the month's matches
    // more than fewFirst's 2,000, so those pages are walked, not sorted
    const filters: Filter[] = [
      { startDate: '2016-01-01' },
      { startDate: '2013-06-01', endDate: '2019-12-31' },
      { endDate: '2019-01-31' },
      { startDate: '2013-01-01', payType: 'sale' },
      { startDate: '2018-01-01', endDate: '2018-01-31' },
    ];
    const totals = [];
    for (const f of filters) totals.push(await expectPages(f));
    expect(totals.map((n) => n > 2_000)).toEqual([true, true, true, true, false]);
  });

  it('the walk reads only the blocks whose span meets the range', async () => {
    const all = await num(sql`select count(*) as n from copyright_books where company_idx = ${a.idx}`);
    const recent: Filter = { startDate: '2022-01-01' };
    const matches = await num(sql`select count(*) as n from copyright_books where ${where(recent)}`);
    const read = await walked(recent);
    // the matches, and at most the rest of their first block (1,024 numbers, two thirds of them a's): not the 4,000 books before
    expect(read).toBeGreaterThanOrEqual(matches);
    expect(read).toBeLessThanOrEqual(matches + 683);
    expect(read).toBeLessThan(all / 2);
    expect(await walked({ startDate: '2029-01-01' })).toBe(0);
    expect(await walked({ endDate: '2009-12-31' })).toBe(0);
  });

  it('a book moved into a range widens its block’s span; a book moved out or deleted leaves it, and the pages stay exact', async () => {
    // three old books moved to recent days, one block's books moved to another company, a stretch deleted
    await t.db.execute(sql`update copyright_books set publication_date = date '2030-06-01'
      where idx in (select idx from copyright_books where company_idx = ${a.idx} order by idx limit 3)`);
    await t.db.execute(sql`update copyright_books set company_idx = ${b.idx}
      where idx in (select idx from copyright_books where company_idx = ${a.idx} order by idx offset 2000 limit 40)`);
    await t.db.execute(sql`delete from copyright_books
      where idx in (select idx from copyright_books where company_idx = ${a.idx} and publication_date between '2017-01-01' and '2020-12-31' order by idx limit 500)`);
    await expectCovered();
    const moved = await expectPages({ startDate: '2030-01-01' });
    expect(moved).toBe(3);
    for (const f of [
      { startDate: '2016-01-01' },
      { startDate: '2013-06-01', endDate: '2019-12-31' },
      { endDate: '2012-01-01' },
    ] as Filter[])
      await expectPages(f);
    // the first block now spans to 2030: it is read for the recent range, the blocks between are not
    const read = await walked({ startDate: '2030-01-01' });
    expect(read).toBeGreaterThanOrEqual(3);
    expect(read).toBeLessThanOrEqual(1_024);
  });

  it('an update that moves no day writes no span', async () => {
    const before = await queryRows<{ xmin: string }>(t.db, sql`select xmin::text from copyright_book_spans order by company_idx, block`);
    await t.db.execute(sql`update copyright_books set title = title || ' (2nd ed.)' where company_idx = ${a.idx}`);
    const after = await queryRows<{ xmin: string }>(t.db, sql`select xmin::text from copyright_book_spans order by company_idx, block`);
    expect(after).toEqual(before);
    expect(before.length).toBeGreaterThan(5);
  });
});
