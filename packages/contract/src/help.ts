import { z } from 'zod';
import { ZIdxParam, ZListResponse, ZPaging, sortQuery, type TSort } from './common';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, UI_LANGUAGES } from './constants';
import { CUSTOMER_TYPES } from './enums';

// Schemas of the help calls (spec §7 Files and Boards).

/** Spec §2: boards include notice and qna; notice is read-only for companies. */
export const BOARD_NAMES = ['notice', 'qna'] as const;
export type TBoardName = (typeof BOARD_NAMES)[number];
export const WRITABLE_BOARDS: readonly TBoardName[] = ['qna'];

export const TITLE_MAX = 200;
export const CONTENT_MAX = 100_000;
export const COMMENT_MAX = 2_000;

/** Spec §3 customer type. */
export const ZCustomerType = z.enum(CUSTOMER_TYPES);
export type TCustomerType = z.infer<typeof ZCustomerType>;

export const ZBoardParams = z.object({ bbs_name: z.string().min(1).max(30) });
export const ZBoardPostParams = ZBoardParams.extend({ idx: ZIdxParam });

/** search_value on the boards is the plain text of the live search box (ARCHITECTURE.md). */
/**
 * (addition, issue 59) A board's orders: title (the spec's default: threads by their first post's title, a thread's
 * replies under it) and date (posts by their date, newest first when descending: one click from the default).
 */
export const BOARD_SORTS = ['title', 'created_at'] as const;
export type TBoardSortKey = (typeof BOARD_SORTS)[number];
export const BOARD_SORT_DEFAULT: TSort<TBoardSortKey> = { key: 'title', dir: 'asc' };

export const ZBoardListQuery = ZPaging.extend({
  search_value: z.preprocess((v) => (v == null ? '' : v), z.string().max(200)).transform((s) => s.trim()),
  ...sortQuery(BOARD_SORTS),
});
export type TBoardListQuery = z.infer<typeof ZBoardListQuery>;

/**
 * What deleting a post does (addition): 'delete' removes it with its replies and comments;
 * 'placeholder' keeps it as a "deleted post" (no title, content or author) because another
 * registrant wrote a reply or comment below it, which must survive.
 */
export const DELETE_MODES = ['delete', 'placeholder'] as const;
export const ZDeleteMode = z.enum(DELETE_MODES);
export type TDeleteMode = z.infer<typeof ZDeleteMode>;

/** Fields every post answer carries about deletion (addition). */
const deletion = {
  /** a placeholder left by a deletion: title, content and name are empty */
  deleted: z.boolean(),
  /** what deleting it now would do */
  delete_mode: ZDeleteMode,
};

/** A row of the board list; every row also carries total_cnt (spec §7: "an array whose first item carries total_cnt"). */
export const ZBoardListRow = z.object({
  idx: z.number().int(),
  title: z.string(),
  name: z.string(),
  view_count: z.number().int(),
  created_at: z.string(),
  re_level: z.number().int(),
  parent_idx: z.number().int().nullable(),
  registrant_idx: z.number().int(),
  registrant_type: z.string(),
  company_division: z.array(z.string()),
  comment_cnt: z.number().int(),
  ...deletion,
  total_cnt: z.number().int(),
});
export type TBoardListRow = z.infer<typeof ZBoardListRow>;
export const ZBoardListResponse = ZListResponse(ZBoardListRow);
export type TBoardListResponse = z.infer<typeof ZBoardListResponse>;

/** Spec §3 board post, as GET help/bbs/{bbs_name}/{idx} answers it. */
export const ZBoardPost = z.object({
  idx: z.number().int(),
  bbs_name: z.string(),
  title: z.string(),
  /** sanitized HTML */
  content: z.string(),
  name: z.string(),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  re_level: z.number().int(),
  parent_idx: z.number().int().nullable(),
  registrant_idx: z.number().int(),
  registrant_type: z.string(),
  company_division: z.array(z.string()),
  ...deletion,
});
export type TBoardPost = z.infer<typeof ZBoardPost>;

/** GET help/bbs/{bbs_name}/{idx}: count_view=N reads without counting a view (the edit screen; addition). */
export const ZBoardPostQuery = z.object({ count_view: z.enum(['Y', 'N']).default('Y') });

