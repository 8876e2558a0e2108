/**
 * A database whose driver can be told to fail the Nth statement inside the next transaction, for
 * the atomicity suite. It wraps the driver under Drizzle (PGlite's `transaction(tx => …)`, or the
 * pg Pool's checked-out clients between BEGIN and COMMIT), so every repository runs unchanged.
 * It also counts write statements run outside any transaction.
 */
import { randomBytes } from 'node:crypto';
import { MIGRATIONS_DIR, migrationsApplied, pgListen, wrapPglite, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { seedReference } from '../../db/seed/reference';

export class Faults {
  /** fail the statement with this number (1-based) inside transactions; null: never */
  armAt: number | null = null;
  txStatements = 0;
  fired = false;
  outsideWrites: string[] = [];
  /** when set, every statement fails with it (a database outage) */
  down: Error | null = null;
  arm(n: number | null) {
    this.armAt = n;
    this.txStatements = 0;
    this.fired = false;
    this.outsideWrites = [];
  }
  inTx(sql: string) {
    if (this.down) throw this.down;
    if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(sql)) return;
    this.txStatements++;
    if (this.armAt !== null && this.txStatements === this.armAt) {
      this.fired = true;
      throw new Error(`injected fault at statement ${this.armAt}`);
    }
  }
  outside(sql: string) {
    if (this.down) throw this.down;
    if (/^\s*(insert|update|delete)\b/i.test(sql)) this.outsideWrites.push(sql.slice(0, 80));
  }
}

const textOf = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''));

function bindAll<T extends object>(target: T, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'string' && prop in overrides) return overrides[prop];
      const v = Reflect.get(t, prop, receiver === undefined ? t : t);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
}

export async function openFaultyDatabase(): Promise<{
  database: Database;
  faults: Faults;
  raw: (sql: string) => Promise<Record<string, unknown>[]>;
  drop: () => Promise<void>;
}> {
  const faults = new Faults();
  const adminUrl = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite();
    await client.waitReady;
    // the driver's own methods, taken before wrapPglite replaces query/exec/transaction on the object
    // behind the proxy (calling them through `client` then would call the proxy again, without end)
    const query = client.query.bind(client) as (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
    const transaction = client.transaction.bind(client);
    const proxied = bindAll(client, {
      query: (sql: string, ...rest: unknown[]) => {
        faults.outside(sql);
        return query(sql, ...rest);
      },
      transaction: (fn: (tx: unknown) => Promise<unknown>) =>
        transaction((tx) =>
          fn(
            bindAll(tx, {
              query: (sql: string, ...rest: unknown[]) => {
                faults.inTx(sql);
                return (tx.query as (...a: unknown[]) => unknown)(sql, ...rest);
              },
            }),
          ),
        ),
    });
    const database = await wrapPglite(proxied);
    await database.migrate();
    await seedReference(database.db);
    return {
      database,
      faults,
      raw: async (sql) => (await query(sql)).rows,
      drop: () => database.close(),
    };
  }
  const { default: pg } = await import('pg');
  const name = `portal_test_faults_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  pool.on('error', () => {});
  const proxiedPool = bindAll(pool, {
    query: (q: unknown, ...rest: unknown[]) => {
      faults.outside(textOf(q));
      return (pool.query as (...a: unknown[]) => unknown)(q, ...rest);
    },
    connect: async () => {
      if (faults.down) throw faults.down;
      const client = await pool.connect();
      let inTx = false;
      return bindAll(client, {
        query: (q: unknown, ...rest: unknown[]) => {
          const sql = textOf(q);
          if (/^\s*begin\b/i.test(sql)) inTx = true;
          try {
            if (inTx) faults.inTx(sql);
            else faults.outside(sql);
          } catch (e) {
            return Promise.reject(e);
          }
          if (/^\s*(commit|rollback)\b/i.test(sql)) inTx = false;
          return (client.query as (...a: unknown[]) => unknown)(q, ...rest);
        },
      });
    },
  });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const db = drizzle(proxiedPool as never, { schema }) as unknown as Database['db'];
  const database: Database = {
    db,
    driver: 'pg',
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
    listen: (channel, handlers) => pgListen(pg, url.toString(), channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: () =>
      migrationsApplied(async (text) => ((await proxiedPool.query(text)) as { rows: Record<string, unknown>[] }).rows).then(
        (migrated) => ({ migrated }),
        () => false as const,
      ),
  };
  await database.migrate();
  await seedReference(database.db);
  return {
    database,
    faults,
    raw: async (sql) => (await pool.query(sql)).rows,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fingerprint of every table's rows (auth bookkeeping excluded), to prove nothing changed. */
let tableList: Record<string, unknown>[] | undefined;
export async function snapshot(raw: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, string>> {
  // the tables do not change during a test: listed once (information_schema is slow on PGlite)
  tableList ??= await raw(
    `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     and table_name not in ('sessions', 'login_failures', '__drizzle_migrations') order by 1`,
  );
  const tables = tableList;
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [row] = await raw(
      `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${String(t)}" x`,
    );
    out[String(t)] = String(row?.h);
  }
  return out;
}
