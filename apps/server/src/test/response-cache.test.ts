import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyInvoices, currencies } from '../db/schema';
import { CHANGES_CHANNEL } from '../lib/cache/change-feed';
import { createDerivedCache } from '../lib/cache/derived';
import { insertInvoices } from '../modules/settlement/settlement.factories';
import type { TestCompany } from './factories';
import { createTestApp, type TestContext } from './helper';

// Kept answers of the list routes (lib/cache/response-cache.ts) against the change feed (lib/cache/change-feed.ts).
let t: TestContext;
let me: TestCompany;
let other: TestCompany;
let token: string;
let otherToken: string;
const LIST = '/api/calculate/buyInvoiceSend?start=0&length=10';
const list = async (tok = token, url = LIST) => {
  const res = await t.inject(tok, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<{ total_cnt: number; dataset: { code: string; title: string; currency_icon: string }[] }>();
};

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createCompany();
  other = await t.createCompany();
  token = await t.login(me.id, me.password);
  otherToken = await t.login(other.id, other.password);
  await insertInvoices(t.db, me.idx, [
    { code: 'RC-1', day: '2026-03-01' },
    { code: 'RC-2', day: '2026-03-02' },
  ]);
  await insertInvoices(t.db, other.idx, [{ code: 'RC-OTHER', day: '2026-03-01' }]);
});
afterAll(() => t.close());

