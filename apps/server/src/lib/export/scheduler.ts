/**
 * Cooperative scheduling between lists and exports. Lists run through `interactive`; an export that
 * reads on the app's own connection (PGlite: one connection, in this thread) calls `giveWay` before
 * each batch and starts no read while a list is being answered; an export whose worker reads on a
 * connection of its own (PostgreSQL) `watch`es and is told when lists start (true) and stop (false)
 * being answered (the worker then starts no read, waiting at most a moment, and reads smaller batches).
 */
export function createExportScheduler() {
  let interactive = 0;
  let idleWaiters: (() => void)[] = [];
  const watchers = new Set<(busy: boolean) => void>();
  const done = () => {
    if (--interactive === 0) {
      const w = idleWaiters;
      idleWaiters = [];
      for (const f of w) f();
      for (const f of watchers) f(false);
    }
  };
  return {
    /** Runs a list (anything a user waits for): exports hold back their reads meanwhile. */
    async interactive<T>(fn: () => Promise<T>): Promise<T> {
      if (interactive++ === 0) for (const f of watchers) f(true);
      try {
        return await fn();
      } finally {
        done();
      }
    },
    /** Resolves once no list is being answered (after yielding to the event loop once). */
    async giveWay() {
      await new Promise((r) => setImmediate(r));
      while (interactive > 0) await new Promise<void>((r) => idleWaiters.push(r));
    },
    /** Tells `listener` when lists start and stop being answered (at once if some are now); returns the unsubscribe. */
    watch(listener: (busy: boolean) => void): () => void {
      watchers.add(listener);
      if (interactive > 0) listener(true);
      return () => watchers.delete(listener);
    },
  };
}
