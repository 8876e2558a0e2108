import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bbsPosts, THREAD_STEP_DIGITS, threadPathOf } from './schema';

type PostValues = Omit<typeof bbsPosts.$inferInsert, 'rootIdx' | 'threadPath' | 'reLevel' | 'parentIdx'>;
type ParentPost = { idx: number; rootIdx: number | null; threadPath: string; reLevel: number; rootTitle: string };

/**
 * Inserts a post (or a reply under `parent`) and fills its thread fields: one rule for the help
 * repository and the demo seed (seeds never import repositories).
 */
export async function insertPost(db: DbOrTx, values: PostValues, parent?: ParentPost): Promise<number> {
  const [row] = await db
    .insert(bbsPosts)
    .values({ ...values, parentIdx: parent?.idx ?? null, reLevel: parent ? parent.reLevel + 1 : 0 })
    .returning({ idx: bbsPosts.idx });
  if (!row) throw new Error('post insert returned nothing');
  await db
    .update(bbsPosts)
    .set({
      rootIdx: parent ? (parent.rootIdx ?? parent.idx) : row.idx,
      rootTitle: parent ? parent.rootTitle : values.title,
      threadPath: threadPathOf(row.idx, parent?.threadPath),
    })
    .where(eq(bbsPosts.idx, row.idx));
  return row.idx;
}

/** Inserts many top-level posts (thread starters) at once: two statements whatever their number (the seed, the notices import). */
export async function insertTopLevelPosts(db: DbOrTx, values: PostValues[]): Promise<void> {
  if (values.length === 0) return;
  const rows = await db.insert(bbsPosts).values(values).returning({ idx: bbsPosts.idx });
  // the same thread fields as insertPost gives a post without a parent
  await db
    .update(bbsPosts)
    .set({ rootIdx: bbsPosts.idx, rootTitle: bbsPosts.title, threadPath: sql`lpad(${bbsPosts.idx}::text, ${THREAD_STEP_DIGITS}, '0')` })
    .where(
      inArray(
        bbsPosts.idx,
        rows.map((r) => r.idx),
      ),
    );
}
