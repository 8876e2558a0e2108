import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import type { ChangeFeed } from './change-feed';
import { createDerivedCache } from './derived';

/** A feed under the test's control: `announce(topic)` is a committed write to that topic. */
function fakeFeed() {
  const versions = new Map<string, number>();
  const listeners = new Set<(topic: string | null) => void>();
  let live = true;
  const feed: Pick<ChangeFeed, 'stamp' | 'caughtUp' | 'onChange'> = {
    stamp: (topics) => (live ? topics.map((t) => versions.get(t) ?? 0).join('.') : null),
    caughtUp: async () => {},
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    feed,
    announce(topic: string | null) {
      if (topic !== null) versions.set(topic, (versions.get(topic) ?? 0) + 1);
      for (const l of listeners) l(topic);
    },
    setLive(now: boolean) {
      live = now;
    },
  };
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
};

describe('derived values', () => {
  it('compute once per key (a miss), then answer from memory (a hit)', async () => {
    const { feed } = fakeFeed();
    const { derived, size } = createDerivedCache(feed);
    expect(size).toBe(0);
    let runs = 0;
    const compute = async () => ({ total: ++runs });
    expect(await derived(['copyright'], 'a', compute)).toEqual({ total: 1 });
    expect(await derived(['copyright'], 'a', compute)).toEqual({ total: 1 });
    expect(await derived(['copyright'], 'b', compute)).toEqual({ total: 2 });
    expect(runs).toBe(2);
  });

  it('are dropped when one of their topics changes, and kept when another topic does', async () => {
    const { feed, announce } = fakeFeed();
    const cache = createDerivedCache(feed);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.derived(['copyright', 'reference'], 'totals', compute);
    await cache.derived(['settlement'], 'unpaid', compute);
    await cache.derived(['reference'], 'currencies', compute);
    await cache.derived(['companies', 'reference'], 'names', compute);
    expect(cache.size).toBe(4);
    announce('reference');
    expect(cache.size).toBe(1);
    expect(await cache.derived(['copyright', 'reference'], 'totals', compute)).toBe(5);
    expect(await cache.derived(['settlement'], 'unpaid', compute)).toBe(2);
    // the feed may have missed something (reconnected): everything goes
    announce(null);
    expect(cache.size).toBe(0);
  });

  it('a write announced while the value is computed voids it', async () => {
    const { feed, announce } = fakeFeed();
    const cache = createDerivedCache(feed);
    const gate = deferred<string>();
    const first = cache.derived(['copyright'], 'k', () => gate.promise);
    await Promise.resolve();
    announce('copyright');
    gate.resolve('before the write');
    expect(await first).toBe('before the write');
    expect(cache.size).toBe(0);
    expect(await cache.derived(['copyright'], 'k', async () => 'after the write')).toBe('after the write');
  });

  it('nothing is kept while the feed does not hear', async () => {
    const { feed, setLive } = fakeFeed();
    const cache = createDerivedCache(feed);
    setLive(false);
    let runs = 0;
    await cache.derived(['copyright'], 'k', async () => ++runs);
    expect(await cache.derived(['copyright'], 'k', async () => ++runs)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keep at most `max` values, the least recently used going first', async () => {
    const { feed } = fakeFeed();
    const cache = createDerivedCache(feed, { max: 3 });
    let runs = 0;
    const compute = async () => ++runs;
    for (const k of ['a', 'b', 'c']) await cache.derived(['companies'], k, compute);
    await cache.derived(['companies'], 'a', compute); // a is now the most recently used
    await cache.derived(['companies'], 'd', compute); // b goes
    expect(cache.size).toBe(3);
    expect(runs).toBe(4);
    await cache.derived(['companies'], 'a', compute);
    expect(runs).toBe(4);
    await cache.derived(['companies'], 'b', compute);
    expect(runs).toBe(5);
  });

  it('concurrent misses of one key compute once and share the result', async () => {
    const { feed } = fakeFeed();
    const cache = createDerivedCache(feed);
    const gate = deferred<number>();
    let runs = 0;
    const compute = () => (runs++, gate.promise);
    const callers = Array.from({ length: 5 }, () => cache.derived(['copyright'], 'k', compute));
    const other = cache.derived(['copyright'], 'other', async () => -1);
    gate.resolve(42);
    expect(await Promise.all(callers)).toEqual([42, 42, 42, 42, 42]);
    expect(await other).toBe(-1);
    expect(runs).toBe(1);
  });

  it('share an error, and compute again on the next call', async () => {
    const { feed } = fakeFeed();
    const cache = createDerivedCache(feed);
    await expect(cache.derived(['companies'], 'k', () => Promise.reject(new Error('scan failed')))).rejects.toThrow('scan failed');
    expect(cache.size).toBe(0);
    await expect(cache.derived(['companies'], 'k', async () => 'ok')).resolves.toBe('ok');
  });
});

describe('derived values on the change feed of a database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a committed write to a table of the topic drops the value; a rolled back one does not', async () => {
    const cache = createDerivedCache(t.app.changes);
    let runs = 0;
    const count = async () => {
      runs++;
      const r = (await t.db.execute(sql`select count(*)::int as n from currencies`)) as unknown as { rows: { n: number }[] };
      return r.rows[0]!.n;
    };
    const before = await cache.derived(['reference'], 'currencies', count);
    await cache.derived(['settlement'], 'unrelated', async () => 'kept');
    expect(await cache.derived(['reference'], 'currencies', count)).toBe(before);
    expect(runs).toBe(1);

    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into currencies (name, icon) values ('ZZT', 'z')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.app.changes.sync();
    expect(cache.size).toBe(2);

    await t.db.execute(sql`insert into currencies (name, icon) values ('ZZT', 'z')`);
    await t.app.changes.sync();
    expect(cache.size).toBe(1);
    expect(await cache.derived(['reference'], 'currencies', count)).toBe(before + 1);
    expect(runs).toBe(2);
    expect(await cache.derived(['settlement'], 'unrelated', async () => 'recomputed')).toBe('kept');

    // no sync by the test: a call waits until every commit before it has been heard (PostgreSQL
    // delivers announcements asynchronously), so it never answers from before a finished write
    await t.db.execute(sql`delete from currencies where name = 'ZZT'`);
    expect(await cache.derived(['reference'], 'currencies', count)).toBe(before);
    expect(runs).toBe(3);
  });
});
