import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { escapeLike, queryRows, WALK_ROWS } from './index';

/**
 * A text search answered from the list's first rows (lib/lists/index.ts walkPage): for a common word the
 * page is the list's first matches and total_cnt the matches among the first WALK_ROWS rows, flagged
 * `total_at_least`; for a rare one, or deep pages, the gram index answers with the exact count. Oracle:
 * a plain ilike with offset/limit and count(*), for the copyright books, the registered books and a board.
 */
let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let tokenA: string;
let tokenB: string;
const N = WALK_ROWS + 600;
// one title in five says Garden; four Rare titles near the end; company b's every title says Garden
const title = (i: number) => (i >= N - 4 ? `Rare ${i}` : i % 5 === 0 ? `Garden ${i}` : `Moon ${i}`);

const PAGES: [number, number][] = [
  [0, 10],
  [10, 25],
  [390, 10],
  [1990, 10],
  [0, 50],
];

interface Answer {
  dataset: { idx: number }[];
  total_cnt: number;
  total_at_least?: boolean;
}

const plainIds = async (query: SQL) => (await queryRows<{ idx: number | string }>(t.db, query)).map((r) => Number(r.idx));

/** The answer equals the plain query's page; its total is exact, or a lower bound beyond the page when flagged. */
async function expectOracle(got: Answer, matching: SQL, order: SQL, start: number, length: number) {
  const page = await plainIds(sql`select idx from (${matching}) m order by ${order} offset ${start} limit ${length}`);
  const [exact] = await queryRows<{ n: number | string }>(t.db, sql`select count(*) as n from (${matching}) m`);
  expect(got.dataset.map((r) => Number(r.idx))).toEqual(page);
  if (got.total_at_least) {
    expect(got.total_cnt).toBeLessThanOrEqual(Number(exact!.n));
    expect(got.total_cnt).toBeGreaterThan(start + length);
  } else expect(got.total_cnt).toBe(Number(exact!.n));
}

