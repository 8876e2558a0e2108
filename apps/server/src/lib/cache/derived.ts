import { LRUCache } from 'lru-cache';
import { createSingleFlight } from '../single-flight';
import type { ChangeFeed } from './change-feed';
import type { CacheTopic } from './topics';

/** A value derived from the database, computed once per key and kept until a write to one of `topics` is announced. */
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
 * In-memory values derived from the database, voided only through the change feed (docs/cache-topics.md), also
 * by a write committed while computing; nothing kept while the feed is deaf; concurrent misses compute once.
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
