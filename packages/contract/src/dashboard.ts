// Schemas of the dashboard calls (spec §7): counters, latest board posts, monthly sale quantity,
// global top sales.
import { z } from 'zod';

/** GET company/dashboard/{copyrightBooksCnt,unpaidInvoiceCnt,copyrightReportCnt}: a bare number. */
export const ZDashboardCount = z.number().int().min(0);
export type TDashboardCount = z.infer<typeof ZDashboardCount>;

/** How many posts of each board GET dashboard/board returns (newest first). */
export const DASHBOARD_BOARD_SIZE = 5;

export const ZDashboardPost = z.object({
  idx: z.number().int(),
  title: z.string(),
  /** author name */
  name: z.string(),
  /** 0 for a post, 1+ for a reply */
  re_level: z.number().int(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
  /** a placeholder left by its author's deletion (title and name empty; addition) */
  deleted: z.boolean(),
});
export type TDashboardPost = z.infer<typeof ZDashboardPost>;

/** GET dashboard/board: the latest notice and qna posts visible to the user's division. */
export const ZDashboardBoard = z.object({
  notice: z.array(ZDashboardPost),
  qna: z.array(ZDashboardPost),
});
export type TDashboardBoard = z.infer<typeof ZDashboardBoard>;

/** Spec §7 monthlySaleQty row: one month (YYYY-MM) of sold copies. */
export const ZMonthlySaleQty = z.object({
  /** YYYY-MM, in the server's business time zone */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** sold copies (royalty lines' qty) registered in that month */
  qty: z.number().int().min(0),
  /** the bar's share of the largest month, in percent (0–100, 2 decimals); 0 when every month is 0 */
  height: z.number().min(0).max(100),
});
export type TMonthlySaleQty = z.infer<typeof ZMonthlySaleQty>;
/** The last 12 months, oldest first, the current month last; months without sales have qty 0. */
export const ZMonthlySaleQtyResponse = z.array(ZMonthlySaleQty);
export type TMonthlySaleQtyResponse = z.infer<typeof ZMonthlySaleQtyResponse>;

/** Spec §3 global sale: one country of the top-sales table. */
export const ZGlobalSale = z.object({
  rank: z.number().int().min(1),
  /** English country name from the country list (the web shows it in the UI language via code_2) */
  full_name: z.string(),
  /** sold copies */
  cnt: z.number().int().min(0),
  /** share of all sold copies, percent with 2 decimals; the rows sum to exactly 100 (largest remainder) */
  percent: z.number().min(0).max(100),
  /** addition: ISO 3166 alpha-3 (the key of mapData) */
  code_3: z.string().length(3),
  /** addition: ISO 3166 alpha-2, for names in the UI language */
  code_2: z.string(),
  /** addition: ISO 3166 numeric (3 digits), the id of the country in world-atlas; '' when unknown */
  numeric: z.string(),
});
export type TGlobalSale = z.infer<typeof ZGlobalSale>;

export const ZGlobalSaleTop = z.object({
  /** every country with sales, by quantity (largest first, then name) */
  global_sales: z.array(ZGlobalSale),
  /** country code (alpha-3) → sold copies */
  mapData: z.record(z.string(), z.number().int().min(0)),
});
export type TGlobalSaleTop = z.infer<typeof ZGlobalSaleTop>;

/**
 * Percentages in hundredths (integers) that sum to exactly 10000 when any value is positive:
 * each share is floored and the remaining hundredths go to the largest remainders (ties: earlier
 * entry). Pure integer arithmetic, so no float drift.
 */
export function largestRemainderHundredths(values: readonly number[]): number[] {
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return values.map(() => 0);
  const parts = values.map((v, i) => {
    const scaled = v * 10000;
    return { i, floor: Math.floor(scaled / total), rem: scaled % total };
  });
  let left = 10000 - parts.reduce((a, p) => a + p.floor, 0);
  const order = [...parts].sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const p of order) {
    if (left <= 0) break;
    p.floor += 1;
    left -= 1;
  }
  return parts.map((p) => p.floor);
}
