import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRoyaltyFilter } from '@portal/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createTestApp, type TestContext } from '../../test/helper';
import { royaltyPageSql, type RoyaltyWhere } from './copyright.repository';

/**
 * The royalty page's statement, prepared (db/prepared-statements.ts), is kept as a generic plan by PostgreSQL's
 * own choice, also for a page deep into a book: planned again on every call it cost 1.1–1.5 ms of planning
 * beside 0.2–0.4 ms of execution at 1M (docs/decisions/pg-prepared-statements.md). PostgreSQL only: PGlite
 * keeps no plans.
 */
describe.skipIf(process.env.TEST_DB !== 'pg')('royalty page statement on PostgreSQL', () => {
  let t: TestContext;
  let client: pg.Client;
  let w: RoyaltyWhere;
  let target: number;

  beforeAll(async () => {
    t = await createTestApp();
    const co = await t.createCompany();
    const other = await t.createCompany();
    // As in the bench's database, where the planner expected 101 lines of a book of 200: 149 books of 130 lines
    // (100 of them fill the planner's most-common values), one of 125 (estimated at the average of the rest,
    // about 100), and another company's 300 books of 100 lines
    const insertBooks = async (company: number, n: number) =>
      (
        (await t.db.execute(`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate)
        select ${company}, 'Plan ' || g, '9791' || lpad((${company} * 1000 + g)::text, 9, '0'), date '2021-01-01' + g, 1000, 'KRW', 'sale', 10
        from generate_series(1, ${n}) g returning idx`)) as unknown as { rows: { idx: number }[] }
      ).rows.map((r) => Number(r.idx));
    const mine = await insertBooks(co.idx, 150);
    const others = await insertBooks(other.idx, 300);
    target = mine[0]!;
    await t.db.execute(`insert into royalty_customers (name, country) values ('Plan Customer', 'USA')`);
    const lines = (bookIdxs: number[], n: number) =>
      t.db.execute(`insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, created_at)
        select b.company_idx, b.idx, (select max(idx) from royalty_customers), 1.5, 'KRW', 1, timestamptz '2026-01-01 00:00:00+00' + g * interval '1 hour'
        from copyright_books b cross join generate_series(1, ${n}) g where b.idx in (${bookIdxs.join(',')})`);
    await lines(mine.slice(1), 130);
    await lines([target], 125);
    await lines(others, 100);
    // vacuumed as the bench's tables are: the visibility map lets a plan read a book's lines from the index alone
    await t.db.execute('vacuum analyze royalty_lines');
    await t.db.execute('analyze copyright_books');
    w = { companyIdx: co.idx, filter: {} as TRoyaltyFilter, customerIdxs: null, timeZone: 'UTC' };
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  it('is planned once, not on every call, for a page past the planner’s estimate of the book’s lines', async () => {
    const dialect = new PgDialect();
    for (let i = 0; i < 12; i++) {
      const q = dialect.sqlToQuery(royaltyPageSql(w, [{ bookIdx: target, offset: 115, limit: 10 }]));
      const res = await client.query({ name: 'royalty_page', text: q.sql, values: q.params as unknown[] });
      expect(res.rows).toHaveLength(10);
    }
    const [plans] = (
      await client.query<{ generic: string; custom: string }>(
        `select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'royalty_page'`,
      )
    ).rows;
    // PostgreSQL plans the first five calls for their values, then keeps the generic plan if it costs no more
    expect(Number(plans!.custom)).toBe(5);
    expect(Number(plans!.generic)).toBe(7);
  });
});
