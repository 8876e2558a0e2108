// Schemas of the royalty statements (issue 18, additions to spec §7): the company's issued statements and their PDFs.
import { z } from 'zod';
import { ZDate, ZListResponse, ZMoney, ZPaging } from './common';
import { EXPORT_LANGS } from './copyright';

/** A statement period: a month `2026-10` or a quarter `2026-Q4`. */
export const ZStatementPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'a month (2026-10) or a quarter (2026-Q4)');

export const ZStatementsQuery = ZPaging;

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
  /** the PDF's size in bytes */
  size: z.number().int(),
  issued_at: z.string(),
  /** GET path of the PDF (relative to /api) */
  pdf: z.string(),
});
export type TStatementRow = z.infer<typeof ZStatementRow>;

export const ZStatementList = ZListResponse(ZStatementRow);
export type TStatementList = z.infer<typeof ZStatementList>;

export const ZStatementParams = z.object({ idx: z.coerce.number().int().min(1).max(2_147_483_647) });
