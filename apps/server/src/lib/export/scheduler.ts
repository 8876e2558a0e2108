import { listEnded, listStarted } from './gate';

/**
 * Cooperative scheduling between lists and exports. Lists run through `interactive`; an export that
 * reads on the app's own connection (PGlite: one connection, in this thread) calls `giveWay` before
 * each batch and starts no read while a list is being answered. An export whose worker reads on a
 * connection of its own (PostgreSQL) sees the lists being answered in the process's export gate
 * (gate.ts, shared memory: no message per list) and holds back there.
 */
export function createExportScheduler() {
  let interactive = 0;
  let idleWaiters: (() => void)[] = [];
  const done = () => {
    listEnded();
    if (--interactive === 0) {
      const w = idleWaiters;
      idleWaiters = [];
      for (const f of w) f();
    }
  };
  return {
    /** Runs a list (anything a user waits for): exports hold back their reads meanwhile. */
    async interactive<T>(fn: () => Promise<T>): Promise<T> {
      interactive++;
      listStarted();
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
  };
}
