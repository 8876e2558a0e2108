import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';

/**
 * The company's addresses and contact persons page through lib/lists (issue 57) against an oracle: rows inserted with
 * SQL for two companies (some deleted, so the idx have gaps), then for random starts and lengths, and first/middle/
 * last/beyond the end, the API's ids and total_cnt must equal a plain `count(*)` and `order by idx offset … limit`.
 */

let t: TestContext;
let me: TestCompany;
let token: string;
const DB = process.env.TEST_DB ?? 'pglite';

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;

const LISTS = [
  {
    name: 'addresses',
    url: '/api/company/CompanyAddress',
    detail: '/api/company/CompanyAddressDetail',
    table: 'customer_addresses',
    key: 'customer_address_idx',
  },
  {
    name: 'contact persons',
    url: '/api/company/CompanyContactPerson',
    detail: '/api/company/CompanyContactPersonDetail',
    table: 'company_contact_persons',
    key: 'contact_person_idx',
  },
] as const;
type List = (typeof LISTS)[number];

async function insertRows(companyIdx: number, n: number, defaultAt: number) {
  await t.db
    .execute(`insert into customer_addresses (company_idx, address_name, country, zipcode, address_line1, address_line2, city, state, telephone, fax, default_yn)
    select ${companyIdx}, 'address ' || g, (array['KOR','USA','JPN'])[1 + g % 3], lpad(g::text, 5, '0'), 'line ' || g, case when g % 2 = 0 then 'floor ' || g else '' end,
      case when g % 3 = 0 then '' else 'city ' || g end, '', '02-' || g, '', case when g = ${defaultAt} then 'Y' else '' end
    from generate_series(1, ${n}) g`);
  await t.db.execute(`insert into company_contact_persons (company_idx, name, department, position, email, telephone, mobile)
    select ${companyIdx}, 'person ' || g, 'dept ' || g % 4, '', 'p' || g || '@example.com', '02-' || g, case when g % 2 = 0 then '010-' || g else '' end
    from generate_series(1, ${n}) g`);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createCompany();
  const other = await t.createCompany();
  token = await t.login(me.id, me.password);
  // the two companies' rows interleave in idx order
  for (let i = 0; i < 3; i++) {
    await insertRows(me.idx, 20, i === 0 ? 5 : 0);
    await insertRows(other.idx, 7, i === 1 ? 2 : 0);
  }
  for (const l of LISTS) await t.db.execute(`delete from ${l.table} where company_idx = ${me.idx} and ${l.key} % 7 = 3`);
});
afterAll(() => t.close());

/** The oracle: the caller's rows counted and paged by offset in idx order. */
async function expected(l: List, start: number, length: number) {
  const where = `company_idx = ${me.idx}`;
  const [c] = await q<{ n: number }>(`select count(*)::int as n from ${l.table} where ${where}`);
  const page = await q<Record<string, number>>(
    `select ${l.key} from ${l.table} where ${where} order by ${l.key} offset ${start} limit ${length}`,
  );
  return { total: c!.n, ids: page.map((r) => Number(r[l.key])) };
}

async function api(l: List, start: number, length: number) {
  const res = await t.inject(token, { method: 'GET', url: `${l.url}?start=${start}&length=${length}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ dataset: Record<string, unknown>[]; total_cnt: number }>();
}

describe(`the company's addresses and contact persons match count(*) and offset (${DB})`, () => {
  it('for random starts and lengths: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS),
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom(1, 7, 10, 25, 100),
        async (l, start, length) => {
          const [got, want] = await Promise.all([api(l, start, length), expected(l, start, length)]);
          const at = JSON.stringify({ list: l.name, start, length });
          expect(got.total_cnt, at).toBe(want.total);
          expect(
            got.dataset.map((r) => r[l.key]),
            at,
          ).toEqual(want.ids);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('first, middle, last and beyond the end; each row as its detail shows it', async () => {
    for (const l of LISTS) {
      const { total } = await expected(l, 0, 1);
      expect(total, l.name).toBeGreaterThan(20);
      for (const start of [0, 10, Math.floor(total / 2), total - 3, total - 1, total, total + 5]) {
        for (const length of [10, total]) {
          const [got, want] = await Promise.all([api(l, start, length), expected(l, start, length)]);
          expect(got.total_cnt, JSON.stringify({ list: l.name, start, length })).toBe(want.total);
          expect(got.dataset.map((r) => r[l.key])).toEqual(want.ids);
        }
      }
      // the list's rows carry the same fields as the detail call (Drizzle's select of the row)
      for (const row of (await api(l, 0, 100)).dataset) {
        const res = await t.inject(token, { method: 'GET', url: `${l.detail}/${String(row[l.key])}` });
        expect(res.json<unknown[]>()[0], l.name).toEqual(row);
      }
    }
  });
});
