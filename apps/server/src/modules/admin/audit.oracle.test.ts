import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEntry, TAuditFilter } from '@portal/contract';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';

/**
 * The audit log's filter (issue 57, the list recipe of docs/CONVENTIONS.md) against an oracle: random entries,
 * then for random filters (action prefix, actor, company, days in the business time zone) and starts the API's page and
 * total_cnt must equal a plain `count(*)` and `order by … offset … limit` written here.
 */

let t: TestContext;
let token: string;
const DB = process.env.TEST_DB ?? 'pglite';
const ACTIONS = [
  'company.create',
  'company.password',
  'company.deactivate',
  'key.create',
  'key.revoke',
  'import.invoices',
  'import.companies',
];
const ACTORS = ['alice', 'bob', 'erp-job', 'root'];
/** day n of the data: 2026-03-01 + n (the entries lie on days 0…39, several around midnight in the business zone) */
const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json<{ access_token: string }>().access_token;
  // 600 entries over 40 days, each hour of the day (UTC 15:00 is midnight in Seoul), a few at the same instant
  await t.db.execute(`insert into audit_log (actor_kind, actor, action, target, counts, at)
    select (array['operator','key','cli'])[1 + g % 3], (array[${ACTORS.map(lit).join(',')}])[1 + (g * 7) % ${ACTORS.length}],
      (array[${ACTIONS.map(lit).join(',')}])[1 + (g * 11) % ${ACTIONS.length}],
      -- a company's login id as the target of a third of them (any action: an import's entry names its file)
      case when g % 3 = 0 then 'co-' || (g % 4) else 'target ' || g end,
      case when g % 5 = 0 then jsonb_build_object('created', g, 'updated', g % 7) end,
      timestamptz '2026-03-01 00:00:00+00' + ((g * 37) % 960) * interval '1 hour' + (g % 4) * interval '1 minute' * (g % 2)
    from generate_series(1, 600) g`);
  // (issue 57) two entries at each midnight of the business zone, the first instant of a day: without them no row lies
  // where a range's `>=` and `<` differ from `>` and `<=`, and a broken end would pass unseen
  await t.db.execute(`insert into audit_log (actor_kind, actor, action, target, at)
    select 'operator', (array[${ACTORS.map(lit).join(',')}])[1 + g % ${ACTORS.length}], 'company.update', 'co-' || (g % 4),
      (date '2026-03-01' + g / 2)::timestamp at time zone ${lit(t.config.timeZone)}
    from generate_series(0, 83) g`);
  // a `%` and a `_` in an action: a filter's wildcards match themselves only
  await t.db.execute(`insert into audit_log (actor_kind, actor, action, target, at) values
    ('cli', 'root', 'odd%action', 'x', timestamptz '2026-03-05 12:00:00+00'), ('cli', 'root', 'odd_action', 'y', timestamptz '2026-03-05 12:00:00+00')`);
});
afterAll(() => t.close());

/** The oracle: the same filter as plain SQL (days in the app's zone), counted and paged by offset. */
async function expected(f: TAuditFilter, start: number, length: number, dir: 'asc' | 'desc' = 'desc') {
  const tz = lit(t.config.timeZone);
  const conds = ['true'];
  if (f.action) conds.push(`left(a.action, ${f.action.length}) = ${lit(f.action)}`);
  if (f.actor) conds.push(`a.actor = ${lit(f.actor)}`);
  if (f.company) conds.push(`a.target = ${lit(f.company)} and left(a.action, 8) = 'company.'`);
  if (f.startDate) conds.push(`(a.at at time zone ${tz})::date >= date ${lit(f.startDate)}`);
  if (f.endDate) conds.push(`(a.at at time zone ${tz})::date <= date ${lit(f.endDate)}`);
  const where = conds.join(' and ');
  const [c] = await q<{ n: number }>(`select count(*)::int as n from audit_log a where ${where}`);
  const page = await q<{ id: number | string }>(
    `select a.id from audit_log a where ${where} order by a.at ${dir}, a.id ${dir} offset ${start} limit ${length}`,
  );
  return { total: c!.n, ids: page.map((r) => Number(r.id)) };
}

