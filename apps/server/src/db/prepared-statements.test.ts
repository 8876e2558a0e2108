import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANNED_PER_CALL, PREPARED_MAX_PARAMETERS, preparingClient } from './prepared-statements';

// node-postgres only: needs PostgreSQL (TEST_DB=pg and TEST_DATABASE_URL); temp tables keep it to its own connections
const url = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
if (!url) console.warn('prepared-statements.test.ts — SKIPPED: needs TEST_DB=pg and TEST_DATABASE_URL');

type Client = InstanceType<typeof pg.Client>;
const open: { end(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.end()));
});

async function connect(max?: number): Promise<Client> {
  const Preparing = preparingClient(pg, max);
  const client = new Preparing({ connectionString: url });
  await client.connect();
  open.push(client);
  return client;
}
const prepared = async (c: Client) =>
  (await c.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by prepare_time')).rows;

describe.skipIf(!url)('prepared statements (node-postgres)', () => {
  it('a query with parameters is prepared once per connection and run again by name', async () => {
    const c = await connect();
    for (const n of [1, 2, 3]) expect((await c.query('select $1::int + 1 as x', [n])).rows).toEqual([{ x: n + 1 }]);
    // also in node-postgres' object form, as drizzle sends it
    expect((await c.query({ text: 'select $1::int + 1 as x', values: [41] })).rows).toEqual([{ x: 42 }]);
    expect(await prepared(c)).toEqual([{ name: expect.stringMatching(/^portal_\d+$/), statement: 'select $1::int + 1 as x' }]);
  });

  it('a failing call (a rolled-back transaction too) leaves the statement usable', async () => {
    const c = await connect();
    const divide = (n: number) => c.query('select 1 / $1::int as x', [n]);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(1)).rows).toEqual([{ x: 1 }]);
    await c.query('begin');
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    await c.query('rollback');
    expect((await divide(1)).rows).toEqual([{ x: 1 }]);
    await expect(c.query('select $1::int +', [1])).rejects.toThrow(/syntax error/);
    await expect(c.query('select $1::int +', [1])).rejects.toThrow(/syntax error/);
  });

  it('queries without parameters are sent as they are (simple protocol: several statements in one text)', async () => {
    const c = await connect();
    const res = (await c.query('select 1 as a; select 2 as b')) as unknown as { rows: unknown[] }[];
    expect(res.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect(await prepared(c)).toEqual([]);
  });

  it('batch inserts (more than PREPARED_MAX_PARAMETERS parameters) are sent unnamed', async () => {
    const c = await connect();
    const values = Array.from({ length: PREPARED_MAX_PARAMETERS + 1 }, (_, i) => i);
    const text = `select ${values.map((_, i) => `$${i + 1}::int`).join(' + ')} as total`;
    expect((await c.query(text, values)).rows).toEqual([{ total: (PREPARED_MAX_PARAMETERS * (PREPARED_MAX_PARAMETERS + 1)) / 2 }]);
    expect(await prepared(c)).toEqual([]);
  });

  it('keeps at most `max` statements per connection: the least recently used is deallocated', async () => {
    const c = await connect(2);
    await c.query('select $1::int as a', [1]);
    await c.query('select $1::int as b', [1]);
    await c.query('select $1::int as a', [2]); // a is used again: b is now the oldest
    await c.query('select $1::int as c', [1]);
    expect((await prepared(c)).map((s) => s.statement).sort()).toEqual(['select $1::int as a', 'select $1::int as c']);
    // b is prepared again when it comes back
    expect((await c.query('select $1::int as b', [7])).rows).toEqual([{ b: 7 }]);
  });

  it('a statement whose result columns changed (a migration meanwhile) is prepared again, the call answers', async () => {
    const c = await connect();
    await c.query('create temp table t (a int)');
    await c.query('insert into t values (1)');
    const read = () => c.query('select * from t where a = $1', [1]);
    await read();
    await c.query('alter table t add column b int default 5');
    expect((await read()).rows).toEqual([{ a: 1, b: 5 }]);
    expect((await read()).rows).toEqual([{ a: 1, b: 5 }]);
  });

  it("works through a pool (pg-pool calls the client's callback form)", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: preparingClient(pg) });
    open.push(pool);
    for (const n of [1, 2]) expect((await pool.query('select $1::text as v', [`x${n}`])).rows).toEqual([{ v: `x${n}` }]);
    const { rows } = await pool.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where statement = 'select $1::text as v'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  const statement = 'select count(*) from pg_class where relpages >= $1';
  const plans = async (c: Client, text: string) =>
    (
      await c.query<{ generic: number; custom: number }>(
        'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1',
        [text],
      )
    ).rows;
  const mode = async (c: Client) => (await c.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]?.plan_cache_mode;

  it('runs a statement’s generic plan from its first call, and plans a marked one for its values on every call', async () => {
    const c = await connect();
    for (const n of [1, 2, 3]) await c.query(statement, [n]);
    // under PostgreSQL's default (auto) the first five calls are planned for their values
    expect(await plans(c, statement)).toEqual([{ generic: 3, custom: 0 }]);
    const marked = `${PLANNED_PER_CALL} ${statement}`;
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await c.query(marked, [n]);
    expect(await plans(c, marked)).toEqual([{ generic: 0, custom: 7 }]);
    // and back: the unmarked statement keeps its generic plan
    await c.query(statement, [4]);
    expect(await plans(c, statement)).toEqual([{ generic: 4, custom: 0 }]);
    expect(await mode(c)).toBe('force_generic_plan');
  });

  it('sets the mode again after a rollback (which undoes a set made inside the transaction)', async () => {
    const c = await connect();
    await c.query('begin');
    await c.query(statement, [1]);
    await c.query('rollback');
    expect(await mode(c)).toBe('auto');
    for (const n of [2, 3, 4]) await c.query(statement, [n]);
    expect(await plans(c, statement)).toEqual([{ generic: 4, custom: 0 }]);
    // a failed transaction: the set inside it fails too, and is sent again after the rollback
    await c.query('begin');
    await expect(c.query('select 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
    await expect(c.query(`${PLANNED_PER_CALL} ${statement}`, [1])).rejects.toThrow(/aborted/);
    await c.query('rollback');
    await c.query(`${PLANNED_PER_CALL} ${statement}`, [1]);
    expect(await mode(c)).toBe('force_custom_plan');
  });

  it('never asks node-postgres to queue a query behind a running one (pg@9 removes that queue)', async () => {
    // node-postgres' own test for its deprecation warning: a query arrives while another waits in its queue
    let queued = 0;
    class Watched extends pg.Client {
      override query(...args: unknown[]): never {
        if ((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0) queued++;
        return (super.query as (...a: unknown[]) => never)(...args);
      }
    }
    const Preparing = preparingClient({ ...pg, Client: Watched } as typeof pg, 1);
    // through a pool: its first query is sent while the connection's first ReadyForQuery is being handled
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: Preparing });
    open.push(pool);
    expect((await pool.query('select $1::int as a', [1])).rows).toEqual([{ a: 1 }]);
    const c = new Preparing({ connectionString: url });
    await c.connect();
    open.push(c);
    // a mode to set and a statement to deallocate (max 1) ahead of the same statement: as a promise (text or object) and with a callback
    expect((await c.query('select $1::int as a', [1])).rows).toEqual([{ a: 1 }]);
    expect((await c.query(`${PLANNED_PER_CALL} select $1::int as b`, [2])).rows).toEqual([{ b: 2 }]);
    const viaCallback = await new Promise((resolve, reject) =>
      c.query('select $1::int as c', [3], (err, res) => (err ? reject(err) : resolve(res.rows))),
    );
    expect(viaCallback).toEqual([{ c: 3 }]);
    expect((await c.query({ text: `${PLANNED_PER_CALL} select $1::int as d`, values: [4] })).rows).toEqual([{ d: 4 }]);
    expect(await mode(c)).toBe('force_custom_plan');
    expect((await prepared(c)).map((s) => s.statement)).toEqual([`${PLANNED_PER_CALL} select $1::int as d`]);
    // a submittable (node-postgres' own Query here, as pg-cursor would be) behind a mode switch: answered through its events
    const submitted = c.query(new pg.Query('select $1::int as e', [5]));
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const got: unknown[] = [];
      submitted.on('row', (row: unknown) => got.push(row));
      submitted.on('end', () => resolve(got));
      submitted.on('error', reject);
    });
    expect(rows).toEqual([{ e: 5 }]);
    expect(await mode(c)).toBe('force_generic_plan');
    // a kept statement whose columns changed: deallocated ahead of the unnamed call that answers
    await c.query('create temp table t (a int)');
    await c.query('insert into t values (1)');
    await c.query('select * from t where a = $1', [1]);
    await c.query('alter table t add column b int default 5');
    expect((await c.query('select * from t where a = $1', [1])).rows).toEqual([{ a: 1, b: 5 }]);
    // a failed transaction: the set ahead fails, the statement answers its own error, and the mode is set again after
    await c.query('begin');
    await expect(c.query('select 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
    await expect(c.query(`${PLANNED_PER_CALL} ${statement}`, [1])).rejects.toThrow(/aborted/);
    await c.query('rollback');
    expect((await c.query(statement, [1])).rows).toHaveLength(1);
    expect(await mode(c)).toBe('force_generic_plan');
    expect(queued).toBe(0);
  });
});
