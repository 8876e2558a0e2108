import { describe, expect, it } from 'vitest';
import type { Database, ListenHandlers } from '../../db/client';
import { createChangeFeed } from './change-feed';

/**
 * A PostgreSQL-like database under the test's control: each NOTIFY the feed sends is held until
 * `deliver()` (PostgreSQL delivers notifications asynchronously, in commit order), and `commit(topic)`
 * is another writer's commit whose announcement arrives with the next delivery.
 */
function heldDatabase() {
  let handlers!: ListenHandlers;
  const queue: string[] = [];
  const sent: string[] = [];
  const database = {
    driver: 'pg',
    db: {},
    async listen(_channel: string, h: ListenHandlers) {
      handlers = h;
      h.state(true);
      return {
        close: async () => {},
        notify: async (payload: string) => {
          sent.push(payload);
          queue.push(payload);
          return true;
        },
      };
    },
  } as unknown as Database;
  return {
    database,
    sent,
    commit: (topic: string) => queue.push(topic),
    /** delivers everything committed so far, in order */
    deliver() {
      for (const payload of queue.splice(0)) handlers.message(payload);
    },
  };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('change feed: caughtUp', () => {
  it('one round trip serves every call that arrived before it was sent', async () => {
    const h = heldDatabase();
    const feed = await createChangeFeed(h.database);
    let done = 0;
    // asked in one turn (a request's derived values at once): one sync, sent after all of them began
    const calls = Array.from({ length: 10 }, () => feed.caughtUp().then(() => done++));
    await settled();
    expect(h.sent).toHaveLength(1);
    // nine more while it is out: they wait for the next
    const later = Array.from({ length: 9 }, () => feed.caughtUp().then(() => done++));
    await settled();
    expect(h.sent).toHaveLength(1);
    h.deliver();
    await Promise.all(calls);
    await settled();
    expect(done).toBe(10);
    expect(h.sent).toHaveLength(2);
    h.deliver();
    await Promise.all(later);
    expect(done).toBe(19);
    expect(h.sent).toHaveLength(2);
    await feed.close();
  });

  it('a call made while a sync is out never ends with it: a commit just before the call is heard first', async () => {
    const h = heldDatabase();
    const feed = await createChangeFeed(h.database);
    const before = feed.stamp(['settlement']);
    const first = feed.caughtUp();
    await settled();
    // another process commits and answers its client, who then asks us: the NOTIFY already out
    // may have run before that commit
    h.commit('settlement');
    let second = false;
    const late = feed.caughtUp().then(() => (second = true));
    // delivered: the sync out (and the commit after it)
    h.deliver();
    await first;
    await settled();
    expect(second).toBe(false);
    h.deliver();
    await late;
    expect(feed.stamp(['settlement'])).not.toBe(before);
    await feed.close();
  });

  it('at most one sync is out at a time, however many calls arrive', async () => {
    const h = heldDatabase();
    const feed = await createChangeFeed(h.database);
    const calls: Promise<void>[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 20; i++) calls.push(feed.caughtUp());
      await settled();
      expect(h.sent).toHaveLength(round + 1);
      h.deliver();
      await settled();
    }
    h.deliver();
    await Promise.all(calls);
    expect(h.sent.length).toBeLessThanOrEqual(6);
    await feed.close();
  });
});