async function api(f: TAuditFilter, start: number, length: number, dir?: 'asc' | 'desc') {
  const sv = Object.keys(f).length ? `&search_value=${encodeURIComponent(JSON.stringify(f))}` : '';
  // without a direction the log is newest first (issue 59: sort=at&dir=asc|desc)
  const order = dir ? `&sort=at&dir=${dir}` : '';
  const res = await t.inject(token, { method: 'GET', url: `/api/admin/audit?start=${start}&length=${length}${sv}${order}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ dataset: TAuditEntry[]; total_cnt: number }>();
}

const arbFilter = fc.record(
  {
    action: fc.constantFrom('company.', 'company.create', 'key.', 'import.', 'k', 'key.revoke', 'nothing.', 'odd%', 'odd_'),
    actor: fc.constantFrom(...ACTORS, 'nobody'),
    company: fc.constantFrom('co-0', 'co-1', 'co-3', 'co-%', 'nobody'),
    a: fc.integer({ min: -2, max: 42 }),
    len: fc.integer({ min: 0, max: 45 }),
  },
  { requiredKeys: [] },
);

describe(`the audit log's filter matches count(*) and offset (${DB})`, () => {
  it('for random filters and starts: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbFilter,
        fc.integer({ min: 0, max: 720 }),
        fc.constantFrom(1, 10, 25, 100),
        fc.constantFrom(undefined, 'asc' as const, 'desc' as const),
        async (g, start, length, dir) => {
          const f: TAuditFilter = {
            ...(g.action !== undefined ? { action: g.action } : {}),
            ...(g.actor !== undefined ? { actor: g.actor } : {}),
            ...(g.company !== undefined ? { company: g.company } : {}),
            ...(g.a !== undefined ? { startDate: day(g.a) } : {}),
            ...(g.len !== undefined ? { endDate: day((g.a ?? 0) + g.len) } : {}),
          };
          const [got, want] = await Promise.all([api(f, start, length, dir), expected(f, start, length, dir)]);
          expect(got.total_cnt, JSON.stringify({ f, start, length, dir })).toBe(want.total);
          expect(
            got.dataset.map((r) => r.id),
            JSON.stringify({ f, start, length, dir }),
          ).toEqual(want.ids);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('first, middle, last and beyond the end of a few fixed filters; the rows as stored', async () => {
    for (const f of [
      {},
      { action: 'company.' },
      { actor: 'bob', startDate: day(10), endDate: day(12) },
      { startDate: day(10), endDate: day(12) },
      { company: 'co-1' },
      { company: 'co-2', action: 'company.create' },
      { action: 'odd%' },
      { action: 'odd_' },
    ]) {
      const { total } = await expected(f, 0, 1);
      expect(total, JSON.stringify(f)).toBeGreaterThan(0);
      for (const start of [0, 10, Math.floor(total / 2), Math.max(0, total - 3), total, total + 5]) {
        const [got, want] = await Promise.all([api(f, start, 10), expected(f, start, 10)]);
        expect(got.total_cnt).toBe(want.total);
        expect(got.dataset.map((r) => r.id)).toEqual(want.ids);
      }
    }
    // a wildcard of the filter matches itself only
    expect((await api({ action: 'odd%' }, 0, 10)).dataset.map((r) => r.action)).toEqual(['odd%action']);
    expect((await api({ action: 'odd_' }, 0, 10)).dataset.map((r) => r.action)).toEqual(['odd_action']);
    // each row's fields as the table holds them (the instant as ISO 8601 in UTC, counts as stored)
    const [row] = (await api({ action: 'company.', actor: 'alice' }, 0, 1)).dataset;
    const [stored] = await q<{ actor_kind: string; actor: string; action: string; target: string; counts: unknown; at: string }>(
      `select actor_kind, actor, action, target, counts, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
       from audit_log where id = ${row!.id}`,
    );
    expect(row).toEqual({
      id: row!.id,
      ...stored,
      counts: typeof stored!.counts === 'string' ? JSON.parse(stored!.counts) : stored!.counts,
    });
  });

  it('refuses a range that ends before it starts and an unknown field', async () => {
    for (const sv of [{ startDate: day(5), endDate: day(4) }, { who: 'bob' }]) {
      const res = await t.inject(token, { method: 'GET', url: `/api/admin/audit?search_value=${encodeURIComponent(JSON.stringify(sv))}` });
      expect(res.statusCode, JSON.stringify(sv)).toBe(400);
    }
  });
});
