// The demo seeds (db/seed) keep the royalty lines' invoice reference consistent: a calculated line
// references an invoice of its own company, which the royalty list names by the code the invoices
// tab shows (issue 14, defect 10: references like 100116 matched nothing the user could see).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBuyInvoiceRow, TRoyaltyResponse } from '@portal/contract';
import { DEMO_PASSWORD } from '../../db/seed/companies';
import { seedDemo } from '../../db/seed/demo';
import { createTestApp, type TestContext } from '../../test/helper';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every page of a list answer. */
async function all<T>(token: string, url: string, search: object = {}): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; ; start += 100) {
    const res = await t.inject(token, {
      method: 'GET',
      url: `${url}?start=${start}&length=100&search_value=${encodeURIComponent(JSON.stringify(search))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ dataset: T[]; total_cnt: number }>();
    out.push(...body.dataset);
    if (start + 100 >= body.total_cnt) return out;
  }
}

describe('demo seeds: royalty lines and invoices', () => {
  it('no seeded line references an invoice that is missing or of another company', async () => {
    const { rows } = (await t.db.execute(sql`
      select count(*)::int as calculated,
             count(*) filter (where i.idx is null or i.company_idx <> r.company_idx)::int as foreign_refs
      from royalty_lines r left join buy_invoices i on i.idx = r.buy_invoice_idx
      where r.buy_invoice_idx is not null`)) as unknown as { rows: { calculated: number; foreign_refs: number }[] };
    expect(Number(rows[0]!.calculated)).toBeGreaterThan(1000);
    expect(Number(rows[0]!.foreign_refs)).toBe(0);
  });

  it.each(['demo', 'demo2'])('%s: every calculated line shows the code of one of its own invoices', async (id) => {
    const token = await t.login(id, DEMO_PASSWORD);
    const invoices = await all<TBuyInvoiceRow>(token, '/api/calculate/buyInvoiceSend');
    const byIdx = new Map(invoices.map((i) => [i.idx, i]));
    expect(invoices.length).toBeGreaterThan(0);
    const lines = await all<TRoyaltyResponse['dataset'][number]>(token, '/api/copyright/royalty', { invoiceYn: 'Y' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const inv = byIdx.get(line.buy_invoice_idx!);
      expect(inv, `line ${line.idx} → invoice ${line.buy_invoice_idx}`).toBeDefined();
      expect(line.buy_invoice_code).toBe(inv!.code);
    }
    // the lines are spread over the company's copyright invoices, not all on one
    expect(new Set(lines.map((l) => l.buy_invoice_code)).size).toBeGreaterThan(id === 'demo' ? 5 : 0);
  });
});
