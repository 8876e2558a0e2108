import { z } from 'zod';

/** Stable error codes; the web maps each to an i18n message (spec §8). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'LOGIN_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'LIMIT_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** (issue 18) a password-reset link that is unknown, used or expired */
  'RESET_TOKEN_INVALID',
  /** (issue 15) the distributor set the company's password: it must change it before anything else */
  'PASSWORD_CHANGE_REQUIRED',
  /** (issue 56) the request was not received in time (408): not a validation problem of the request's content */
  'REQUEST_TIMEOUT',
  /** (issue 58) the user's role may not use this call (spec §8 'no permission') */
  'NO_PERMISSION',
  /** (issue 58) the change would leave the company without an active owner */
  'LAST_OWNER',
  /** (issue 58) the company's own login cannot be removed */
  'COMPANY_LOGIN_USER',
  /** (issue 58) an invitation link that is used, withdrawn or unknown (one answer for the three) */
  'INVITATION_NOT_FOUND',
  /** (issue 58) an invitation link past its 72 hours */
  'INVITATION_EXPIRED',
  /** (issue 58) the login id is a user's or a company's already */
  'LOGIN_TAKEN',
  /** (issue 58) an active user of the company has the invited e-mail address already */
  'ALREADY_USER',
  /** (issue 58) the password was right; the account's 2-step login asks for its code (or a recovery code) */
  'TWO_STEP_REQUIRED',
  /** (issue 58) a wrong, used or expired 2-step code or recovery code */
  'TWO_STEP_FAILED',
  /** (issue 58) the company requires 2-step login: the user sets it up before anything else */
  'TWO_STEP_SETUP_REQUIRED',
  /** (issue 58) 2-step login is already on (set-up refused) */
  'TWO_STEP_ENABLED',
  /** (issue 58) no 2-step set-up is waiting for its code */
  'TWO_STEP_NOT_PENDING',
  /** (issue 58) the company (or ADMIN_REQUIRE_2FA for an operator) requires 2-step login: it cannot be turned off */
  'TWO_STEP_REQUIRED_BY_POLICY',
  /** (issue 58) an owner requires 2-step login of everyone only once it has it itself */
  'TWO_STEP_SETUP_FIRST',
  /** (issue 58) the password given to confirm a change is not the user's */
  'PASSWORD_MISMATCH',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZErrorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** values for the placeholders of the message the code stands for, e.g. LIMIT_EXCEEDED { number: 100000 } */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** the id of the request in the server's log lines: a user's report of this error can be traced */
  requestId: z.string(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

import { DATE_MAX, DATE_MIN, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

const intFromQuery = (fallback: number) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return fallback;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? Math.trunc(n) : v;
  }, z.number().int());

export const ZPaging = z.object({
  start: intFromQuery(0).pipe(z.number().int().min(0).max(100_000_000)),
  length: intFromQuery(DEFAULT_PAGE_SIZE).transform((n) => (n < 1 ? DEFAULT_PAGE_SIZE : Math.min(n, MAX_PAGE_SIZE))),
});
export type TPaging = z.infer<typeof ZPaging>;

/** (addition, issue 59) A list's order: ascending or descending. */
export const SORT_DIRS = ['asc', 'desc'] as const;
export type TSortDir = (typeof SORT_DIRS)[number];
/** (addition, issue 59) A list's order: one of its sortable keys and a direction. */
export interface TSort<K extends string = string> {
  key: K;
  dir: TSortDir;
}

/**
 * (addition, issue 59) The order parameters of a list's query: `sort`, one of the list's keys (any other is a 400
 * naming the allowed ones), and `dir`, asc or desc (default asc). Without `sort` the list keeps the spec's default
 * order (§9), in `dir` when one is given.
 */
export const sortQuery = <K extends readonly [string, ...string[]]>(keys: K) => ({
  sort: z.enum(keys).optional(),
  dir: z.enum(SORT_DIRS).optional(),
});

/**
 * `search_value` travels as a JSON-encoded object in query strings (ARCHITECTURE.md).
 * An empty string or absence means "no filter".
 */
export function jsonSearchValue<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return {};
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v; // left as a string: the object schema refuses it with a clear issue
      }
    }
    return v;
  }, schema);
}

/**
 * A list's page and its total (spec §7). `total_at_least` (an addition): total_cnt is a lower bound, the
 * matches of a text search found among the list's first rows when a common word matches more than a
 * page there (the list is not counted further; the table shows "N+" and no last page).
 */
export const ZListResponse = <T extends z.ZodType>(row: T) =>
  z.object({ dataset: z.array(row), total_cnt: z.number().int(), total_at_least: z.boolean().optional() });

/** YYYY-MM-DD, a real calendar date from DATE_MIN to DATE_MAX (years 0001–9999). */
export const ZDate = z.iso
  .date()
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, { message: `date out of range (${DATE_MIN} to ${DATE_MAX})` });
export const ZYesNo = z.enum(['Y', 'N']);
/** A decimal amount kept as a string, never a float (ARCHITECTURE.md: money). */
export const ZMoney = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A filter's date range is in order (or open at either end): `.refine(...RANGE_IN_ORDER)` on every filter with one. */
export const RANGE_IN_ORDER: [
  (r: { startDate?: string | undefined; endDate?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [(r) => !r.startDate || !r.endDate || r.startDate <= r.endDate, { message: 'date range ends before it starts', path: ['endDate'] }];

/** Date range of the search forms (spec §5: YYYY-MM-DD ~ YYYY-MM-DD). */
export const ZDateRange = z.object({ startDate: ZDate.optional(), endDate: ZDate.optional() }).refine(...RANGE_IN_ORDER);

export const ZIdxParam = z.coerce.number().int().positive().max(2_147_483_647);
