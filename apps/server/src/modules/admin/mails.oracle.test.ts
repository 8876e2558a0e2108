import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS, type TMailFilter, type TMailList } from '@portal/contract';
import { createOperator, type TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';

/**
 * The console's mail list (issue 57, written by the list recipe of docs/CONVENTIONS.md) against an oracle: random
 * mails in the outbox, then for random filters (state, kind, company, recipient, days in the business time zone),
 * starts and both orders the API's page and total_cnt must equal a plain `count(*)` and `order by … offset … limit`
 * written here.
 */

let t: TestContext;
let token: string;
let acme: TestCompany;
let beta: TestCompany;
const DB = process.env.TEST_DB ?? 'pglite';
/** day n of the data: 2026-03-01 + n (the mails lie on days 0…39, several around midnight in the business zone) */
const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);
const LONG_ERROR = `550 mailbox unavailable ${'x'.repeat(400)}`;

const q = async <T>(text: string) => ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json<{ access_token: string }>().access_token;
  acme = await t.createCompany();
  beta = await t.createCompany();
  // 600 mails over 40 days, each hour of the day (UTC 15:00 is midnight in Seoul), pairs at the same instant (ties of the
  // order); a third of acme, a third of beta, a third of no company; sent, failed (some with a long error) or pending
  await t.db.execute(`insert into mail_outbox (kind, company_idx, recipients, locale, subject, text_body, html_body, attempts,
      next_attempt_at, last_error, sent_at, failed_at, created_at)
    select (array[${MAIL_KINDS.map(lit).join(',')}])[1 + (g * 11) % ${MAIL_KINDS.length}],
      (array[${acme.idx}, ${beta.idx}, null])[1 + g % 3],
      case when g % 4 = 0 then 'Billing@Acme.test,boss@acme.test' when g % 4 = 1 then 'ops@beta.test' else 'user' || g || '@example.test' end,
      'ko', 'Subject ' || g, 'SECRET TEXT BODY', '<p>SECRET HTML BODY</p>', g % 6,
      -- a pending mail waits for its next attempt far away: no worker changes its state during the test
      case when g % 5 in (3, 4) then timestamptz '2999-01-01 00:00:00+00' end,
      case when g % 5 = 2 then '${LONG_ERROR}' when g % 5 = 3 then 'connect ECONNREFUSED' end,
      case when g % 5 in (0, 1) then timestamptz '2026-04-20 00:00:00+00' end,
      case when g % 5 = 2 then timestamptz '2026-04-21 00:00:00+00' end,
      timestamptz '2026-03-01 00:00:00+00' + ((g * 37) % 960) * interval '1 hour' + (g % 4) * interval '1 minute' * (g % 2)
    from generate_series(1, 600) g`);
  // two mails at each midnight of the business zone (the first instant of a day, where `>=` and `<` of a range matter)
  await t.db
    .execute(`insert into mail_outbox (kind, company_idx, recipients, locale, subject, text_body, html_body, next_attempt_at, created_at)
    select (array[${MAIL_KINDS.map(lit).join(',')}])[1 + g % ${MAIL_KINDS.length}], ${acme.idx}, 'midnight@acme.test', 'ko', 'Midnight', 'b', 'b',
      timestamptz '2999-01-01 00:00:00+00', (date '2026-03-01' + g / 2)::timestamp at time zone ${lit(t.config.timeZone)}
    from generate_series(0, 83) g`);
  // a `%` and a `_` in an address: a filter's wildcards match themselves only
  await t.db.execute(`insert into mail_outbox (kind, recipients, locale, subject, text_body, html_body, created_at) values
    ('invitation', 'odd%one@example.test', 'en', 'odd', 'b', 'b', timestamptz '2026-03-05 12:00:00+00'),
    ('invitation', 'odd_one@example.test', 'en', 'odd', 'b', 'b', timestamptz '2026-03-05 12:00:00+00')`);
});
afterAll(() => t.close());

/** The oracle: the same filter as plain SQL (days in the app's zone), counted and paged by offset. */
async function expected(f: TMailFilter, start: number, length: number, dir: 'asc' | 'desc' = 'desc') {
  const tz = lit(t.config.timeZone);
  const conds = ['true'];
  if (f.state === 'sent') conds.push('m.sent_at is not null');
  if (f.state === 'failed') conds.push('m.failed_at is not null and m.sent_at is null');
  if (f.state === 'pending') conds.push('m.sent_at is null and m.failed_at is null');
  if (f.kind) conds.push(`m.kind = ${lit(f.kind)}`);
  if (f.company) conds.push(`exists (select 1 from companies c where c.idx = m.company_idx and c.id = ${lit(f.company)})`);
  if (f.recipient) conds.push(`strpos(lower(m.recipients), lower(${lit(f.recipient)})) > 0`);
  if (f.startDate) conds.push(`(m.created_at at time zone ${tz})::date >= date ${lit(f.startDate)}`);
  if (f.endDate) conds.push(`(m.created_at at time zone ${tz})::date <= date ${lit(f.endDate)}`);
  const where = conds.join(' and ');
  const [c] = await q<{ n: number }>(`select count(*)::int as n from mail_outbox m where ${where}`);
  const page = await q<{ id: number | string }>(
    `select m.id from mail_outbox m where ${where} order by m.created_at ${dir}, m.id ${dir} offset ${start} limit ${length}`,
  );
  return { total: c!.n, ids: page.map((r) => Number(r.id)) };
}

