/**
 * Dashboard figures. A READ-ONLY REPORTING MODULE: it owns no table and writes nothing; it runs
 * aggregate SELECTs over the tables of other domains — settlement (buy_invoices), copyright
 * (copyright_books, royalty_lines, royalty_customers) and help desk (bbs_posts, bbs_boards) — plus
 * the countries lookup. Every company-owned figure filters on the company of the verified token.
 * Day and month boundaries are calendar days in the app's time zone, turned into instants by
 * PostgreSQL (`timestamp at time zone`), so created_at ranges use the (company_idx, created_at) index.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../db/raw-query';
import { bbsBoards, bbsPosts, royaltyLines } from '../../db/schema';
import { overdueCountsSql } from '../settlement/settlement.repository';

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`. */
const dayStart = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;

/** The company's copyright books: the copyright book summary's months added up (a few hundred rows, not the books). */
export async function countCopyrightBooks(db: DbOrTx, companyIdx: number): Promise<number> {
  const [r] = await rows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(cnt), 0)::int as n from copyright_book_month_sums where company_idx = ${companyIdx}`,
  );
  return Number(r?.n ?? 0);
}

/** Invoices with anything still owed (no payment settled them in full: spec §4 "unpaid", partially paid included), as the settlement list shows them: one row of unpaid_invoice_counts. */
export async function countUnpaidInvoices(db: DbOrTx, companyIdx: number): Promise<number> {
  const [r] = await rows<{ n: number | string }>(db, sql`select cnt as n from unpaid_invoice_counts where company_idx = ${companyIdx}`);
  return Number(r?.n ?? 0);
}

/**
 * Invoices with an amount still owed whose due date is before `today` (the business day): overdue by the settlement
 * list's own definition (settlement.repository overdueSql), summed from the owed invoices' counts per due day as the
 * list's overdue filter sums them (overdueCountsSql).
 */
export async function countOverdueInvoices(db: DbOrTx, companyIdx: number, today: string): Promise<number> {
  const [r] = await rows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(o.cnt), 0)::int as n from (${overdueCountsSql(companyIdx, today)}) o`,
  );
  return Number(r?.n ?? 0);
}

/** Royalty lines registered from the start of day `from` up to the start of day `to` (exclusive). */
export async function countRoyaltyLinesBetweenDays(
  db: DbOrTx,
  companyIdx: number,
  from: string,
  to: string,
  timeZone: string,
): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(royaltyLines)
    .where(
      and(
        eq(royaltyLines.companyIdx, companyIdx),
        sql`${royaltyLines.createdAt} >= ${dayStart(from, timeZone)}`,
        sql`${royaltyLines.createdAt} < ${dayStart(to, timeZone)}`,
      ),
    );
  return Number(r?.n ?? 0);
}

/** Sold copies per month (YYYY-MM in `timeZone`) of lines registered from day `from` to day `to` (exclusive). */
export async function saleQtyByMonth(
  db: DbOrTx,
  companyIdx: number,
  from: string,
  to: string,
  timeZone: string,
): Promise<{ month: string; qty: number }[]> {
  const found = await rows<{ month: string; qty: string | number }>(
    db,
    sql`select to_char(r.created_at at time zone ${timeZone}, 'YYYY-MM') as month, sum(r.qty)::bigint as qty
        from royalty_lines r
        where r.company_idx = ${companyIdx}
          and r.created_at >= ${dayStart(from, timeZone)}
          and r.created_at < ${dayStart(to, timeZone)}
        group by 1`,
  );
  return found.map((r) => ({ month: r.month, qty: Number(r.qty) }));
}

/**
 * Sold copies per customer country over all the company's royalty lines, largest first (then by
 * name). Lines are summed per customer first (index royalty_lines_company_customer), then per country.
 */
export async function saleQtyByCountry(
  db: DbOrTx,
  companyIdx: number,
): Promise<{ code3: string; code2: string; fullName: string; cnt: number }[]> {
  const found = await rows<{ code3: string; code2: string; full_name: string; cnt: string | number }>(
    db,
    sql`select c.country as code3, coalesce(k.code_2, '') as code2, coalesce(k.full_name, c.country) as full_name,
               sum(t.qty)::bigint as cnt
        from (select customer_idx, sum(qty) as qty from royalty_lines where company_idx = ${companyIdx} group by customer_idx) t
        join royalty_customers c on c.idx = t.customer_idx
        left join countries k on k.code_3 = c.country
        group by c.country, k.code_2, k.full_name
        having sum(t.qty) > 0
        order by cnt desc, full_name asc, code3 asc`,
  );
  return found.map((r) => ({ code3: r.code3.trim(), code2: r.code2.trim(), fullName: r.full_name, cnt: Number(r.cnt) }));
}

/**
 * The newest posts of a board that `division` may see (spec §6: division in company_division), read
 * down bbs_posts_board_latest: the board is a value (not a join, which hid it from the planner) and
 * the order names NULLS LAST as the index does (drizzle's desc() means NULLS FIRST, which the index
 * cannot serve, and the board would be scanned).
 */
export function latestPosts(db: DbOrTx, boardName: string, division: string, limit: number) {
  return db
    .select({
      idx: bbsPosts.idx,
      title: bbsPosts.title,
      name: bbsPosts.name,
      reLevel: bbsPosts.reLevel,
      createdAt: bbsPosts.createdAt,
      deletedAt: bbsPosts.deletedAt,
    })
    .from(bbsPosts)
    .where(
      and(
        eq(bbsPosts.boardIdx, sql`(select ${bbsBoards.idx} from ${bbsBoards} where ${bbsBoards.name} = ${boardName})`),
        sql`${division} = ANY(${bbsPosts.companyDivision})`,
      ),
    )
    .orderBy(desc(bbsPosts.createdAt), desc(bbsPosts.idx))
    .limit(limit);
}
