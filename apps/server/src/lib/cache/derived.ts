import { LRUCache } from 'lru-cache';
import { createSingleFlight } from '../single-flight';
import type { ChangeFeed } from './change-feed';
import type { CacheTopic } from './topics';

/**
 * A value derived from the database (a count, totals, an aggregate), computed once per key and kept
 * until a write to one of `topics` is announced by the change feed. `key` names everything else the
 * value depends on (company, filter, period, …) and the kind of value: callers of one cache share it.
 */
export type Derived = <T>(topics: readonly CacheTopic[], key: string, compute: () => Promise<T>) => Promise<T>;

export interface DerivedCache {
  derived: Derived;
  /** values kept now */
  readonly size: number;
}

export interface DerivedOptions {
  /** values kept at most (the least recently used go first) */
  max?: number;
}

interface Entry {
  stamp: string;
  topics: readonly CacheTopic[];
  value: unknown;
}

/**
 * In-memory values derived from the database, invalidated only through the change feed
 * (docs/cache-topics.md): an announced write drops every value of its topic at once, and a value is
 * served only while the feed's stamp of its topics is the one taken before it was computed, so a
 * write committed during the computation voids it too. While the feed does not hear (PostgreSQL
 * connection lost) nothing is kept: every call computes. Concurrent misses of one key and stamp
 * compute once (single-flight) and share the result or the error.
 */
export function createDerivedCache(feed: Pick<ChangeFeed, 'stamp' | 'caughtUp' | 'onChange'>, opts: DerivedOptions = {}): DerivedCache {
  const entries = new LRUCache<string, Entry>({ max: opts.max ?? 500 });
  const flights = createSingleFlight<string, unknown>();
  feed.onChange((topic) => {
    if (topic === null) return void entries.clear();
    // collected first: the cache is not changed while it is walked
    const dropped = [...entries.entries()].filter(([, e]) => (e.topics as readonly string[]).includes(topic)).map(([key]) => key);
    for (const key of dropped) entries.delete(key);
  });

  async function derived<T>(topics: readonly CacheTopic[], key: string, compute: () => Promise<T>): Promise<T> {
    // every write committed (in any process) before this call has been heard
    await feed.caughtUp();
    const stamp = feed.stamp(topics);
    if (stamp === null) return compute();
    const slot = `${topics.join(',')}\u0000${key}`;
    const hit = entries.get(slot);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await flights.run(`${stamp}\u0000${slot}`, async () => {
      const fresh = await compute();
      // kept only if no write to its topics was announced while it was computed
      if (feed.stamp(topics) === stamp) entries.set(slot, { stamp, topics, value: fresh });
      return fresh;
    });
    return value as T;
  }

  return {
    derived,
    get size() {
      return entries.size;
    },
  };
}
