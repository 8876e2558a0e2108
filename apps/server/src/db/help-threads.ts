import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { bbsPosts, threadPathOf } from './schema';

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
