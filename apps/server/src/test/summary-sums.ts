import { expect } from 'vitest';
import type { DbOrTx } from '../db/client';
import type { SummarySpec } from '../lib/lists/summary';

/**
 * A summary's tables (lib/lists/summary.ts) equal its rows grouped afresh (every company): no bucket is missing,
 * off by a row or left negative after the writes of a test (buckets emptied by deletes keep a 0 count).
 */
export async function expectSummaryOfRows(db: DbOrTx, spec: SummarySpec) {
  const q = async <T>(text: string) => ((await db.execute(text)) as unknown as { rows: T[] }).rows;
  const dims = spec.dims.map((d) => d.column);
  const measures = spec.measures.map((m) => m.column);
  for (const grain of ['day', 'month'] as const) {
    const bucket = grain === 'day' ? spec.day : `date_trunc('month', ${spec.day})::date`;
    const keys = ['company_idx', grain, ...dims];
    const order = keys.map((_, i) => i + 1).join(', ');
    const got = await q<Record<string, unknown>>(
      `select ${[...keys, 'cnt', ...measures.map((m) => `${m}::text as ${m}`)].join(', ')} from ${spec.table}_${grain}_sums
       where cnt <> 0 order by ${order}`,
    );
    const want = await q<Record<string, unknown>>(
      `select ${[
        'r.company_idx',
        `${bucket} as ${grain}`,
        ...spec.dims.map((d) => `${d.expr} as ${d.column}`),
        spec.count ? `sum(${spec.count})::int as cnt` : 'count(*)::int as cnt',
        ...spec.measures.map((m) => `sum(${m.expr})::text as ${m.column}`),
      ].join(', ')}
       from ${spec.source} r${spec.parent ? ` join ${spec.parent.table} ${spec.parent.alias} on ${spec.parent.on}` : ''} group by ${order}${spec.count ? ` having sum(${spec.count}) <> 0` : ''} order by ${order}`,
    );
    expect(got.length, `${spec.table} ${grain} buckets`).toBeGreaterThan(0);
    expect(got, `${spec.table}_${grain}_sums`).toEqual(want);
    const [neg] = await q<{ n: number }>(`select count(*)::int as n from ${spec.table}_${grain}_sums where cnt < 0`);
    expect(Number(neg!.n)).toBe(0);
  }
}
