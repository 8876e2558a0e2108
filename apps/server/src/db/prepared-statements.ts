import type pgModule from 'pg';

/** Named statements per connection: texts beyond this many are sent unnamed (they die with the connection). */
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
 * A node-postgres client sending the first PREPARED_PER_CONNECTION texts with parameters as named prepared
 * statements of its connection (pg-prepared-statements.md); not behind a transaction-mode pooler (DATABASE_PREPARED=0).
 */
export function preparingClient(pg: typeof pgModule, max = PREPARED_PER_CONNECTION): typeof pgModule.Client {
  const Base = pg.Client as unknown as new (config?: unknown) => { query(config: unknown, values?: unknown, callback?: Callback): unknown };
  class PreparingClient extends Base {
    /** text → statement name */
    readonly #names = new Map<string, string>();
    #seq = 0;

    #nameOf(text: string): string | undefined {
      let name = this.#names.get(text);
      if (name === undefined && this.#names.size < max) this.#names.set(text, (name = `portal_${++this.#seq}`));
      return name;
    }

    override query(config: unknown, values?: unknown, callback?: Callback): unknown {
      // query(text, values, callback?) as pg-pool calls it, or query({ text, values?, … }, values?) as drizzle does
      const c = (typeof config === 'string' ? { text: config } : config) as QueryConfigLike | null;
      const params = Array.isArray(values) ? values.length : Array.isArray(c?.values) ? c.values.length : 0;
      const text = c?.text;
      const name =
        typeof text === 'string' && !c?.name && typeof c?.submit !== 'function' && params > 0 && params <= PREPARED_MAX_PARAMETERS
          ? this.#nameOf(text)
          : undefined;
      if (name === undefined) return super.query(config, values, callback);
      const named = { ...c, name };
      // a migration changed a kept statement's result columns: its name is dropped (the next call prepares the text
      // under a new one; the old stays on the server until the connection ends) and this call is sent unnamed
      const changed = (err: { code?: string } | null) =>
        err?.code === CACHED_PLAN_CHANGED && this.#names.get(text as string) === name && this.#names.delete(text as string);
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
