import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, type TStatementList, type TStatementsFilter } from '@portal/contract';
import type { TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';

/**
 * The statements' filter (issue 57, the list recipe of docs/CONVENTIONS.md) against an oracle: statements inserted
 * with SQL (months and quarters that start the same day, several versions, another company's), then for random
 * filters (currency, a range on the period's first day) and starts the API's page and total_cnt must equal a plain
 * `count(*)` and `order by … offset … limit` written here.
 */

let t: TestContext;
let me: TestCompany;
let token: string;
const DB = process.env.TEST_DB ?? 'pglite';
const CURRENCIES = ['KRW', 'USD', 'JPY', 'EUR'] as const;
/** month n of the data: 2023-01-01 + n months (the statements start on months 0…35) */
const month = (n: number, day = 1) =>
  `${2023 + Math.floor(n / 12)}-${String((((n % 12) + 12) % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Statements of a company: every month × currency (a second version for some), and KRW quarters on the months' first days. */
async function insertStatements(companyIdx: number) {
  const values = (period: string, number: string, end: string) => `
    insert into royalty_statements (company_idx, period, period_start, period_end, currency, version, number, lang,
      line_count, qty, sample_qty, disuse_qty, opening_balance, royalty, settled, closing_balance, digest, storage_key, size, issued_at)
    select ${companyIdx}, ${period}, d::date, ${end}, c, v, ${number} || '-${companyIdx}-' || c || '-v' || v,
      (array['en','ko','ja'])[1 + v % 3], 10 * v, 100 + v, v, 0, '1.50', (12345.67 * v)::numeric(14,2), '100.00',
      (12247.17 * v)::numeric(14,2), md5(${number} || c || v), 'k/${companyIdx}/' || ${number} || c || v, 4000 + v,
      (d + interval '1 month 2 days') at time zone 'UTC'`;
  await t.db.execute(`${values(`to_char(d, 'YYYY-MM')`, `'M' || to_char(d, 'YYYYMM')`, `(d + interval '1 month' - interval '1 day')::date`)}
    from generate_series(timestamp '2023-01-01', timestamp '2025-12-01', interval '1 month') d
      cross join unnest(array[${CURRENCIES.map(lit).join(',')}]) c cross join generate_series(1, 2) v
    where v = 1 or (extract(month from d)::int + ascii(c)) % 3 = 0`);
  await t.db
    .execute(`${values(`to_char(d, 'YYYY') || '-Q' || extract(quarter from d)`, `'Q' || to_char(d, 'YYYYMM')`, `(d + interval '3 months' - interval '1 day')::date`)}
    from generate_series(timestamp '2023-01-01', timestamp '2025-10-01', interval '3 months') d
      cross join unnest(array['KRW']) c cross join generate_series(1, 1) v`);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createCompany();
  const other = await t.createCompany();
  token = await t.login(me.id, me.password);
  await insertStatements(other.idx);
  await insertStatements(me.idx);
});
afterAll(() => t.close());

/** The oracle: the same filter as plain SQL over the caller's statements, counted and paged by offset. */
async function expected(f: TStatementsFilter, start: number, length: number) {
  const conds = [`s.company_idx = ${me.idx}`];
  if (f.currency) conds.push(`s.currency = ${lit(f.currency)}`);
  if (f.startDate) conds.push(`s.period_start >= date ${lit(f.startDate)}`);
  if (f.endDate) conds.push(`s.period_start <= date ${lit(f.endDate)}`);
  const where = conds.join(' and ');
  const [c] = await q<{ n: number }>(`select count(*)::int as n from royalty_statements s where ${where}`);
  const page = await q<{ idx: number }>(
    `select s.idx from royalty_statements s where ${where}
     order by s.period_start desc, s.currency, s.version desc, s.idx desc offset ${start} limit ${length}`,
  );
  return { total: c!.n, ids: page.map((r) => Number(r.idx)) };
}

async function api(f: TStatementsFilter, start: number, length: number) {
  const sv = Object.keys(f).length ? `&search_value=${encodeURIComponent(JSON.stringify(f))}` : '';
  const res = await t.inject(token, { method: 'GET', url: `/api/copyright/statements?start=${start}&length=${length}${sv}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TStatementList>();
}

