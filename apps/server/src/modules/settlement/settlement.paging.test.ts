import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSettlement } from '../../db/seed/settlement';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { insertInvoices } from './settlement.factories';

/**
 * The invoice list pages through listPage and takes its totals from count tables kept by triggers.
 * These tests compare every answer with a plain `count(*)` / `offset` query over random data,
 * random filters and random inserts, updates and deletes.
 */

let t: TestContext;
let co: TestCompany;
let token: string;
const DB = process.env.TEST_DB ?? 'pglite';
const ITEMS = ['prepayment', 'onCredit', 'consignment', 'fulfillment', 'warehouse', 'copyright'];
const ORDER_TYPES = ['onCredit', 'consignment', 'prepayment'] as const;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const day = (n: number) => new Date(Date.UTC(2025, 10, 1) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  co = await t.createCompany();
  token = await t.login(co.id, co.password);
  // ~400 invoices over ~5 months (several per day, month edges included), with an unknown item
  const specs = Array.from({ length: 400 }, (_, i) => ({
    day: day((i * 7919) % 150),
    item: i === 17 ? 'somethingNew' : ITEMS[(i * 31) % 6],
    currency: (i % 3 ? 'KRW' : 'USD') as 'KRW' | 'USD',
    amount: `${(i * 7919) % 100_000}.${String((i * 37) % 100).padStart(2, '0')}`,
  }));
  await insertInvoices(t.db, co.idx, specs);
});
afterAll(() => t.close());

async function expected(filter: { startDate?: string; endDate?: string; orderTypes?: string[] }, start: number, length: number) {
  const conds = [`company_idx = ${co.idx}`];
  if (filter.startDate) conds.push(`created_day >= '${filter.startDate}'`);
  if (filter.endDate) conds.push(`created_day <= '${filter.endDate}'`);
  // spec §9: "including consignment" (consignment) selects credit and consignment items
  const items = (filter.orderTypes ?? []).flatMap((o) => (o === 'consignment' ? ['onCredit', 'consignment'] : [o]));
  if (items.length) conds.push(`item in (${items.map((o) => `'${o}'`).join(',')})`);
  const where = conds.join(' and ');
  const [c] = await q<{ n: number }>(`select count(*)::int as n from buy_invoices where ${where}`);
  const page = await q<{ idx: number }>(
    `select idx from buy_invoices where ${where} order by created_day desc, idx desc offset ${start} limit ${length}`,
  );
  // per-currency totals with a plain sum over every matching invoice
  const totals = await q<{ currency: string; currency_icon: string; cnt: number; amount: string }>(
    `select c.name as currency, c.icon as currency_icon, count(*)::int as cnt, sum(i.amount)::text as amount
     from buy_invoices i join currencies c on c.idx = i.currency_idx where ${where.replaceAll('company_idx', 'i.company_idx')}
     group by 1, 2 order by 1`,
  );
  return { total: c!.n, idxs: page.map((r) => r.idx), totals };
}

const arbFilter = fc.record(
  {
    a: fc.option(fc.integer({ min: -5, max: 155 }), { nil: undefined }),
    len: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
    orderTypes: fc.subarray([...ORDER_TYPES]),
  },
  { requiredKeys: ['orderTypes'] },
);

