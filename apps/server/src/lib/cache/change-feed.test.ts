import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database, ListenHandlers, Listening } from '../../db/client';
import { openTestDatabase } from '../../test/helper';
import { CHANGES_CHANNEL, createChangeFeed } from './change-feed';

/**
 * A PostgreSQL-like database under the test's control: each barrier the feed sends is answered only at
 * `deliver()`, after the notifications queued before it (PostgreSQL delivers notifications
 * asynchronously, in commit order, and answers a command after those it was signalled), and
 * `commit(topic)` is another writer's commit whose announcement arrives with the next delivery.
 */
function heldDatabase() {
  let handlers!: ListenHandlers;
  const queue: (string | (() => void))[] = [];
  const sent: string[] = [];
  const database = {
    driver: 'pg',
    db: {},
    async listen(_channel: string, h: ListenHandlers) {
      handlers = h;
      h.state(true);
      return {
        close: async () => {},
        barrier: () =>
          new Promise<boolean>((resolve) => {
            sent.push('barrier');
            queue.push(() => resolve(true));
          }),
      };
    },
  } as unknown as Database;
  return {
    database,
    sent,
    commit: (topic: string) => queue.push(topic),
    /** delivers everything committed so far, and answers the barriers sent, in order */
    deliver() {
      for (const item of queue.splice(0)) {
        if (typeof item === 'string') handlers.message(item);
        else item();
      }
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
    // another process commits and answers its client, who then asks us: the barrier already out
    // may have been answered before that commit
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

describe.skipIf(process.env.TEST_DB !== 'pg' || !process.env.TEST_DATABASE_URL)('change feed on PostgreSQL', () => {
  it('a commit made on another connection before caughtUp() is heard when it resolves (a barrier on the listening connection)', async () => {
    const { database, drop, url } = await openTestDatabase();
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    // the feed's barriers counted (no transaction of its own: an empty command on its connection)
    let barriers = 0;
    const listen = database.listen.bind(database);
    const spied: Database = {
      ...database,
      listen: async (channel, handlers) => {
        const l: Listening = await listen(channel, handlers);
        return { ...l, barrier: async () => (barriers++, (await l.barrier?.()) ?? false) };
      },
    };
    const feed = await createChangeFeed(spied);
    try {
      for (let i = 0; i < 300; i++) {
        const before = feed.stamp(['settlement']);
        // another process's write: committed, and its client told, before this one asks
        await writer.query(`notify ${CHANGES_CHANNEL}, 'settlement'`);
        await feed.caughtUp();
        expect(feed.stamp(['settlement']), `round ${i}`).not.toBe(before);
      }
      // one barrier per call here (each asked alone, after the previous one was answered)
      expect(barriers).toBe(300);
    } finally {
      await feed.close();
      await writer.end();
      await drop();
    }
  });
});
