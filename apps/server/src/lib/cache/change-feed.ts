import type { Database } from '../../db/client';
import { coalesced } from '../coalesced';

export const CHANGES_CHANNEL = 'portal_changes';

/**
 * What this process has heard of committed writes, per topic (migration 0010: triggers NOTIFY the
 * topic of the table written, at commit; docs/cache-topics.md lists them). Several server processes
 * each hear every commit. The one invalidation mechanism of every in-memory cache (lib/cache).
 */
export interface ChangeFeed {
  /**
   * A stamp of the topics' state: equal stamps mean no write to those topics was announced in
   * between. null while the feed is not hearing (PostgreSQL connection lost): nothing may be cached.
   */
  stamp(topics: readonly string[]): string | null;
  /**
   * Calls `listener` with each topic announced, and with null when the feed may have missed
   * something (connection lost or back): every topic may have changed. Returns the unsubscribe.
   */
  onChange(listener: (topic: string | null) => void): () => void;
  /**
   * Resolves once every change committed before the call has been heard (at most `timeoutMs`): a barrier
   * on the listening connection (db/client.ts pgListen).
   */
  sync(timeoutMs?: number): Promise<void>;
  /**
   * `sync()` shared by concurrent callers. A sync covers a call only when it is sent after the call
   * began (then every commit before the call is heard first). A sync is sent once the event loop has
   * handled what it read in this turn (setImmediate), so every call of that turn (the requests that arrived
   * together, a request's several derived values) shares it; while one is out (sent earlier: it may miss a commit a later call must see),
   * a call waits for the next, which is sent when that one is back and is shared by every call that
   * arrived meanwhile. So a cached answer is never older than a write committed, in any process, before
   * the request came in, and under load one round trip serves a whole batch of requests (not one each).
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
