import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { bbsBoards, bbsPosts } from '../schema';
import type { SeedContext } from './registry';

/**
 * Demo rows the dashboard needs and no other domain has seeded. The counters, chart and map read
 * the settlement and copyright seeds (the copyright seed spreads demo's sales over 21 countries).
 * The board tabs need a few notice and qna posts for division AUT: when the help-desk seed (which
 * runs before this one) has written none to a board, a few operator posts are added to it, so the
 * dashboard never depends on the order in which the domains land.
 */
const FALLBACK_POSTS: Record<'notice' | 'qna', { title: string; content: string; name: string; type: string; daysAgo: number }[]> = {
  notice: [
    {
      title: '[공지] 12월 정산 일정 안내 (Settlement schedule for December)',
      content: '<p>12월 정산은 매월 말일 기준으로 진행됩니다. Settlement for December closes on the last day of the month.</p>',
      name: '운영팀',
      type: 'manager',
      daysAgo: 1,
    },
    {
      title: 'Royalty statements now available as Excel exports',
      content: '<p>The royalty list can be exported to Royalty.xlsx from the copyright menu.</p>',
      name: 'Operations',
      type: 'manager',
      daysAgo: 6,
    },
    {
      title: '[공지] 설 연휴 물류 센터 휴무 안내',
      content: '<p>연휴 기간에는 출고가 중단됩니다.</p>',
      name: '운영팀',
      type: 'manager',
      daysAgo: 15,
    },
  ],
  qna: [
    {
      title: '해외 판매 로열티 정산 주기가 궁금합니다',
      content: '<p>해외 서점 판매분의 로열티는 언제 정산되나요?</p>',
      name: '한빛 출판사',
      type: 'company',
      daysAgo: 2,
    },
    {
      title: 'How do I change the invoice e-mail address?',
      content: '<p>We would like invoices to go to our accounting team.</p>',
      name: '한빛 출판사',
      type: 'company',
      daysAgo: 9,
    },
  ],
};

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