const q = (o: unknown) => encodeURIComponent(typeof o === 'string' ? o : JSON.stringify(o));
async function get(token: string, url: string): Promise<Answer> {
  const res = await t.inject(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createCompany();
  b = await t.createCompany();
  tokenA = await t.login(a.id, a.password);
  tokenB = await t.login(b.id, b.password);
  for (const [co, all] of [
    [a, false],
    [b, true],
  ] as const) {
    const titleSql = all
      ? sql`'Garden ' || g`
      : sql`case when g >= ${N - 4} then 'Rare ' || g when g % 5 = 0 then 'Garden ' || g else 'Moon ' || g end`;
    await t.db
      .execute(sql`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
      select ${co.idx}, ${titleSql}, '979' || lpad((${co.idx}::bigint * 100000 + g)::text, 10, '0'), date '2024-01-01', 1000, 'KRW', 'sale', 10, now()
      from generate_series(0, ${N - 1}) g`);
    await t.db.execute(sql`insert into company_books (company_idx, isbn13, title, author, list_price, currency, created_at)
      select ${co.idx}, '979' || lpad((${co.idx}::bigint * 100000 + g)::text, 10, '0'), ${titleSql}, 'Author', 1000, 'KRW',
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute'
      from generate_series(0, ${N - 1}) g`);
  }
  // the Q&A board: writers 'Writer ' || g % 50 (one post in 50 for 'writer 7': 7, and not 17 … 47), AUT's; every third another division's
  await t.db.execute(sql`insert into bbs_posts (idx, board_idx, root_idx, root_title, thread_path, title, content, name, registrant_idx,
      registrant_type, company_division, created_at, updated_at)
    select id, (select idx from bbs_boards where name = 'qna'), id, t, lpad(id::text, 10, '0'), t, '<p>x</p>', 'Writer ' || g % 50, 1, 'manager',
      case when g % 3 = 2 then array['PUB']::varchar[] else array['AUT']::varchar[] end, now(), now()
    from (select nextval('bbs_posts_idx_seq') as id, g, 'Post ' || lpad(g::text, 5, '0') as t from generate_series(0, ${2 * N - 1}) g) s`);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('a text search answered from the list’s first rows', () => {
  it('walks index-only: the lists’ order indexes carry the searched columns (migration 0038), and the copyright books’ day index the number (0046)', async () => {
    const found = await queryRows<{ name: string; included: number | string }>(
      t.db,
      sql`select c.relname as name, i.indnatts - i.indnkeyatts as included from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname in ('copyright_books_company_idx', 'copyright_books_company_pubdate', 'company_books_company_created',
          'bbs_posts_board_thread_order') order by 1`,
    );
    expect(found.map((r) => [r.name, Number(r.included)])).toEqual([
      ['bbs_posts_board_thread_order', 4],
      ['company_books_company_created', 2],
      ['copyright_books_company_idx', 4],
      ['copyright_books_company_pubdate', 2],
    ]);
  });

  it('copyright books: the first matches and a lower bound for a common word, the exact count for a rare one', async () => {
    const matching = (co: TestCompany, kw: string) =>
      sql`select idx from copyright_books where company_idx = ${co.idx} and title ilike ${`%${escapeLike(kw)}%`}`;
    for (const kw of ['garden', 'GARDEN 1', 'rare', 'moon 25', 'e', 'nothing'])
      for (const [start, length] of PAGES) {
        const got = await get(
          tokenA,
          `/api/company/copyright/books?start=${start}&length=${length}&search_value=${q({ searchKey: 'title', keyword: kw })}`,
        );
        await expectOracle(got, matching(a, kw), sql`idx`, start, length);
      }
    const common = await get(
      tokenA,
      `/api/company/copyright/books?start=0&length=10&search_value=${q({ searchKey: 'title', keyword: 'garden' })}`,
    );
    // the walk's answer: the Garden titles among the first WALK_ROWS books
    expect(common).toMatchObject({ total_cnt: WALK_ROWS / 5, total_at_least: true });
    expect(common.dataset.map((r) => (r as unknown as { title: string }).title)).toEqual(
      Array.from({ length: 10 }, (_, i) => title(i * 5)),
    );
    const rare = await get(
      tokenA,
      `/api/company/copyright/books?start=0&length=10&search_value=${q({ searchKey: 'title', keyword: 'rare' })}`,
    );
    expect(rare.total_cnt).toBe(4);
    expect(rare.total_at_least).toBeUndefined();
    // company b's books are all Garden: never in a's answers, and b's own walk is its own
    const other = await get(
      tokenB,
      `/api/company/copyright/books?start=0&length=10&search_value=${q({ searchKey: 'title', keyword: 'rare' })}`,
    );
    expect(other.total_cnt).toBe(0);
  });

  it('copyright books by publication day: many matches walk the number order, few are sorted (listPage fewFirst)', async () => {
    // every book of a was published 2024-01-01; one in five pays on net
    await t.db.execute(sql`update copyright_books set pay_type = 'net' where company_idx = ${a.idx} and idx % 5 = 0`);
    for (const f of [
      { startDate: '2024-01-01', endDate: '2024-01-31' },
      { startDate: '2024-01-01', payType: 'net' },
      { startDate: '2024-02-01' },
      { endDate: '2023-12-31' },
    ] as const)
      for (const [start, length] of PAGES) {
        const got = await get(tokenA, `/api/company/copyright/books?start=${start}&length=${length}&search_value=${q(f)}`);
        const conds = [sql`company_idx = ${a.idx}`];
        if ('startDate' in f) conds.push(sql`publication_date >= ${f.startDate}::date`);
        if ('endDate' in f) conds.push(sql`publication_date <= ${f.endDate}::date`);
        if ('payType' in f) conds.push(sql`pay_type = ${f.payType}`);
        await expectOracle(got, sql`select idx from copyright_books where ${sql.join(conds, sql` and `)}`, sql`idx`, start, length);
        expect(got.total_at_least).toBeUndefined();
      }
  });

  it('registered books, newest first: the same, in the list’s own order', async () => {
    const matching = (kw: string) =>
      sql`select idx, created_at from company_books where company_idx = ${a.idx} and title ilike ${`%${escapeLike(kw)}%`}`;
    for (const kw of ['garden', 'rare', 'moon 2'])
      for (const [start, length] of PAGES) {
        const got = await get(
          tokenA,
          `/api/product/booksList?start=${start}&length=${length}&search_value=${q({ searchKey: 'title', keyword: kw })}`,
        );
        await expectOracle(got, matching(kw), sql`created_at desc, idx desc`, start, length);
      }
    const common = await get(tokenA, `/api/product/booksList?start=0&length=10&search_value=${q({ searchKey: 'title', keyword: 'moon' })}`);
    expect(common.total_at_least).toBe(true);
  });

  it('a board: title or writer, only the posts the division may see, in thread order', async () => {
    const matching = (kw: string) =>
      sql`select idx, root_title, root_idx, thread_path from bbs_posts
        where board_idx = (select idx from bbs_boards where name = 'qna') and 'AUT' = any(company_division)
          and (title ilike ${`%${escapeLike(kw)}%`} or name ilike ${`%${escapeLike(kw)}%`})`;
    const order = sql`root_title, root_idx, thread_path`;
    let walked = 0;
    for (const kw of ['writer 7', 'post 0001', 'writer 4', 'post 02'])
      for (const [start, length] of PAGES) {
        const got = await get(tokenA, `/api/help/bbs/qna?start=${start}&length=${length}&search_value=${q(kw)}`);
        await expectOracle(got, matching(kw), order, start, length);
        if (got.total_at_least) walked++;
      }
    expect(walked).toBeGreaterThan(0);
  });

  it('a board: writers whose posts all sort after the walk’s rows are read in list order per writer (SearchFacet)', async () => {
    const qna = sql`(select idx from bbs_boards where name = 'qna')`;
    // late posts (after 'Post 04000', beyond the walk's WALK_ROWS) by writers no early post has; one writer's name
    // is also in titles ('Post 0450…'), so some posts match both ways, and one of its posts is another division's
    await t.db.execute(sql`update bbs_posts set name = case when idx % 3 = 0 then 'Late Kim' when idx % 3 = 1 then 'late kimberly'
        else 'Post 0450 fan' end
      where board_idx = ${qna} and title >= 'Post 04000' and idx % 4 = 0`);
    const matching = (kw: string) =>
      sql`select idx, root_title, root_idx, thread_path from bbs_posts
        where board_idx = ${qna} and 'AUT' = any(company_division)
          and (title ilike ${`%${escapeLike(kw)}%`} or name ilike ${`%${escapeLike(kw)}%`})`;
    const order = sql`root_title, root_idx, thread_path`;
    for (const kw of ['late kim', 'LATE KIMBERLY', 'post 0450', '0450 fan', 'post 045'])
      for (const [start, length] of [...PAGES, [120, 25] as [number, number]]) {
        const got = await get(tokenA, `/api/help/bbs/qna?start=${start}&length=${length}&search_value=${q(kw)}`);
        await expectOracle(got, matching(kw), order, start, length);
        // none among the walk's rows: the exact total, from the writers' counts and the titles' matches
        expect(got.total_at_least, kw).toBeUndefined();
      }
    const both = await get(tokenA, `/api/help/bbs/qna?start=0&length=10&search_value=${q('post 0450')}`);
    expect(both.dataset.length).toBe(10);
  });

  it('a board: more matching writers than are read one by one falls back to every match (SearchFacet limit)', async () => {
    const qna = sql`(select idx from bbs_boards where name = 'qna')`;
    // 80 writers, all late in title order: beyond the 64 a facet reads one by one
    await t.db.execute(sql`update bbs_posts set name = 'Many ' || ((idx / 4) % 80)
      where board_idx = ${qna} and title >= 'Post 04000' and idx % 4 = 1`);
    const [writers] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from bbs_writer_counts where board_idx = ${qna} and division = 'AUT' and cnt > 0 and name ilike 'many %'`,
    );
    expect(Number(writers!.n)).toBeGreaterThan(64);
    const matching = sql`select idx, root_title, root_idx, thread_path from bbs_posts
      where board_idx = ${qna} and 'AUT' = any(company_division) and (title ilike '%many %' or name ilike '%many %')`;
    for (const [start, length] of PAGES) {
      const got = await get(tokenA, `/api/help/bbs/qna?start=${start}&length=${length}&search_value=${q('many ')}`);
      await expectOracle(got, matching, sql`root_title, root_idx, thread_path`, start, length);
      expect(got.total_at_least).toBeUndefined();
    }
  });
});
