import { eq, param, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { companies } from './schema';
import { buildQuery } from './raw-query';

const drizzle = (q: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  return { sql: text, params };
};

describe('buildQuery', () => {
  const cases: [string, SQL][] = [
    ['text only', sql`select 1`],
    ['empty', sql``],
    ['values of every kind', sql`select ${1}, ${'a'}, ${true}, ${null}, ${new Date(Date.UTC(2026, 0, 2))}, ${{ a: 1 }}, ${1.5}::numeric`],
    ['nested templates and undefined parts', sql`with a as (${sql`select ${2} as x`}) select * from a where x = ${3}${undefined} ${sql``}`],
    ['sql.join, sql.raw, an identifier', sql`select ${sql.join([sql`${4}`, sql.raw('5'), sql.identifier('we"ird')], sql`, `)}`],
    ['a list of values', sql`select 1 where 2 in ${[6, 7, 8]}`],
    ['a Param', sql`select ${param(9)}, ${param(null)}`],
  ];
  it.each(cases)('%s: the same text and parameters as drizzle builds, in one pass', (_name, q) => {
    expect(buildQuery(q)).toEqual(drizzle(q));
  });

  it('numbers the parameters of a template used twice in order', () => {
    const part = sql`x = ${10}`;
    expect(buildQuery(sql`select 1 where ${part} or ${part}`)).toEqual({ sql: 'select 1 where x = $1 or x = $2', params: [10, 10] });
  });

  it('is checked against drizzle on every statement under Vitest', () => {
    expect(process.env.VITEST).toBe('true');
  });

  it('leaves a statement with a column, a table or inlined values to drizzle (queryRows sends it as it is)', () => {
    for (const q of [
      sql`select * from ${companies} where ${eq(companies.idx, 3)}`,
      sql`select ${sql`${5}`.inlineParams()}`,
      sql`select ${sql.placeholder('p')}`,
    ]) {
      expect(buildQuery(q)).toBeUndefined();
    }
  });
});
