import type { Database } from '../../db/client';
import { coalesced } from '../coalesced';

export const CHANGES_CHANNEL = 'portal_changes';

/** What this process has heard of committed writes, per topic (docs/cache-topics.md): every in-memory cache's invalidation. */
export interface ChangeFeed {
  /** Equal stamps: no write announced in between; null while the feed is not hearing (nothing may be cached). */
  stamp(topics: readonly string[]): string | null;
  /** Calls `listener` with each topic announced, and with null when something may have been missed. */
  onChange(listener: (topic: string | null) => void): () => void;
  /** Resolves once every change committed before the call has been heard (at most `timeoutMs`). */
  sync(timeoutMs?: number): Promise<void>;
  /**
   * `sync()` shared by the calls of one event-loop turn (lib/coalesced.ts): a cached answer is never older than
   * a write committed before the request came in, and one round trip serves a batch of requests.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function createChangeFeed(database: Database): Promise<ChangeFeed> {
  const versions = new Map<string, number>();
  /** bumped whenever the feed may have missed something (a reconnection): every older stamp is void */
  let epoch = 0;
  let live = false;
  const listeners = new Set<(topic: string | null) => void>();
  const listener = await database.listen(CHANGES_CHANNEL, {
    message(payload) {
      versions.set(payload, (versions.get(payload) ?? 0) + 1);
      for (const l of listeners) l(payload);
    },
    state(now) {
      epoch++;
      live = now;
      for (const l of listeners) l(null);
    },
  });
  const stamp = (topics: readonly string[]) => {
    if (!live) return null;
    let s = String(epoch);
    for (const t of topics) s += `.${versions.get(t) ?? 0}`;
    return s;
  };
  /** caughtUp(): one sync per turn of the event loop, and never one that began before the call */
  const caughtUp = coalesced(
    () => feed.sync(),
    () => new Promise<void>((resolve) => setImmediate(resolve)),
  );
  const feed: ChangeFeed = {
    stamp,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    caughtUp() {
      if (database.driver === 'pglite' || !live) return Promise.resolve();
      return caughtUp();
    },
    async sync(timeoutMs = 5000) {
      // PGlite runs listeners before the committing call returns: nothing can be in flight
      if (database.driver === 'pglite' || !live) return;
      // on the listening connection itself: answered after every notification committed before it
      // (every PostgreSQL listener has one: db/client.ts pgListen)
      if (!listener.barrier) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        listener.barrier().catch(() => false),
        new Promise<null>((resolve) => (timer = setTimeout(resolve, timeoutMs, null))),
      ]).finally(() => clearTimeout(timer));
      // answered, or not within timeoutMs, or not connected (then nothing is served from memory until the
      // connection is back: stamp() is null): in each case there is nothing more to wait for
    },
    close: () => listener.close(),
  };
  return feed;
}