const arbFilter = fc.record(
  {
    currency: fc.constantFrom(...CURRENCIES, 'GBP' as const),
    a: fc.integer({ min: -2, max: 38 }),
    day: fc.constantFrom(1, 15, 28),
    len: fc.integer({ min: 0, max: 40 }),
  },
  { requiredKeys: [] },
);

describe(`the statements' filter matches count(*) and offset (${DB})`, () => {
  it('for random filters and starts: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(arbFilter, fc.integer({ min: 0, max: 230 }), fc.constantFrom(1, 10, 25, 100), async (g, start, length) => {
        const f: TStatementsFilter = {
          ...(g.currency !== undefined ? { currency: g.currency } : {}),
          ...(g.a !== undefined ? { startDate: month(g.a, g.day ?? 1) } : {}),
          ...(g.len !== undefined ? { endDate: month((g.a ?? 0) + g.len, g.day ?? 1) } : {}),
        };
        const [got, want] = await Promise.all([api(f, start, length), expected(f, start, length)]);
        const at = JSON.stringify({ f, start, length });
        expect(got.total_cnt, at).toBe(want.total);
        expect(
          got.dataset.map((r) => r.idx),
          at,
        ).toEqual(want.ids);
        expect(
          got.dataset.map((r) => r.no),
          at,
        ).toEqual(want.ids.map((_, i) => start + i + 1));
      }),
      { numRuns: 60 },
    );
  });

  it('first, middle, last and beyond the end of a few fixed filters; the rows as stored', async () => {
    for (const f of [
      {},
      { currency: 'KRW' as const },
      { currency: 'USD' as const, startDate: month(12), endDate: month(23) },
      { startDate: month(30) },
      { endDate: month(3) },
    ]) {
      const { total } = await expected(f, 0, 1);
      expect(total, JSON.stringify(f)).toBeGreaterThan(0);
      for (const start of [0, 10, Math.floor(total / 2), Math.max(0, total - 3), total, total + 5]) {
        const [got, want] = await Promise.all([api(f, start, 10), expected(f, start, 10)]);
        expect(got.total_cnt, JSON.stringify({ f, start })).toBe(want.total);
        expect(got.dataset.map((r) => r.idx)).toEqual(want.ids);
      }
    }
    // none of the other company's
    expect((await api({}, 0, 1)).total_cnt).toBe((await q<{ n: number }>(`select count(*)::int as n from royalty_statements`))[0]!.n / 2);
    // a month and a quarter that start the same day are both listed, newest version first
    const jan = (await api({ currency: 'KRW', startDate: month(12), endDate: month(12) }, 0, 10)).dataset;
    expect(jan.map((r) => r.period).sort()).toEqual(['2024-01', '2024-Q1']);
    // each row's fields as the table holds them
    const [row] = (await api({ currency: 'JPY', startDate: month(5), endDate: month(5) }, 0, 1)).dataset;
    const [stored] = await q<Record<string, string | number>>(
      `select idx, number, period, period_start::text, period_end::text, trim(currency) as currency, version, lang,
         line_count as line_cnt, qty, opening_balance::text, royalty::text, settled::text, closing_balance::text, size,
         to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at
       from royalty_statements where idx = ${row!.idx}`,
    );
    expect(row).toEqual({
      ...stored,
      qty: Number(stored!.qty),
      size: Number(stored!.size),
      no: 1,
      payable: row!.payable,
      rounding: row!.rounding,
      issued_on: dayIn(new Date(stored!.issued_at!), t.config.timeZone),
      pdf: `/copyright/statements/${row!.idx}/pdf`,
    });
    expect(row!.payable).toBe('12247.00');
  });

  it('refuses a range that ends before it starts, an unknown field and an unknown currency', async () => {
    for (const sv of [{ startDate: month(5), endDate: month(4) }, { period: '2024-01' }, { currency: 'XXX' }]) {
      const res = await t.inject(token, {
        method: 'GET',
        url: `/api/copyright/statements?search_value=${encodeURIComponent(JSON.stringify(sv))}`,
      });
      expect(res.statusCode, JSON.stringify(sv)).toBe(400);
    }
  });
});
