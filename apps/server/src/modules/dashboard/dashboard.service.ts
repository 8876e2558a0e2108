import { createRequire } from 'node:module';
import {
  DASHBOARD_BOARD_SIZE,
  addDays,
  addMonths,
  dayIn,
  largestRemainderHundredths,
  type TDashboardBoard,
  type TGlobalSaleTop,
  type TMonthlySaleQtyResponse,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { createDerivedCache } from '../../lib/cache/derived';
import type { ChangeFeed } from '../../lib/cache/change-feed';
import * as repo from './dashboard.repository';

const require = createRequire(import.meta.url);
// the library's core (its browser entry): the package's main entry also registers the country names of
// all its 80 languages at load, about 9 MB of the server's memory that nothing here reads
const iso = require('i18n-iso-countries/index') as { alpha3ToNumeric(code: string): string | undefined };

export interface DashboardServiceDeps {
  db: Db;
  changes: Pick<ChangeFeed, 'stamp' | 'caughtUp' | 'onChange'>;
  timeZone: string;
  now: () => Date;
}

/** Cached aggregates kept at most (the least recently used go first). */
const CACHE_MAX = 500;

export function createDashboardService({ db, changes, timeZone, now }: DashboardServiceDeps) {
  /**
   * The two aggregates over all of a company's royalty lines cost a scan of them; they are kept per
   * company (and month) until a write to their tables is announced, so a new line shows at once and
   * an unchanged company costs no query.
   */
  const { derived } = createDerivedCache(changes, { max: CACHE_MAX });

  async function monthly(companyIdx: number, current: string): Promise<TMonthlySaleQtyResponse> {
    const first = addMonths(current, -11);
    const found = await repo.saleQtyByMonth(db, companyIdx, `${first}-01`, `${addMonths(current, 1)}-01`, timeZone);
    const byMonth = new Map(found.map((r) => [r.month, r.qty]));
    const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
    const max = Math.max(0, ...months.map((m) => byMonth.get(m) ?? 0));
    return months.map((month) => {
      const qty = byMonth.get(month) ?? 0;
      return { month, qty, height: max === 0 ? 0 : Math.round((qty * 10000) / max) / 100 };
    });
  }

  async function globalTop(companyIdx: number): Promise<TGlobalSaleTop> {
    const found = await repo.saleQtyByCountry(db, companyIdx);
    const hundredths = largestRemainderHundredths(found.map((r) => r.cnt));
    const mapData: Record<string, number> = {};
    const global_sales = found.map((r, i) => {
      mapData[r.code3] = r.cnt;
      return {
        rank: i + 1,
        full_name: r.fullName,
        cnt: r.cnt,
        percent: hundredths[i]! / 100,
        code_3: r.code3,
        code_2: r.code2,
        numeric: iso.alpha3ToNumeric(r.code3) ?? '',
      };
    });
    return { global_sales, mapData };
  }

  return {
    copyrightBooksCnt: (companyIdx: number) => repo.countCopyrightBooks(db, companyIdx),

    unpaidInvoiceCnt: (companyIdx: number) => repo.countUnpaidInvoices(db, companyIdx),
    overdueInvoiceCnt: (companyIdx: number) => repo.countOverdueInvoices(db, companyIdx, dayIn(now(), timeZone)),

    /** Royalty lines registered yesterday: the calendar day before today, both in the app's time zone. */
    copyrightReportCnt(companyIdx: number) {
      const today = dayIn(now(), timeZone);
      return repo.countRoyaltyLinesBetweenDays(db, companyIdx, addDays(today, -1), today, timeZone);
    },

    /** The last 12 months (the current one last), every month present, height = share of the largest. */
    monthlySaleQty(companyIdx: number): Promise<TMonthlySaleQtyResponse> {
      const current = dayIn(now(), timeZone).slice(0, 7);
      return derived(['copyright'], `dashboard.monthly|${companyIdx}|${current}`, () => monthly(companyIdx, current));
    },

    /** Every country with sales, ranked by quantity; percents in hundredths by largest remainder (sum 100.00). */
    globalSaleTop(companyIdx: number): Promise<TGlobalSaleTop> {
      return derived(['copyright', 'reference'], `dashboard.global|${companyIdx}`, () => globalTop(companyIdx));
    },

    /** The latest notice and qna posts the user's division may see. */
    async board(division: string): Promise<TDashboardBoard> {
      const [notice, qna] = await Promise.all(
        (['notice', 'qna'] as const).map(async (name) =>
          (await repo.latestPosts(db, name, division, DASHBOARD_BOARD_SIZE)).map((p) => ({
            idx: p.idx,
            title: p.title,
            name: p.name,
            re_level: p.reLevel,
            created_at: p.createdAt.toISOString(),
            deleted: p.deletedAt !== null,
          })),
        ),
      );
      return { notice: notice!, qna: qna! };
    },
  };
}
