import { isbn13CheckDigit, type TBookLookupRow, type TValidBook } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyrightBooks } from '../../db/schema';
import { catalogueBooks, DEMO_CATALOGUE_SIZE, seedCatalogue } from '../../db/seed/product';
import { createTestApp, type TestContext } from '../../test/helper';
import { createProductService } from './product.service';

let t: TestContext;
let a: { idx: number; token: string };
let b: { idx: number; token: string };

/** Valid ISBNs that are in no catalogue (group 979-12 is not used by the seed). */
const unknownIsbn = (n: number) => {
  const first12 = `97912${String(n).padStart(7, '0')}`;
  return first12 + isbn13CheckDigit(first12);
};
const catalogue = catalogueBooks(0, DEMO_CATALOGUE_SIZE);

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedCatalogue(t.db)).toBeGreaterThanOrEqual(500);
  const ca = await t.createCompany({ id: 'books_a', password: 'books-pass' });
  const cb = await t.createCompany({ id: 'books_b', password: 'books-pass' });
  a = { idx: ca.idx, token: await t.login('books_a', 'books-pass') };
  b = { idx: cb.idx, token: await t.login('books_b', 'books-pass') };
});
afterAll(() => t.close());

const lookup = (isbns: string[], token = a.token) =>
  t.inject(token, { method: 'GET', url: `/api/product/excelApiBookInfo?isbns=${isbns.join(',')}` });
const save = (data: unknown[], token = a.token) => t.inject(token, { method: 'POST', url: '/api/product/booksExcel', payload: { data } });
const list = (search: object = {}, token = a.token, paging = 'start=0&length=100') =>
  t.inject(token, {
    method: 'GET',
    url: `/api/product/booksList?${paging}&search_value=${encodeURIComponent(JSON.stringify(search))}`,
  });
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

describe(`product lookup (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('the seeded catalogue holds at least 500 Korean titles with valid 979-11 / 978-89 ISBNs', () => {
    expect(new Set(catalogue.map((c) => c.isbn13)).size).toBe(catalogue.length);
    for (const c of catalogue) {
      expect(c.isbn13).toMatch(/^(97911|97889)\d{8}$/);
      expect(isbn13CheckDigit(c.isbn13.slice(0, 12))).toBe(c.isbn13[12]);
      expect(c.title).toMatch(/[가-힣]/);
    }
  });

  it('answers every ISBN of a batch of 100, in order, with the not-found ones marked', async () => {
    const asked = [...catalogue.slice(0, 90).map((c) => c.isbn13), ...Array.from({ length: 10 }, (_, i) => unknownIsbn(i))];
    const res = await lookup(asked);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as TBookLookupRow[];
    expect(rows.map((r) => r.isbn13)).toEqual(asked);
    expect(rows.filter((r) => r.found)).toHaveLength(90);
    expect(rows[0]).toMatchObject({
      found: true,
      source: 'catalogue',
      title: catalogue[0]!.title,
      author: catalogue[0]!.author,
      pub_nm: catalogue[0]!.pubNm,
      pub_date: catalogue[0]!.pubDate,
      PAGE: catalogue[0]!.page,
      cover_s_url: `/api/product/cover/${catalogue[0]!.isbn13}`,
    });
    expect(rows[0]!.list_price).toMatch(/^\d+(\.00)?$/);
    expect(rows[95]).toMatchObject({ isbn13: unknownIsbn(5), found: false, source: null, title: '' });
  });

  it('refuses more than 100 ISBNs a call, bad check digits and an empty list', async () => {
    const many = Array.from({ length: 101 }, (_, i) => unknownIsbn(i));
    expect((await lookup(many)).statusCode).toBe(400);
    const bad = await lookup(['9791158390458']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await t.inject(a.token, { method: 'GET', url: '/api/product/excelApiBookInfo?isbns=' })).statusCode).toBe(400);
  });

  it('needs a token', async () => {
    expect((await lookup([catalogue[0]!.isbn13], null as unknown as string)).statusCode).toBe(401);
    expect((await save([asInput(catalogue[0]!)], null as unknown as string)).statusCode).toBe(401);
    expect((await list({}, null as unknown as string)).statusCode).toBe(401);
  });

  it('serves a generated cover for catalogue books without a token, 404 for others', async () => {
    const res = await t.inject(null, { method: 'GET', url: `/api/product/cover/${catalogue[3]!.isbn13}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect((await t.inject(null, { method: 'GET', url: `/api/product/cover/${unknownIsbn(1)}` })).statusCode).toBe(404);
  });
});

