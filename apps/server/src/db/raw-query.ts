import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Runs a raw statement (a drizzle `sql` template, built by drizzle) and answers its rows: PGlite and node-postgres answer the same shape. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