async function api(f: TMailFilter, start: number, length: number, dir?: 'asc' | 'desc') {
  const sv = Object.keys(f).length ? `&search_value=${encodeURIComponent(JSON.stringify(f))}` : '';
  // without a direction the outbox is newest first
  const order = dir ? `&sort=created_at&dir=${dir}` : '';
  const res = await t.inject(token, { method: 'GET', url: `/api/admin/mails?start=${start}&length=${length}${sv}${order}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMailList>();
}

const arbFilter = () =>
  fc.record(
    {
      state: fc.constantFrom('pending' as const, 'sent' as const, 'failed' as const),
      kind: fc.constantFrom(...MAIL_KINDS),
      company: fc.constantFrom(acme.id, beta.id, 'nobody', '%'),
      recipient: fc.constantFrom('acme', 'BILLING@', 'midnight', 'beta.test', 'user1', '@', 'odd%', 'odd_', '_', 'nobody'),
      a: fc.integer({ min: -2, max: 42 }),
      len: fc.integer({ min: 0, max: 45 }),
    },
    { requiredKeys: [] },
  );

describe(`the mail list's filter matches count(*) and offset (${DB})`, () => {
  it('for random filters and starts: the page, its order and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbFilter(),
        fc.integer({ min: 0, max: 720 }),
        fc.constantFrom(1, 10, 25, 100),
        fc.constantFrom(undefined, 'asc' as const, 'desc' as const),
        async (g, start, length, dir) => {
          const f: TMailFilter = {
            ...(g.state !== undefined ? { state: g.state } : {}),
            ...(g.kind !== undefined ? { kind: g.kind } : {}),
            ...(g.company !== undefined ? { company: g.company } : {}),
            ...(g.recipient !== undefined ? { recipient: g.recipient } : {}),
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

  it('first, middle, last and beyond the end of a few fixed filters; the rows as stored, without a body', async () => {
    for (const f of [
      {},
      { state: 'failed' },
      // a range's both ends: the midnight mails of day 10 are in, those of day 13 out
      { startDate: day(10), endDate: day(12) },
      { recipient: 'midnight', endDate: day(5) },
      { company: acme.id, kind: 'invoice_new' },
      { company: beta.id, state: 'pending', startDate: day(10), endDate: day(20) },
      { recipient: 'billing@acme' },
      { recipient: 'odd%' },
      { recipient: 'odd_' },
    ] as TMailFilter[]) {
      const { total } = await expected(f, 0, 1);
      expect(total, JSON.stringify(f)).toBeGreaterThan(0);
      for (const start of [0, 10, Math.floor(total / 2), Math.max(0, total - 3), total, total + 5]) {
        const [got, want] = await Promise.all([api(f, start, 10), expected(f, start, 10)]);
        expect(got.total_cnt).toBe(want.total);
        expect(got.dataset.map((r) => r.id)).toEqual(want.ids);
      }
    }
    // a wildcard of the filter matches itself only
    expect((await api({ recipient: 'odd%' }, 0, 10)).dataset.map((r) => r.recipients)).toEqual(['odd%one@example.test']);
    expect((await api({ recipient: 'odd_' }, 0, 10)).dataset.map((r) => r.recipients)).toEqual(['odd_one@example.test']);
    // each row's fields as the table holds them: the company by its login id and name, the state, instants as ISO
    // 8601 in UTC, the last error cut to 300 characters; never the body
    const failed = await api({ state: 'failed', company: acme.id }, 0, 100);
    const row = failed.dataset.find((r) => r.last_error !== null)!;
    const [stored] = await q<{ kind: string; recipients: string; subject: string; attempts: number; created_at: string }>(
      `select kind, recipients, subject, attempts, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from mail_outbox where id = ${row.id}`,
    );
    expect(row).toEqual({
      id: row.id,
      ...stored,
      company_id: acme.id,
      company_name: expect.any(String),
      state: 'failed',
      sent_at: null,
      failed_at: '2026-04-21T00:00:00.000Z',
      last_error: LONG_ERROR.slice(0, 300),
    });
    expect(JSON.stringify(failed)).not.toMatch(/SECRET|html_body|text_body|attachment/);
    const sent = (await api({ state: 'sent', company: beta.id }, 0, 1)).dataset[0]!;
    expect(sent).toMatchObject({ state: 'sent', sent_at: '2026-04-20T00:00:00.000Z', failed_at: null, company_id: beta.id });
    const none = (await api({ recipient: 'odd%' }, 0, 1)).dataset[0]!;
    expect(none).toMatchObject({ state: 'pending', company_id: null, company_name: null, attempts: 0, last_error: null });
  });

  it('refuses a range that ends before it starts, an unknown field, an unknown state or kind', async () => {
    for (const sv of [{ startDate: day(5), endDate: day(4) }, { who: 'bob' }, { state: 'lost' }, { kind: 'newsletter' }]) {
      const res = await t.inject(token, { method: 'GET', url: `/api/admin/mails?search_value=${encodeURIComponent(JSON.stringify(sv))}` });
      expect(res.statusCode, JSON.stringify(sv)).toBe(400);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });
});