describe(`invoice paging from the count tables matches count(*) and offset (${DB})`, () => {
  it('for random filters and starts', async () => {
    await fc.assert(
      fc.asyncProperty(arbFilter, fc.integer({ min: 0, max: 420 }), fc.constantFrom(1, 5, 10, 25, 50), async (f, start, length) => {
        const filter = {
          ...(f.a !== undefined ? { startDate: day(f.a) } : {}),
          ...(f.len !== undefined ? { endDate: day((f.a ?? 0) + f.len) } : {}),
          ...(f.orderTypes.length ? { orderTypes: f.orderTypes } : {}),
        };
        const res = await t.inject(token, {
          method: 'GET',
          url: `/api/calculate/buyInvoiceSend?start=${start}&length=${length}&search_value=${encodeURIComponent(JSON.stringify(filter))}`,
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const want = await expected(filter, start, length);
        expect(body.total_cnt).toBe(want.total);
        expect(body.dataset.map((r: { idx: number }) => r.idx)).toEqual(want.idxs);
        expect(body.totals).toEqual(want.totals);
      }),
      { numRuns: 60 },
    );
  });

  it('stays exact after inserts, updates (day, item, company) and deletes', async () => {
    const other = await t.createCompany();
    await t.db.execute(
      `update buy_invoices set created_day = created_day + 40, item = 'onCredit' where company_idx = ${co.idx} and idx % 7 = 0`,
    );
    await t.db.execute(`delete from buy_invoices where company_idx = ${co.idx} and idx % 11 = 0`);
    await t.db.execute(`update buy_invoices set company_idx = ${other.idx} where company_idx = ${co.idx} and idx % 13 = 0`);
    await t.db.execute(`update buy_invoices set amount = amount + 0.07 where company_idx = ${co.idx} and idx % 5 = 0`);
    await t.db.execute(
      `update buy_invoices set currency_idx = (select idx from currencies where name = 'USD') where company_idx = ${co.idx} and idx % 3 = 0`,
    );
    await insertInvoices(t.db, co.idx, [
      { day: '2025-11-30', item: 'consignment' },
      { day: '2025-12-01', item: 'consignment' },
    ]);
    const [drift] = await q<{ n: number }>(
      `select count(*)::int as n from (
         select company_idx, created_day as day, item, count(*)::int as cnt from buy_invoices group by 1, 2, 3) real
       full join (select company_idx, day, item, sum(cnt)::int as cnt from buy_invoice_day_sums group by 1, 2, 3 having sum(cnt) <> 0) kept
         using (company_idx, day, item)
       where real.cnt is distinct from kept.cnt`,
    );
    expect(drift!.n).toBe(0);
    const [sumDrift] = await q<{ n: number }>(
      `select count(*)::int as n from (
         select company_idx, created_day as day, item, currency_idx, count(*)::int as cnt, sum(amount) as amount from buy_invoices group by 1, 2, 3, 4) real
       full join (select * from buy_invoice_day_sums where cnt <> 0) kept using (company_idx, day, item, currency_idx)
       where real.cnt is distinct from kept.cnt or real.amount is distinct from kept.amount`,
    );
    expect(sumDrift!.n).toBe(0);
    const [monthDrift] = await q<{ n: number }>(
      `select count(*)::int as n from (
         select company_idx, date_trunc('month', created_day)::date as month, item, currency_idx, count(*)::int as cnt, sum(amount) as amount
         from buy_invoices group by 1, 2, 3, 4) real
       full join (select * from buy_invoice_month_sums where cnt <> 0) kept using (company_idx, month, item, currency_idx)
       where real.cnt is distinct from kept.cnt or real.amount is distinct from kept.amount`,
    );
    expect(monthDrift!.n).toBe(0);
    for (const [filter, start] of [
      [{}, 0],
      [{}, 150],
      [{ startDate: '2025-11-30', endDate: '2025-12-01' }, 0],
      [{ orderTypes: ['onCredit'] }, 30],
    ] as const) {
      const res = (
        await t.inject(token, {
          method: 'GET',
          url: `/api/calculate/buyInvoiceSend?start=${start}&length=25&search_value=${encodeURIComponent(JSON.stringify(filter))}`,
        })
      ).json();
      const want = await expected(filter as { orderTypes?: string[] }, start, 25);
      expect(res.total_cnt).toBe(want.total);
      expect(res.dataset.map((r: { idx: number }) => r.idx)).toEqual(want.idxs);
      expect(res.totals).toEqual(want.totals);
    }
  });
});

describe(`settlement demo seed (${DB})`, () => {
  it('gives demo ~120 invoices and ~40 payments covering every case, demo2 a few', async () => {
    const demo = await t.createCompany({ companyName: '한빛 출판사' });
    const demo2 = await t.createCompany();
    const partner = await t.createCompany();
    const started = performance.now();
    await seedSettlement({
      db: t.db,
      filesDir: t.config.filesDir,
      now: new Date('2026-11-22T04:00:00Z'),
      demo: demo.idx,
      demo2: demo2.idx,
      partner: partner.idx,
    });
    const seedMs = performance.now() - started;
    expect(seedMs).toBeGreaterThan(0); // measured by the bench, reported here for the log only
    const [inv] = await q<Record<string, number>>(
      `select count(*)::int as n, count(distinct item)::int as items, count(distinct issuer)::int as issuers,
              count(distinct state)::int as states, count(distinct currency_idx)::int as currencies,
              count(*) filter (where buy_payment_idx is null)::int as unpaid
       from buy_invoices where company_idx = ${demo.idx}`,
    );
    expect(inv).toMatchObject({ n: 120, items: 6, issuers: 2, states: 2, currencies: 2 });
    expect(inv!.unpaid).toBeGreaterThan(5);
    expect(inv!.unpaid).toBeLessThan(120);
    const [pay] = await q<Record<string, number>>(
      `select count(*)::int as n, count(distinct d_type)::int as types,
              (select count(*)::int from (select buy_payment_idx from buy_payment_invoices pi join buy_payments p on p.idx = pi.buy_payment_idx
                 where p.company_idx = ${demo.idx} group by 1 having count(*) > 1) m) as multi,
              (select count(distinct ref_idx)::int from stored_files where upload_path = 'buy_payment' and company_idx = ${demo.idx}) as with_files
       from buy_payments where company_idx = ${demo.idx}`,
    );
    expect(pay).toMatchObject({ n: 40, types: 4 });
    expect(pay!.multi).toBeGreaterThan(3);
    expect(pay!.with_files).toBeGreaterThan(3);
    // every payment's amount is the exact sum of what it covered, and covered invoices point at it
    const [bad] = await q<{ n: number }>(
      `select count(*)::int as n from buy_payments p where p.company_idx = ${demo.idx} and p.d_payment <>
         (select sum(pi.amount) from buy_payment_invoices pi join buy_invoices i on i.idx = pi.buy_invoice_idx
          where pi.buy_payment_idx = p.idx and i.buy_payment_idx = p.idx)`,
    );
    expect(bad!.n).toBe(0);
    // every invoice has lines, and they add up to its amount (the detail modal shows them)
    const [badLines] = await q<{ n: number }>(
      `select count(*)::int as n from buy_invoices i where i.company_idx in (${demo.idx}, ${demo2.idx}) and i.amount is distinct from
         (select sum(l.amount) from buy_invoice_lines l where l.buy_invoice_idx = i.idx)`,
    );
    expect(badLines!.n).toBe(0);
    const [d2] = await q<{ inv: number; pay: number }>(
      `select (select count(*)::int from buy_invoices where company_idx = ${demo2.idx}) as inv,
              (select count(*)::int from buy_payments where company_idx = ${demo2.idx}) as pay`,
    );
    expect(d2!.inv).toBeGreaterThan(2);
    expect(d2!.pay).toBeGreaterThan(0);
  });
});
