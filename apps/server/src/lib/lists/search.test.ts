import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { escapeLike, queryRows } from './index';
import { chooseGrams, gramStats, listGrams, refreshGramStats, type GramStats } from './grams';
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

const BOOKS = { name: 'copyright_books_title_grams', owner: sql`b.company_idx`, text: sql`b.title` };

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

describe('the grams a search asks for (grams.ts)', () => {
  it('listGrams gives the numbers of the database’s list_grams', async () => {
    const texts = ['Garden 1234', 'The Secret GARDEN', '사랑의 기술', 'ÉCOLE des femmes', 'Straße', 'ab', 'Writer 78', '100% Pure'];
    for (const text of texts)
      for (const size of [2, 4] as const) {
        const [row] = await queryRows<{ g: string }>(
          t.db,
          sql`select list_grams(${a.idx}::bigint, ${text}::text, ${`{${size}}`}::int[])::text as g`,
        );
        expect(listGrams(a.idx, text, size).join(','), `${text} ${size}`).toBe(row!.g.slice(1, -1));
      }
  });

  // one owner of 1M rows where every name holds 'writer' and one row in 100 'r 78' (the bench's board), in shares of a 3M-row table
  const owner = 7;
  const writer = listGrams(owner, 'writer 78', 4);
  const share = (gram: string) => ({ writ: 0.33, rite: 0.33, iter: 0.33, 'ter ': 0.33, 'er 7': 0.011, 'r 78': 0.0033 })[gram]!;
  const stats: GramStats = {
    share: new Map(['writ', 'rite', 'iter', 'ter ', 'er 7', 'r 78'].map((w) => [String(listGrams(owner, w, 4)[0]), share(w)])),
    ownerTop: new Map([[BigInt(owner), 0.33]]),
    belowListed: 0.001,
    rows: 3_000_000,
  };

  it('asks the rarest gram and those that remove rows, not those every row of the owner holds', () => {
    // positions in 'writer 78': writ 1, rite 2, iter 3, 'ter ' 4, 'er 7' 5, 'r 78' 6
    expect(chooseGrams(writer, stats)).toEqual([5, 6]);
    // grams not listed are rarer than any listed one: asked first, and the listed ones weighed against their few rows
    const other = listGrams(owner, 'writer 1234', 4);
    const asked = chooseGrams(other, stats)!.map((p) => other[p - 1]!);
    expect(asked.length).toBeGreaterThan(0);
    for (const g of asked) expect(stats.share.has(String(g))).toBe(false);
  });

  it('asks every gram without statistics, or for an owner none of whose grams is listed', () => {
    expect(chooseGrams(writer, undefined)).toBeUndefined();
    expect(chooseGrams(listGrams(owner + 1, 'writer 78', 4), stats)).toBeUndefined();
    expect(chooseGrams(listGrams(owner, 'r 78', 4), stats)).toBeUndefined();
  });

  it('with the statistics of an ANALYZE, asks fewer grams and still answers what ilike answers', async () => {
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
    await refreshGramStats(t.db);
    const stats = gramStats('copyright_books_title_grams');
    expect(stats?.ownerTop.has(BigInt(c.idx))).toBe(true);
    const keyword = 'common words rare1';
    const ask = chooseGrams(listGrams(c.idx, keyword, 4), stats);
    expect(ask?.length).toBeGreaterThan(0);
    expect(ask!.length).toBeLessThan(listGrams(c.idx, keyword, 4).length);
    const where = containsText(BOOKS, c.idx, [sql`b.title`], keyword);
    for (const kw of [keyword, 'COMMON WORDS RARE', 'words 12', 'common', 'İSTANBUL COMMON', 'istanbul', 'nothing like it'])
      expect(await ids(sql`b.company_idx = ${c.idx} and ${containsText(BOOKS, c.idx, [sql`b.title`], kw)}`), kw).toEqual(
        await ids(sql`b.company_idx = ${c.idx} and b.title ilike ${`%${escapeLike(kw)}%`}`),
      );
    expect((await ids(sql`b.company_idx = ${c.idx} and ${where}`)).length).toBe(11);
    // the planner computes the grams asked once (list_grams_at is immutable) and sees them as a constant
    const grams = listGrams(c.idx, keyword, 4);
    const plan = await queryRows<Record<string, string>>(
      t.db,
      sql`explain select b.idx from copyright_books b where b.company_idx = ${c.idx} and ${where}`,
    );
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain(`@> '{${ask!.map((p) => grams[p - 1]).join(',')}}'::bigint[]`);
  });
});