describe('kept list answers', () => {
  it('are served again, and never to another company under the same URL', async () => {
    const first = await list();
    expect(first.dataset.map((r) => r.code)).toEqual(['RC-2', 'RC-1']);
    expect(await list()).toEqual(first);
    // a write nobody announces (its trigger off) does not show: the answer came from memory
    await t.db.execute(sql`alter table buy_invoices disable trigger buy_invoices_announce`);
    try {
      await t.db.update(buyInvoices).set({ title: 'Unannounced' }).where(eq(buyInvoices.code, 'RC-2'));
      expect(await list()).toEqual(first);
    } finally {
      await t.db.execute(sql`alter table buy_invoices enable trigger buy_invoices_announce`);
    }
    // every spelling of the same request shares the kept answer (keyed on the route and the validated
    // parameters, not the URL string): a different URL for the same list is no way around the cache, nor a way to fill it
    for (const url of [
      '/api/calculate/buyInvoiceSend?length=10&start=0',
      '/%61pi/calculate/buyInvoiceSend?start=0&length=10&unknown=1',
      '/api/calculate/buyInvoiceSend?start=0&length=10&search_value=',
    ])
      expect(await list(token, url), url).toEqual(first);
    // …unless the client asks for a fresh answer
    const fresh = await t.inject(token, { method: 'GET', url: LIST, headers: { 'cache-control': 'no-cache' } });
    expect(fresh.json<{ dataset: { title: string }[] }>().dataset[0]!.title).toBe('Unannounced');
    await t.db.update(buyInvoices).set({ title: first.dataset[0]!.title }).where(eq(buyInvoices.code, 'RC-2'));
    const theirs = await list(otherToken);
    expect(theirs.dataset.map((r) => r.code)).toEqual(['RC-OTHER']);
  });

  it('compressed once per Accept-Encoding and kept: the same bytes again, never after a write', async () => {
    const c = await t.createCompany();
    const tok = await t.login(c.id, c.password);
    const codes = Array.from({ length: 12 }, (_, i) => ({ code: `GZ-${i + 10}`, day: `2026-04-${i + 10}` }));
    await insertInvoices(t.db, c.idx, codes);
    const get = (encoding?: string) =>
      t.inject(tok, { method: 'GET', url: LIST, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // over the compression threshold
    const first = await get('gzip, deflate');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual(plain.json());
    const again = await get('gzip, deflate');
    expect(again.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'application/json; charset=utf-8' });
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // another client's header: its own encoding
    for (let i = 0; i < 2; i++) {
      const br = await get('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    }
    expect((await get()).json()).toEqual(plain.json());
    await t.db.update(buyInvoices).set({ title: 'After the write' }).where(eq(buyInvoices.code, 'GZ-21'));
    const after = await get('gzip, deflate');
    expect(JSON.parse(gunzipSync(after.rawPayload).toString()).dataset[0].title).toBe('After the write');
  });

  it('are dropped by a committed insert, update or delete of an invoice', async () => {
    await list();
    const [added] = await insertInvoices(t.db, me.idx, [{ code: 'RC-3', day: '2026-03-03' }]);
    expect((await list()).dataset.map((r) => r.code)).toEqual(['RC-3', 'RC-2', 'RC-1']);
    await t.db.update(buyInvoices).set({ title: 'Renamed' }).where(eq(buyInvoices.idx, added!.idx));
    expect((await list()).dataset[0]!.title).toBe('Renamed');
    await t.db.delete(buyInvoices).where(eq(buyInvoices.idx, added!.idx));
    expect((await list()).total_cnt).toBe(2);
  });

  it('are dropped by a change of the reference data they show', async () => {
    const before = await list();
    expect(before.dataset[0]!.currency_icon).toBe('₩');
    await t.db.update(currencies).set({ icon: 'KRW₩' }).where(eq(currencies.name, 'KRW'));
    try {
      expect((await list()).dataset[0]!.currency_icon).toBe('KRW₩');
    } finally {
      await t.db.update(currencies).set({ icon: '₩' }).where(eq(currencies.name, 'KRW'));
    }
  });

  it('are not kept for a rolled-back write, and never skip authentication or validation', async () => {
    const before = await list();
    await expect(
      t.db.transaction(async (tx) => {
        await insertInvoices(tx, me.idx, [{ code: 'RC-ROLLBACK', day: '2026-03-09' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await list()).toEqual(before);
    expect((await t.inject(null, { method: 'GET', url: LIST })).statusCode).toBe(401);
    expect((await t.inject('x.y.z', { method: 'GET', url: LIST })).statusCode).toBe(401);
    const bad = `/api/calculate/buyInvoiceSend?start=0&length=10&search_value=${encodeURIComponent('{"startDate":"2026-13-01"}')}`;
    expect((await t.inject(token, { method: 'GET', url: bad })).statusCode).toBe(400);
  });

  it('a kept answer is served while user work holds every database connection', async () => {
    const first = await list();
    // transactions kept open on every connection of the pool (the embedded database: its one session);
    // a kept answer needs none: on PostgreSQL the feed catches up on its own listening connection
    const hold = t.driver === 'pglite' ? 1 : 5;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let started = 0;
    let allStarted!: () => void;
    const holding = new Promise<void>((r) => (allStarted = r));
    const held = Array.from({ length: hold }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++started === hold) allStarted();
        await released;
      }),
    );
    await holding;
    try {
      const res = await Promise.race([
        t.app.inject({ method: 'GET', url: LIST, headers: { authorization: `Bearer ${token}` } }),
        new Promise<null>((r) => setTimeout(() => r(null), 3000)),
      ]);
      expect(res, 'the kept answer waited for a database connection').not.toBeNull();
      expect(res!.statusCode).toBe(200);
      expect(res!.json()).toEqual(first);
    } finally {
      release();
      await Promise.all(held);
    }
  });

  it('a revoked session is refused even though its answer is kept', async () => {
    const tok = await t.login(me.id, me.password);
    await list(tok);
    expect((await t.inject(tok, { method: 'GET', url: '/api/company/logout' })).statusCode).toBe(200);
    expect((await t.inject(tok, { method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('when the feed connection is lost (PostgreSQL)', () => {
  it('nothing is served from memory until it is back, and then what changed meanwhile shows', async () => {
    await list();
    // end the feed's LISTEN connection from the server side
    const killed = await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${`portal-listen-${CHANGES_CHANNEL}`}`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.app.changes.stamp(['settlement'])).toBeNull();
    // values derived from the database are computed on every call meanwhile
    const { derived } = createDerivedCache(t.app.changes);
    let runs = 0;
    await derived(['copyright'], 'k', async () => ++runs);
    expect(await derived(['copyright'], 'k', async () => ++runs)).toBe(2);
    await insertInvoices(t.db, me.idx, [{ code: 'RC-LOST', day: '2026-03-05' }]);
    expect((await list()).dataset[0]!.code).toBe('RC-LOST');
    // reconnects within about a second, and starts a new epoch: nothing from before is reused
    for (let i = 0; i < 50 && t.app.changes.stamp(['settlement']) === null; i++) await new Promise((r) => setTimeout(r, 100));
    expect(t.app.changes.stamp(['settlement'])).not.toBeNull();
    await derived(['copyright'], 'k', async () => ++runs);
    expect(await derived(['copyright'], 'k', async () => ++runs)).toBe(3);
    await t.db.delete(buyInvoices).where(eq(buyInvoices.code, 'RC-LOST'));
    expect((await list()).dataset.map((r) => r.code)).toEqual(['RC-2', 'RC-1']);
  });
});
