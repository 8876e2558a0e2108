import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { escapeLike, queryRows } from './index';
import { listPosts } from '../../modules/help/help.repository';
import { containsText } from './search';

/**
 * The gram search (lib/lists/search.ts) answers what a plain ilike '%…%' answers, for keywords of one to
 * many characters, in any case, in Korean, with LIKE's wildcards as plain characters, and never across
 * owners or across the two columns a board searches together; and the plan reads the gram index.
 */
let t: TestContext;
let a: TestCompany;
let b: TestCompany;

const TITLES = [
  'Garden 1234',
  'garden of words',
  'The Secret GARDEN',
  '사랑의 기술',
  '사랑',
  '한국 현대 소설 선집',
  'ÉCOLE des femmes',
  '100% Pure',
  'a_b c',
  'Straße und Weg',
  'x',
  '',
];
const KEYWORDS = [
  'g',
  'ga',
  'GAR',
  'gard',
  'garden 1',
  'den',
  ' of ',
  '사랑',
  '사',
  '의 기술',
  '현대 소',
  'école',
  'É',
  '100%',
  '0% P',
  '_b',
  'a_',
  'STRASSE',
  'straße',
  'x',
  'zz',
  'nothing like it',
];

const BOOKS = { owner: sql`b.company_idx`, text: sql`b.title` };

const ids = async (where: ReturnType<typeof sql>) =>
  (await queryRows<{ idx: number | string }>(t.db, sql`select b.idx from copyright_books b where ${where} order by b.idx`)).map((r) =>
    Number(r.idx),
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createCompany();
  b = await t.createCompany();
  for (const co of [a, b])
    for (const [i, title] of TITLES.entries())
      await t.db
        .execute(sql`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
        values (${co.idx}, ${title}, ${`979000000${String(co.idx % 100).padStart(2, '0')}${String(i).padStart(2, '0')}`}, '2024-01-01', 1000, 'KRW', 'sale', 10, now())`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('contains-search on one owner’s grams', () => {
  it('equals ilike for every keyword, and finds no other company’s rows', async () => {
    for (const kw of KEYWORDS) {
      const got = await ids(sql`b.company_idx = ${a.idx} and ${containsText(BOOKS, a.idx, [sql`b.title`], kw)}`);
      const want = await ids(sql`b.company_idx = ${a.idx} and b.title ilike ${`%${escapeLike(kw)}%`}`);
      expect(got, kw).toEqual(want);
    }
    // the words that are there are found (the comparison above is not between two empty answers)
    expect(await ids(sql`b.company_idx = ${a.idx} and ${containsText(BOOKS, a.idx, [sql`b.title`], '사랑')}`)).toHaveLength(2);
    // the grams carry the owner: the index alone (without the company condition) finds only a's rows
    const onlyGrams = await queryRows<{ company_idx: number | string }>(
      t.db,
      sql`select distinct b.company_idx from copyright_books b
        where list_grams(b.company_idx, b.title, '{2,4}') @> list_grams(${a.idx}::bigint, 'garden', '{4}')`,
    );
    expect(onlyGrams.map((r) => Number(r.company_idx))).toEqual([a.idx]);
  });

  it('a board’s title-or-writer search never matches across the two columns', async () => {
    const board = (await queryRows<{ idx: number }>(t.db, sql`select idx from bbs_boards where name = 'qna'`))[0]!.idx;
    await t.db
      .execute(sql`insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division, thread_path)
      values (${board}, 'Refund abc', '<p>x</p>', 'def Writer', 1, 'manager', array['AUT']::varchar[], 'gram-test')`);
    // the board's own search: titles by their grams, writers by the board's writers (help.repository.ts listPosts)
    const find = async (kw: string) =>
      (await listPosts(t.db, { boardIdx: board, division: 'AUT', search: kw, start: 0, length: 10 })).total;
    expect(await find('abc')).toBe(1);
    expect(await find('DEF WRITER')).toBe(1);
    expect(await find('abcdef')).toBe(0);
    expect(await find('c d')).toBe(0);
  });

  it('the plan reads the gram index', async () => {
    // with a dozen rows a plan may scan the table: forbid that, as a million rows would
    await t.db.execute(sql`set enable_seqscan = off`);
    const forced = await queryRows<Record<string, string>>(
      t.db,
      sql`explain select b.idx from copyright_books b where ${containsText(BOOKS, a.idx, [sql`b.title`], 'garden')}`,
    );
    await t.db.execute(sql`reset enable_seqscan`);
    expect(forced.map((r) => Object.values(r)[0]).join('\n')).toContain('copyright_books_title_grams');
  });
});

describe('searches on an analysed table', () => {
  it('answer what ilike answers when one word is in every title and another in few', async () => {
    // a company whose every title holds 'common words', one in a hundred 'rare…'
    const c = await t.createCompany();
    await t.db
      .execute(sql`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
      select ${c.idx}, 'Common words ' || case when g % 100 = 0 then 'rare' else '' end || g, '97911' || lpad(g::text, 8, '0'), '2024-01-01', 1000, 'KRW', 'sale', 10, now()
      from generate_series(1, 4000) g`);
    await t.db
      .execute(sql`insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
      values (${c.idx}, 'İstanbul common words', '9791199999999', '2024-01-01', 1000, 'KRW', 'sale', 10, now())`);
    await t.db.execute(sql`analyze copyright_books`);
    for (const kw of ['common words rare1', 'COMMON WORDS RARE', 'words 12', 'common', 'İSTANBUL COMMON', 'istanbul', 'nothing like it'])
      expect(await ids(sql`b.company_idx = ${c.idx} and ${containsText(BOOKS, c.idx, [sql`b.title`], kw)}`), kw).toEqual(
        await ids(sql`b.company_idx = ${c.idx} and b.title ilike ${`%${escapeLike(kw)}%`}`),
      );
    expect((await ids(sql`b.company_idx = ${c.idx} and ${containsText(BOOKS, c.idx, [sql`b.title`], 'common words rare1')}`)).length).toBe(
      11,
    );
  });
});