const ZTitle = z.string().trim().min(1, 'title').max(TITLE_MAX);
const ZContent = z.string().max(CONTENT_MAX);

/** POST help/bbs/{bbs_name}. company_division is accepted but the server uses the user's division (spec §6). */
export const ZBoardPostCreate = z.object({
  title: ZTitle,
  content: ZContent,
  parentIdx: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  company_division: z.union([z.string(), z.array(z.string())]).nullish(),
});
export type TBoardPostCreate = z.input<typeof ZBoardPostCreate>;

/** PATCH help/bbs/{bbs_name}/{idx}. */
export const ZBoardPostUpdate = z.object({ title: ZTitle, content: ZContent });
export type TBoardPostUpdate = z.input<typeof ZBoardPostUpdate>;

export const ZBoardWriteResponse = z.object({ idx: z.number().int() });
/** DELETE answer: `result` says what happened (addition; the same choice as delete_mode, made at delete time). */
export const ZBoardDeleteResponse = z.object({ status: z.literal('success'), result: ZDeleteMode });
export type TBoardDeleteResponse = z.infer<typeof ZBoardDeleteResponse>;

/** Spec §3 comment. */
export const ZBoardComment = z.object({
  idx: z.number().int(),
  bbs_idx: z.number().int(),
  name: z.string(),
  content: z.string(),
  created_at: z.string(),
  registrant_idx: z.number().int(),
  registrant_type: z.string(),
});
export type TBoardComment = z.infer<typeof ZBoardComment>;

export const ZCommentCreate = z.object({
  bbs_idx: z.coerce.number().int().positive().max(2_147_483_647),
  content: z.string().trim().min(1, 'content').max(COMMENT_MAX),
});
export type TCommentCreate = z.input<typeof ZCommentCreate>;

/** Spec §3 help file; every row also carries total_cnt, the number of files of the list (addition). */
export const ZHelpFile = z.object({
  idx: z.number().int(),
  name: z.string(),
  extension: z.string(),
  size: z.number().int(),
  total_cnt: z.number().int(),
});
export type THelpFile = z.infer<typeof ZHelpFile>;

const optionalInt = z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)), z.number().int().optional());

/**
 * GET help/getAllFiles: customer_type (spec §7); start and length page the list (addition, spec §2:
 * every list screen pages). Without them the whole list is answered, as the spec's call does.
 */
/** (issue 59) The help files' order: by number (upload order), ascending by default; `desc` is the newest first. */
export const HELP_FILE_SORTS = ['no'] as const;
export const ZHelpFilesQuery = z.object({
  customer_type: ZCustomerType.default('company'),
  start: optionalInt.pipe(z.number().int().min(0).max(100_000_000).optional()),
  length: optionalInt.transform((n) => (n === undefined ? undefined : n < 1 ? DEFAULT_PAGE_SIZE : Math.min(n, MAX_PAGE_SIZE))),
  ...sortQuery(HELP_FILE_SORTS),
});
export type THelpFilesQuery = z.input<typeof ZHelpFilesQuery>;
export const ZHelpFileDownload = z.object({
  customer_type: ZCustomerType.default('company'),
  /** name.extension as listed; only ever a lookup key */
  fileName: z.string().min(1).max(300),
});
export type THelpFileDownload = z.input<typeof ZHelpFileDownload>;

/** Spec §2 /help/faq: the two tabs of the FAQ page. */
export const FAQ_TABS = ['bugs', 'shipping'] as const;
export const ZFaqTab = z.enum(FAQ_TABS);
export type TFaqTab = z.infer<typeof ZFaqTab>;

/** GET help/faq (addition): the entries written in `lang` (a UI language; default en). */
export const ZFaqQuery = z.object({ lang: z.enum(UI_LANGUAGES).default('en') });
export type TFaqQuery = z.input<typeof ZFaqQuery>;

/** One question and answer of the FAQ; the answer is plain text (line breaks kept), never HTML. */
export const ZFaqEntry = z.object({
  tab: ZFaqTab,
  ref: z.string(),
  position: z.number().int(),
  question: z.string(),
  answer: z.string(),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

/** The entries of one language, by tab then position (an empty list: none in that language). */
export const ZFaqResponse = z.object({ language: z.enum(UI_LANGUAGES), entries: z.array(ZFaqEntry) });
export type TFaqResponse = z.infer<typeof ZFaqResponse>;
