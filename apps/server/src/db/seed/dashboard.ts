import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { bbsBoards, bbsPosts } from '../schema';
import type { SeedContext } from './registry';
import FALLBACK_POSTS from './dashboard.json' with { type: 'json' };

/**
 * Demo rows the dashboard needs and no other domain has seeded. The counters, chart and map read
 * the settlement and copyright seeds (the copyright seed spreads demo's sales over 21 countries).
 * The board tabs need a few notice and qna posts for division AUT: when the help-desk seed (which
 * runs before this one) has written none to a board, a few operator posts are added to it, so the
 * dashboard never depends on the order in which the domains land (the posts: dashboard.json).
 */

const pad = (n: number) => String(n).padStart(10, '0');

async function addPost(db: DbOrTx, boardIdx: number, registrantIdx: number, p: (typeof FALLBACK_POSTS)['notice'][number], now: Date) {
  const createdAt = new Date(now.getTime() - p.daysAgo * 86_400_000 - 3 * 3_600_000);
  const [row] = await db
    .insert(bbsPosts)
    .values({
      boardIdx,
      title: p.title,
      content: p.content,
      name: p.name,
      registrantIdx: p.type === 'company' ? registrantIdx : 1,
      registrantType: p.type,
      companyDivision: ['AUT'],
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ idx: bbsPosts.idx });
  // a top-level post is its own thread root (the help desk's list orders threads by these)
  await db
    .update(bbsPosts)
    .set({ rootIdx: row!.idx, threadPath: pad(row!.idx) })
    .where(eq(bbsPosts.idx, row!.idx));
}

export async function seedDashboard(ctx: SeedContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const name of ['notice', 'qna'] as const) {
      const [board] = await tx.select({ idx: bbsBoards.idx }).from(bbsBoards).where(eq(bbsBoards.name, name));
      if (!board) continue;
      const [visible] = await tx
        .select({ n: count() })
        .from(bbsPosts)
        .where(and(eq(bbsPosts.boardIdx, board.idx), sql`'AUT' = ANY(${bbsPosts.companyDivision})`));
      if (Number(visible?.n ?? 0) > 0) continue;
      for (const p of FALLBACK_POSTS[name]) await addPost(tx, board.idx, ctx.demo, p, ctx.now);
    }
  });
}
