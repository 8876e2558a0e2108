import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { coalesced } from '../lib/coalesced';
import { preparingClient } from './prepared-statements';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The newest migration in the migrations folder: its journal time (drizzle's `created_at` once applied). */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** What readiness learned: false = the database did not answer in time; else whether every migration is applied. */
export type PingResult = false | { migrated: boolean };

/** Whether every migration of this build is applied (drizzle records each one's journal time). */
export async function migrationsApplied(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<boolean> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!table?.t) return false;
  const [row] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  return Number(row?.last ?? 0) >= latestMigrationMillis();
}

/** What a LISTEN subscription reports: each payload, and whether it is hearing (false while reconnecting). */
export interface ListenHandlers {
  message(payload: string): void;
  state(live: boolean): void;
}

/** A LISTEN subscription. */
export interface Listening {
  close(): Promise<void>;
  /** PostgreSQL: true once every notification committed before the call has been heard; false while not connected. */
  barrier?(): Promise<boolean>;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** LISTEN on a connection of its own (PostgreSQL: reconnecting every second, state false meanwhile). */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Readiness: false unless the database answers within `timeoutMs`, else whether the migrations are applied. */
  ping(timeoutMs: number): Promise<PingResult>;
  /** Connections now (metrics): node-postgres' pool; PGlite's one connection, in use or idle, and calls waiting for it. */
  poolStats(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** `work`'s outcome, or false when it fails or takes longer than `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work, late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** A dedicated connection for readiness checks, opened on first use and again after a loss or a timeout. */
function pgPinger(pg: typeof import('pg').default, url: string) {
  let current: Promise<import('pg').Client> | null = null;
  let closed = false;
  const drop = (c: Promise<import('pg').Client>) => {
    if (current === c) current = null;
    void c.then((client) => client.end()).catch(() => {});
  };
  return {
    async ping(timeoutMs: number): Promise<PingResult> {
      if (closed) return false;
      if (!current) {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
        const opening = client.connect().then(() => client);
        client.on('error', () => drop(opening));
        opening.catch(() => drop(opening));
        current = opening;
      }
      const c = current;
      const result = await within(
        c.then(async (client) => ({ migrated: await migrationsApplied(async (text) => (await client.query(text)).rows) })),
        timeoutMs,
      );
      if (!result) drop(c);
      return result;
    },
    close() {
      closed = true;
      if (current) drop(current);
    },
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** pg_advisory_lock key serialising migrations across processes (any fixed number of our own). */
const MIGRATION_LOCK = 0x706f7274; // 'port'

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** node-postgres pool size */
  poolMax?: number;
  /** false: no named prepared statements (behind a transaction-mode pooler); default on (prepared-statements.ts). */
  prepared?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    // numeric and bigint stay strings: money is never a JS float (ARCHITECTURE.md)
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      ...(opts.prepared === false ? {} : { Client: preparingClient(pg) }),
    });
    // An idle client that loses its connection (database restart) must not crash the process.
    pool.on('error', () => {});
    // …and neither must a checked-out client (e.g. inside a transaction) that loses it between two
    // queries: pg-pool removes its idle listener while a client is out, and an unheard 'error' exits.
    pool.on('connect', (client) => client.on('error', () => {}));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const db = drizzle(pool, { schema }) as unknown as Db;
    const pinger = pgPinger(pg, opts.url);
    let closed: Promise<void> | undefined;
    return {
      db,
      driver: 'pg',
      // one process at a time (several starting at once on a fresh database): a session advisory lock
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      // once: a second call (shutdown after a failure, tests) waits for the first
      close: () => (closed ??= (pinger.close(), pool.end())),
      ping: (timeoutMs) => pinger.ping(timeoutMs),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, handlers) => pgListen(pg, opts.url!, channel, handlers),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(opts.dataDir);
  return wrapPglite(client);
}

export async function wrapPglite(client: import('@electric-sql/pglite').PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await client.waitReady;
  // calls in flight on the single connection (one runs, the others wait for it): for metrics
  // (counted on a view of the client that drizzle uses; the client itself is left as it is)
  let inFlight = 0;
  const counted = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (prop !== 'query' && prop !== 'exec' && prop !== 'transaction') return fn.bind(target);
      return async (...args: unknown[]) => {
        inFlight++;
        try {
          return await fn.apply(target, args);
        } finally {
          inFlight--;
        }
      };
    },
  });
  const db = drizzle(counted, { schema }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return {
    db,
    driver: 'pglite',
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => (closed ??= client.close()),
    poolStats: () => ({ total: 1, idle: inFlight > 0 ? 0 : 1, waiting: Math.max(0, inFlight - 1) }),
    // one statement at a time in this process: the timeout bounds how long it may wait for one
    ping: (timeoutMs) =>
      within(
        migrationsApplied(async (text) => (await client.query<Record<string, unknown>>(text)).rows).then((migrated) => ({ migrated })),
        timeoutMs,
      ),
    async listen(channel, handlers) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
      handlers.state(true);
      return { close: () => unlisten() };
    },
  };
}

/** A dedicated node-postgres client LISTENing on `channel`, reconnecting after a loss. */
export async function pgListen(pg: typeof import('pg').default, url: string, channel: string, handlers: ListenHandlers) {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let current: import('pg').Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (!closed && !timer) timer = setTimeout(() => ((timer = undefined), void connect()), 1000);
  };
  const connect = async () => {
    // named in pg_stat_activity (an operator, or a test, can find the feed's connection)
    const c = new pg.Client({ connectionString: url, application_name: `portal-listen-${channel}`.slice(0, 63) });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (current === c) current = null;
      handlers.state(false);
      void c.end().catch(() => {});
      retry();
    };
    c.on('error', lose);
    c.on('end', lose);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      lose();
      return;
    }
    if (closed || lost) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    handlers.state(true);
  };
  await connect();
  // A backend sends the notifications it was signalled before it answers a command, so when this empty command
  // is answered every notification committed before it has been heard (no transaction, no XID, no WAL).
  const barrier = coalesced(async () => {
    const c = current;
    if (!c) return false;
    await c.query('');
    return true;
  });
  return {
    barrier,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = current;
      current = null;
      await c?.end().catch(() => {});
    },
  };
}
