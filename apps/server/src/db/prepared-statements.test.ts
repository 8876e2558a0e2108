import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PREPARED_MAX_PARAMETERS, preparingClient } from './prepared-statements';

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

  it('names the first `max` texts of a connection; later texts are sent unnamed', async () => {
    const c = await connect(2);
    await c.query('select $1::int as a', [1]);
    await c.query('select $1::int as b', [1]);
    expect((await c.query('select $1::int as c', [3])).rows).toEqual([{ c: 3 }]);
    expect((await c.query('select $1::int as a', [2])).rows).toEqual([{ a: 2 }]);
    expect((await prepared(c)).map((s) => s.statement)).toEqual(['select $1::int as a', 'select $1::int as b']);
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
    // a kept statement whose result columns changed, through the callback form
    await pool.query('create temp table t (a int)');
    await pool.query('insert into t values (1)');
    await pool.query('select * from t where a = $1', [1]);
    await pool.query('alter table t add column b int default 5');
    expect((await pool.query('select * from t where a = $1', [1])).rows).toEqual([{ a: 1, b: 5 }]);
  });

  it('a submittable query (pg.Query, as pg-cursor is) is passed on as it is', async () => {
    const c = await connect();
    const submitted = c.query(new pg.Query('select $1::int as e', [5]));
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const got: unknown[] = [];
      submitted.on('row', (row: unknown) => got.push(row));
      submitted.on('end', () => resolve(got));
      submitted.on('error', reject);
    });
    expect(rows).toEqual([{ e: 5 }]);
    expect(await prepared(c)).toEqual([]);
  });
});
