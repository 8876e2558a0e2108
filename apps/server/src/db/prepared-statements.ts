import type pgModule from 'pg';

/** Named statements kept per connection (least recently used are deallocated beyond this). */
const PREPARED_PER_CONNECTION = 200;

/**
 * Statements with more parameters than this are sent unnamed: multi-row inserts of imports and seeds,
 * whose texts differ with each batch size and whose parse trees would only fill the server's memory.
 */
export const PREPARED_MAX_PARAMETERS = 100;

/**
 * Written into a statement (an SQL comment, anywhere in its text) by a condition whose best plan depends on its
 * values: a text search's grams (how many rows each gram's list holds decides between the gram index and the
 * owner's rows) or a prefix range (how wide it is). A statement that holds it is planned for its values on every
 * call (`plan_cache_mode = force_custom_plan`); every other statement with parameters runs one generic plan per
 * connection (`force_generic_plan`), planned once.
 *
 * Why not PostgreSQL's own choice (`auto`: plan for the values until five calls, then keep the generic plan only
 * if its estimate is no dearer than theirs): a generic estimate knows neither the company nor a range, so it
 * costs a company as the table ÷ its companies and a range as 0.5 % of the rows, and it is dearer than the
 * custom plans of a small company or a short range even where it is the same plan. In the bench's database of
 * 100 companies, 44 of 174 statements were planned again on every call for that reason, at 0.15–0.9 ms of
 * planning against 0.07–0.4 ms for the generic plan's whole call, and more beside 10M rows than alone: the 10k
 * company was slower because others exist. The lists write each value that decides a plan into the text
 * instead (page sizes, reaches, the few-matches fences: lib/lists). The marked searches are the exception: a
 * generic plan of a gram search took 40–60 ms against 1–2 ms for its custom plans.
 * docs/decisions/pg-prepared-statements.md.
 */
export const PLANNED_PER_CALL = '/* planned per call */';

type PlanMode = 'force_generic_plan' | 'force_custom_plan';

/** A rollback (of a transaction or to a savepoint) also undoes a `set` made inside it. */
const ROLLBACK = /^\s*(rollback|abort)\b/i;

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
 * call). The list queries are parsed once per connection and run one generic plan, planned once, unless
 * marked PLANNED_PER_CALL (the session's plan_cache_mode is set ahead of a statement that wants the other
 * mode): on this machine planning was most of a list page's database time
 * (docs/decisions/pg-prepared-statements.md). The texts kept per connection are bounded (LRU, DEALLOCATE of
 * the oldest); queries without parameters (simple protocol: migrations, several statements in one text) and
 * with more than PREPARED_MAX_PARAMETERS (batch inserts) are sent as they are.
 * Not for a transaction-mode connection pooler (the statements and the plan mode are the session's): DATABASE_PREPARED=0.
 */
export function preparingClient(pg: typeof pgModule, max = PREPARED_PER_CONNECTION): typeof pgModule.Client {
  const Base = pg.Client as unknown as new (config?: unknown) => { query(config: unknown, values?: unknown, callback?: Callback): unknown };
  class PreparingClient extends Base {
    /** text → statement name, least recently used first */
    readonly #names = new Map<string, string>();
    #seq = 0;
    /** the session's plan_cache_mode as this client last set it; undefined: not set yet, or maybe undone */
    #mode: PlanMode | undefined;

    /**
     * What must run ahead of the next statement, as one simple-protocol query: `set plan_cache_mode`, `deallocate`
     * of a name evicted from #names. The statement is sent from that query's callback, which node-postgres calls
     * when the answer is in and before it looks at its queue: no query waits in its queue (pg@9 drops that
     * queue: "Calling client.query() when the client is already executing a query") and the statement is sent
     * in the same turn of the event loop as node-postgres sent it from its queue.
     */
    #ahead: string[] = [];

    /** Asks for `set plan_cache_mode` ahead of a statement when the session is not in the mode the statement wants. */
    #planFor(text: string) {
      const want: PlanMode = text.includes(PLANNED_PER_CALL) ? 'force_custom_plan' : 'force_generic_plan';
      if (this.#mode === want) return;
      this.#mode = want;
      this.#ahead.push(`set plan_cache_mode = ${want}`);
    }

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
        this.#forget(oldText, oldName);
      }
      return name;
    }

    #forget(text: string, name: string) {
      if (this.#names.get(text) === name) this.#names.delete(text);
      const connection = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
      if (connection?.parsedStatements) delete connection.parsedStatements[name];
      this.#ahead.push(`deallocate ${name}`);
    }

    /** node-postgres' query(config, values?, callback?), after what #ahead holds; answers in the form it was asked. */
    #send(config: unknown, values?: unknown, callback?: Callback): unknown {
      if (this.#ahead.length === 0) return super.query(config, values, callback);
      const ahead = this.#ahead.join('; ');
      this.#ahead = [];
      const after = (send: () => void) =>
        super.query(ahead, undefined, (err: Error | null) => {
          // failed (an aborted transaction: the statement fails too): the mode is not known, set again before the
          // next statement; a name not deallocated stays on the server until the connection ends
          if (err) this.#mode = undefined;
          send();
        });
      // a submittable (node-postgres answers with it) or a callback (with nothing): the same call, later
      const submittable = typeof (config as QueryConfigLike).submit === 'function';
      if (submittable || typeof callback === 'function' || typeof values === 'function') {
        after(() => super.query(config, values, callback));
        return submittable ? config : undefined;
      }
      return new Promise((resolve, reject) => after(() => void (super.query(config, values) as Promise<unknown>).then(resolve, reject)));
    }

    override query(config: unknown, values?: unknown, callback?: Callback): unknown {
      // query(text, values, callback?) as pg-pool calls it, or query({ text, values?, … }, values?) as drizzle does
      const c = (typeof config === 'string' ? { text: config } : config) as QueryConfigLike | null;
      const params = Array.isArray(values) ? values.length : Array.isArray(c?.values) ? c.values.length : 0;
      if (c && typeof c.text === 'string') {
        if (ROLLBACK.test(c.text)) this.#mode = undefined;
        else if (params > 0) this.#planFor(c.text);
      }
      if (
        !c ||
        typeof c !== 'object' ||
        typeof c.text !== 'string' ||
        c.name ||
        typeof c.submit === 'function' ||
        params === 0 ||
        params > PREPARED_MAX_PARAMETERS
      ) {
        return this.#send(config, values, callback);
      }
      const text = c.text;
      const name = this.#nameOf(text);
      const named = { ...c, name };
      // a migration changed a kept statement's result columns: deallocated, and this call sent unnamed (the next
      // prepares it again under a new name)
      const changed = (err: { code?: string } | null) => err?.code === CACHED_PLAN_CHANGED && (this.#forget(text, name), true);
      if (typeof callback === 'function' || typeof values === 'function') {
        const cb = (typeof values === 'function' ? values : callback) as Callback;
        const vals = typeof values === 'function' ? undefined : values;
        return this.#send(named, vals, (err, res) => (changed(err) ? this.#send(config, vals, cb) : cb(err, res)));
      }
      return (this.#send(named, values) as Promise<unknown>).catch((err: { code?: string }) => {
        if (changed(err)) return this.#send(config, values);
        throw err;
      });
    }
  }
  return PreparingClient as unknown as typeof pgModule.Client;
}
