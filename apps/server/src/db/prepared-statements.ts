import type pgModule from 'pg';

/** Named statements kept per connection (least recently used are deallocated beyond this). */
const PREPARED_PER_CONNECTION = 200;

/**
 * Statements with more parameters than this are sent unnamed: multi-row inserts of imports and seeds,
 * whose texts differ with each batch size and whose parse trees would only fill the server's memory.
 */
export const PREPARED_MAX_PARAMETERS = 100;

/** PostgreSQL's answer when a kept statement's result columns changed (a migration since it was prepared). */
const CACHED_PLAN_CHANGED = '0A000';

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}
type Callback = (err: (Error & { code?: string }) | null, res?: unknown) => void;

/**
 * A node-postgres client that sends every query with parameters as a named prepared statement of
 * its connection (node-postgres' default is the unnamed statement: parsed and planned again on every
 * call). The list queries are parsed once per connection and, after five runs, PostgreSQL may keep a
 * generic plan (plan_cache_mode auto: only when it costs no more than the custom ones): on this
 * machine planning was most of a list page's database time (docs/decisions/pg-prepared-statements.md).
 * The texts kept per connection are bounded (LRU, DEALLOCATE of the oldest); queries without
 * parameters (simple protocol: migrations, several statements in one text) and with more than
 * PREPARED_MAX_PARAMETERS (batch inserts) are sent as they are.
 * Not for a transaction-mode connection pooler (PgBouncer before 1.21): DATABASE_PREPARED=0.
 */
export function preparingClient(pg: typeof pgModule, max = PREPARED_PER_CONNECTION): typeof pgModule.Client {
  const Base = pg.Client as unknown as new (config?: unknown) => { query(config: unknown, values?: unknown, callback?: Callback): unknown };
  class PreparingClient extends Base {
    /** text → statement name, least recently used first */
    readonly #names = new Map<string, string>();
    #seq = 0;

    #nameOf(text: string): string {
      let name = this.#names.get(text);
      if (name !== undefined) {
        this.#names.delete(text);
        this.#names.set(text, name);
        return name;
      }
      name = `portal_${++this.#seq}`;
      this.#names.set(text, name);
      if (this.#names.size > max) {
        const [oldText, oldName] = this.#names.entries().next().value as [string, string];
        this.#forget(oldText, oldName, true);
      }
      return name;
    }

    #forget(text: string, name: string, deallocate: boolean) {
      if (this.#names.get(text) === name) this.#names.delete(text);
      const connection = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
      if (connection?.parsedStatements) delete connection.parsedStatements[name];
      // queued behind the query that evicted it; a failure (aborted transaction) only leaves it on the server until the connection ends
      if (deallocate) void (super.query(`deallocate ${name}`) as Promise<unknown>).catch(() => undefined);
    }

    override query(config: unknown, values?: unknown, callback?: Callback): unknown {
      // query(text, values, callback?) as pg-pool calls it, or query({ text, values?, … }, values?) as drizzle does
      const c = (typeof config === 'string' ? { text: config } : config) as QueryConfigLike | null;
      const params = Array.isArray(values) ? values.length : Array.isArray(c?.values) ? c.values.length : 0;
      if (
        !c ||
        typeof c !== 'object' ||
        typeof c.text !== 'string' ||
        c.name ||
        typeof c.submit === 'function' ||
        params === 0 ||
        params > PREPARED_MAX_PARAMETERS
      ) {
        return super.query(config, values, callback);
      }
      const text = c.text;
      const name = this.#nameOf(text);
      const named = { ...c, name };
      // a migration changed a kept statement's result columns: prepared again under a new name
      const changed = (err: { code?: string } | null) => err?.code === CACHED_PLAN_CHANGED && (this.#forget(text, name, true), true);
      if (typeof callback === 'function' || typeof values === 'function') {
        const cb = (typeof values === 'function' ? values : callback) as Callback;
        const vals = typeof values === 'function' ? undefined : values;
        return super.query(named, vals, (err, res) => (changed(err) ? super.query(config, vals, cb) : cb(err, res)));
      }
      return (super.query(named, values) as Promise<unknown>).catch((err: { code?: string }) => {
        if (changed(err)) return super.query(config, values);
        throw err;
      });
    }
  }
  return PreparingClient as unknown as typeof pgModule.Client;
}
