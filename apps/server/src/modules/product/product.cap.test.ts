import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueBooks, DEMO_CATALOGUE_SIZE, seedCatalogue } from '../../db/seed/product';
import { createTestApp, type TestContext } from '../../test/helper';

// A per-company cap on registered books (issue 13): BOOKS_MAX_PER_COMPANY, here 5.
const MAX = 5;
let t: TestContext;
const catalogue = catalogueBooks(0, DEMO_CATALOGUE_SIZE);
const asInput = (r: (typeof catalogue)[number]) => ({
  isbn13: r.isbn13,
  title: r.title,
  author: r.author,
  pub_nm: r.pubNm,
  pub_date: r.pubDate,
  list_price: r.listPrice,
  PAGE: r.page,
  cover_s_url: r.coverSUrl,
});
const books = (from: number, n: number) => catalogue.slice(from, from + n).map(asInput);
const save = (token: string, data: unknown[]) => t.inject(token, { method: 'POST', url: '/api/product/booksExcel', payload: { data } });
const count = async (companyIdx: number) =>
  (
    (await t.db.execute(`select count(*)::int as n from company_books where company_idx = ${companyIdx}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;
let n = 0;
const company = async () => {
  const c = await t.createCompany({ id: `cap_${++n}`, password: 'books-pass' });
  return { idx: c.idx, token: await t.login(`cap_${n}`, 'books-pass') };
};

beforeAll(async () => {
  t = await createTestApp({ booksMaxPerCompany: MAX });
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

describe(`registered books cap (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('a save that would pass the cap stores nothing and answers the spec message with the number', async () => {
    const a = await company();
    expect((await save(a.token, books(0, 3))).json()).toMatchObject({ status: 'success', saved: 3 });
    const over = await save(a.token, books(3, 3));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: `Maximum number allowed is ${MAX}.`,
      params: { number: MAX },
      requestId: expect.any(String),
    });
    expect(await count(a.idx)).toBe(3);
    // books already registered do not count again: 3 known + 2 new reach the cap exactly
    expect((await save(a.token, books(0, 5))).json()).toMatchObject({ saved: 2, duplicates: books(0, 3).map((b) => b.isbn13) });
    expect(await count(a.idx)).toBe(MAX);
    expect((await save(a.token, books(0, 5))).json()).toMatchObject({ saved: 0 });
    expect((await save(a.token, books(10, 1))).statusCode).toBe(409);
    // the cap is per company
    const b = await company();
    expect((await save(b.token, books(0, MAX))).json()).toMatchObject({ saved: MAX });
  });

  it('one save larger than the cap is refused whole', async () => {
    const c = await company();
    const res = await save(c.token, books(20, MAX + 1));
    expect(res.statusCode).toBe(409);
    expect(await count(c.idx)).toBe(0);
  });

  it('two concurrent saves cannot both pass the cap', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await company();
      const [x, y] = await Promise.all([save(c.token, books(40, 3)), save(c.token, books(60, 3))]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      expect(await count(c.idx)).toBe(3);
    }
  });
});
