// Schemas of the royalty statements (issue 18, additions to spec §7): the company's issued statements and their PDFs.
import { z } from 'zod';
import { jsonSearchValue, RANGE_IN_ORDER, ZDate, ZListResponse, ZMoney, ZPaging } from './common';
import { EXPORT_LANGS } from './copyright';
import { CURRENCY_TABLE, roundAmount, type CurrencyCode } from './currency';
import { fromMinor, toMinor } from './money';

/** A statement period: a month `2026-10` or a quarter `2026-Q4`. */
export const ZStatementPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'a month (2026-10) or a quarter (2026-Q4)');

/** The currencies a statement can be in (the portal's, CURRENCY_TABLE). */
export const STATEMENT_CURRENCIES = Object.keys(CURRENCY_TABLE) as [CurrencyCode, ...CurrencyCode[]];

/**
 * (issue 57) The statements' filter: one currency, and the periods that start from startDate to endDate
 * (inclusive, on period_start).
 */
export const ZStatementsFilter = z
  .object({
    currency: z.enum(STATEMENT_CURRENCIES).optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
  })
  .strict()
  .refine(...RANGE_IN_ORDER);
export type TStatementsFilter = z.infer<typeof ZStatementsFilter>;

export const ZStatementsQuery = ZPaging.extend({ search_value: jsonSearchValue(ZStatementsFilter) });
export type TStatementsQuery = z.infer<typeof ZStatementsQuery>;

export const ZStatementRow = z.object({
  no: z.number().int(),
  idx: z.number().int(),
  number: z.string(),
  period: ZStatementPeriod,
  period_start: ZDate,
  period_end: ZDate,
  currency: z.string(),
  version: z.number().int(),
  lang: z.enum(EXPORT_LANGS),
  line_cnt: z.number().int(),
  qty: z.number().int(),
  opening_balance: ZMoney,
  royalty: ZMoney,
  settled: ZMoney,
  closing_balance: ZMoney,
  /** the closing balance in the currency's minor unit (what is payable), and the rounding that took it there */
  payable: ZMoney,
  rounding: ZMoney,
  /** the PDF's size in bytes */
  size: z.number().int(),
  issued_at: z.string(),
  /** the business day of the issue in the business time zone, YYYY-MM-DD (the PDF's "issued on") */
  issued_on: ZDate,
  /** GET path of the PDF (relative to /api) */
  pdf: z.string(),
});
export type TStatementRow = z.infer<typeof ZStatementRow>;

export const ZStatementList = ZListResponse(ZStatementRow);
export type TStatementList = z.infer<typeof ZStatementList>;

export const ZStatementParams = z.object({ idx: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * What a statement makes payable: its closing balance rounded to the currency's minor unit (half away from
 * zero, roundAmount), and the rounding that takes it there (₩4,500,386.08 → −0.08 → ₩4,500,386).
 */
export function statementPayable(closingBalance: string, currency: string) {
  const payable = roundAmount(closingBalance, currency);
  return { payable, rounding: fromMinor(toMinor(payable) - toMinor(closingBalance)) };
}