describe(`product save (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('stores the rows for the company and lists them newest first with the registration date', async () => {
    const rows = catalogue.slice(10, 15).map(asInput);
    rows[1] = { ...rows[1]!, title: '편집한 제목' };
    const res = await save(rows);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', saved: 5, duplicates: [] });
    const l = (await list()).json();
    expect(l.total_cnt).toBe(5);
    expect(l.dataset.map((r: { isbn13: string }) => r.isbn13)).toEqual(rows.map((r) => r.isbn13).reverse());
    expect(l.dataset.find((r: { isbn13: string }) => r.isbn13 === rows[1]!.isbn13)).toMatchObject({
      title: '편집한 제목',
      list_price: expect.stringMatching(/^\d+\.00$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('lists each price with its currency and icon (Korean list prices are in won)', async () => {
    const l = (await list()).json();
    expect(l.dataset.length).toBeGreaterThan(0);
    for (const r of l.dataset) expect(r).toMatchObject({ currency: 'KRW', currency_icon: '₩' });
  });

  it('reports an ISBN the company already registered instead of storing it twice', async () => {
    const rows = catalogue.slice(14, 17).map(asInput); // 14 is already there
    const res = await save(rows);
    expect(res.json()).toEqual({ status: 'success', saved: 2, duplicates: [catalogue[14]!.isbn13] });
    expect((await list()).json().total_cnt).toBe(7);
  });

  it('a bad row in the middle saves nothing, and says which row', async () => {
    const rows = catalogue.slice(20, 25).map(asInput);
    const bad = [...rows.slice(0, 2), { ...rows[2]!, title: '   ', list_price: '12.345' }, ...rows.slice(3)];
    const res = await save(bad);
    expect(res.statusCode).toBe(400);
    const paths = (res.json().issues as { path: string }[]).map((i) => i.path);
    expect(paths.some((p) => p.includes('2') && p.includes('title'))).toBe(true);
    expect(paths.some((p) => p.includes('2') && p.includes('list_price'))).toBe(true);
    expect((await list()).json().total_cnt).toBe(7);
  });

  it('refuses a duplicate ISBN inside one upload', async () => {
    const r = asInput(catalogue[30]!);
    const res = await save([r, r]);
    expect(res.statusCode).toBe(400);
    expect((await list()).json().total_cnt).toBe(7);
  });

  it('rolls back the whole transaction when the database refuses a row after others were written', async () => {
    // 600 rows: the first chunk of 500 is inserted before row 550 breaks a CHECK constraint
    const service = createProductService({ db: t.db, config: t.config, copyrightBooks: () => Promise.resolve([]) });
    const rows: TValidBook[] = Array.from({ length: 600 }, (_, i) => ({
      isbn13: unknownIsbn(10_000 + i),
      title: `대량 ${i}`,
      author: '',
      pub_nm: '',
      pub_date: '',
      list_price: '1000',
      PAGE: i === 550 ? -1 : 100,
      cover_s_url: '',
    }));
    await expect(service.saveBooks(a.idx, rows)).rejects.toThrow();
    expect((await list()).json().total_cnt).toBe(7);
  });

  it('stores optional fields empty and keeps the price exact', async () => {
    const res = await save([{ isbn13: unknownIsbn(77), title: '제목만 있는 책', list_price: '12345678901.99' }]);
    expect(res.json()).toMatchObject({ saved: 1 });
    const row = (await list({ searchKey: 'isbn', keyword: unknownIsbn(77) })).json().dataset[0];
    expect(row).toMatchObject({ title: '제목만 있는 책', author: '', pub_date: '', PAGE: null, list_price: '12345678901.99' });
  });
});

describe(`product list and isolation (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('searches by title or by ISBN (with or without hyphens)', async () => {
    const byTitle = (await list({ searchKey: 'title', keyword: '편집한' })).json();
    expect(byTitle.total_cnt).toBe(1);
    const isbn = catalogue[12]!.isbn13;
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 5)}-${isbn.slice(5)}`;
    const byIsbn = (await list({ searchKey: 'isbn', keyword: hyphenated })).json();
    expect(byIsbn.dataset.map((r: { isbn13: string }) => r.isbn13)).toEqual([isbn]);
    expect((await list({ searchKey: 'title', keyword: '%' })).json().total_cnt).toBe(0);
  });

  it('filters by registration date and pages with total_cnt', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await list({ startDate: '2000-01-01', endDate: '2000-12-31' })).json().total_cnt).toBe(0);
    expect((await list({ startDate: '2000-01-01', endDate: '2100-01-01' })).json().total_cnt).toBe(8);
    const page = (await list({}, a.token, 'start=5&length=5')).json();
    expect(page.total_cnt).toBe(8);
    expect(page.dataset).toHaveLength(3);
    expect(page.dataset[0].no).toBe(6);
    expect(today).toMatch(/^\d{4}/);
  });

  it("a company sees only its own books, and another company's registration is no duplicate", async () => {
    expect((await list({}, b.token)).json().total_cnt).toBe(0);
    const res = await save([asInput(catalogue[10]!)], b.token);
    expect(res.json()).toEqual({ status: 'success', saved: 1, duplicates: [] });
    expect((await list({}, b.token)).json().total_cnt).toBe(1);
    expect((await list({}, a.token)).json().total_cnt).toBe(8);
    // the body cannot choose the company
    const sneaky = await t.inject(b.token, {
      method: 'POST',
      url: '/api/product/booksExcel',
      payload: { data: [{ ...asInput(catalogue[40]!), company_idx: a.idx }] },
    });
    expect(sneaky.statusCode).toBe(200);
    expect((await list({}, a.token)).json().total_cnt).toBe(8);
  });
});

describe(`product lookup flags what the company registered (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('marks the ISBNs the asking company registered, and only its own', async () => {
    // a registered catalogue 10-16 and the hand-entered unknownIsbn(77); b registered catalogue 10
    const asked = [catalogue[10]!.isbn13, catalogue[11]!.isbn13, catalogue[50]!.isbn13, unknownIsbn(77), unknownIsbn(78)];
    const forA = (await lookup(asked)).json() as TBookLookupRow[];
    // the company's registered books are found first, from its own registration
    expect(forA.map((r) => [r.found, r.registered, r.source])).toEqual([
      [true, true, 'registered'],
      [true, true, 'registered'],
      [true, false, 'catalogue'],
      [true, true, 'registered'],
      [false, false, null],
    ]);
    expect(forA[3]).toMatchObject({ title: '제목만 있는 책', list_price: '12345678901.99' });
    expect(forA[4]).toMatchObject({ title: '', registered: false });
    const forB = (await lookup(asked, b.token)).json() as TBookLookupRow[];
    expect(forB.map((r) => r.registered)).toEqual([true, false, false, false, false]);
    // a's hand-entered book never reaches b
    expect(forB[3]).toMatchObject({ found: false, title: '', author: '', list_price: '0' });
  });

  it('a not-found ISBN filled in by hand is saved, then looked up as registered', async () => {
    const isbn = unknownIsbn(79);
    const before = (await lookup([isbn])).json() as TBookLookupRow[];
    expect(before[0]).toMatchObject({ found: false, registered: false });
    // the same rules as a found row: a title is required
    expect((await save([{ isbn13: isbn, title: '' }])).statusCode).toBe(400);
    const res = await save([
      { isbn13: isbn, title: '손으로 입력한 책', author: '김서연', pub_date: '2024-05-01', list_price: '18000', PAGE: 240 },
    ]);
    expect(res.json()).toEqual({ status: 'success', saved: 1, duplicates: [] });
    const after = (await lookup([isbn])).json() as TBookLookupRow[];
    expect(after[0]).toMatchObject({
      found: true,
      source: 'registered',
      registered: true,
      title: '손으로 입력한 책',
      author: '김서연',
      PAGE: 240,
      pub_date: '2024-05-01',
    });
  });
});

describe(`product lookup knows the company's own copyright books (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it("finds a copyright book of the asking company before the catalogue, and never another company's", async () => {
    const mine = unknownIsbn(501);
    const both = catalogue[60]!.isbn13;
    const theirs = unknownIsbn(502);
    const book = (companyIdx: number, isbn: string, title: string) => ({
      companyIdx,
      title,
      isbn,
      rate: '10.00',
      payType: 'sale',
      imgUrl: `/api/copyright/cover/${isbn}.svg`,
      publicationDate: '2025-03-01',
      pageCount: 312,
      listPrice: '22000.00',
      currency: 'KRW',
    });
    await t.db
      .insert(copyrightBooks)
      .values([
        book(a.idx, mine, '우리 출판사의 책'),
        book(a.idx, both, '카탈로그에도 있는 우리 책'),
        book(b.idx, theirs, '다른 회사의 책'),
      ]);
    const rows = (await lookup([mine, both, theirs])).json() as TBookLookupRow[];
    expect(rows[0]).toMatchObject({
      isbn13: mine,
      found: true,
      source: 'copyright',
      registered: false,
      title: '우리 출판사의 책',
      pub_date: '2025-03-01',
      list_price: '22000.00',
      PAGE: 312,
    });
    // the company's own title wins over the catalogue's
    expect(rows[1]).toMatchObject({ found: true, source: 'copyright', title: '카탈로그에도 있는 우리 책' });
    expect(rows[2]).toMatchObject({ found: false, source: null, title: '' });
  });
});

describe(`product save at full size (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('saves a 5,000-row upload in one call and refuses 5,001', async () => {
    await t.createCompany({ id: 'books_c', password: 'books-pass' });
    const c = await t.login('books_c', 'books-pass');
    const rows = Array.from({ length: 5001 }, (_, i) => ({
      isbn13: unknownIsbn(200_000 + i),
      title: `한 번에 올린 책 ${i}`,
      author: '김민준',
      pub_nm: '한빛나래',
      pub_date: '2024-01-01',
      list_price: '15000',
      PAGE: 200,
      cover_s_url: '',
    }));
    expect((await save(rows, c)).statusCode).toBe(400);
    const res = await save(rows.slice(0, 5000), c);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: 5000, duplicates: [] });
    expect((await list({}, c)).json().total_cnt).toBe(5000);
  });
});
