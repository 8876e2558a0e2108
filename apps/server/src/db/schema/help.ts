import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './files';

/**
 * Boards of the help desk (spec §2: notice and qna). Rows are inserted by the migration that
 * creates the table; `writable` false means companies can only read (notice).
 */
export const bbsBoards = pgTable('bbs_boards', {
  idx: serial('idx').primaryKey(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  writable: boolean('writable').notNull().default(true),
});

/** The width of one step of `bbs_posts.thread_path`: an idx zero-padded, so that text order is number order. */
export const THREAD_STEP_DIGITS = 10;

/** `bbs_posts.thread_path` of a post: its parent's path (none for a thread's first post), then its own padded idx. */
export function threadPathOf(idx: number, parentPath?: string): string {
  const step = String(idx).padStart(THREAD_STEP_DIGITS, '0');
  return parentPath ? `${parentPath}/${step}` : step;
}

/**
 * A board post or a reply (spec §3 board post). Replies point at their parent and carry
 * re_level = parent's + 1; `rootIdx` and `threadPath` (zero-padded idx chain) keep a thread together
 * in the list. Deleting a post deletes its replies and their comments (foreign keys cascade), unless
 * another registrant wrote a reply or comment below it: then the post stays as a placeholder
 * (`deletedAt` set, title, content and name emptied) so that their writing and the thread survive.
 */
export const bbsPosts = pgTable(
  'bbs_posts',
  {
    idx: serial('idx').primaryKey(),
    boardIdx: integer('board_idx')
      .notNull()
      .references(() => bbsBoards.idx),
    parentIdx: integer('parent_idx').references((): AnyPgColumn => bbsPosts.idx, { onDelete: 'cascade' }),
    /** the thread's first post (itself for a top-level post) */
    rootIdx: integer('root_idx'),
    /** the thread's first post's title, kept here so the list (ordered by it) pages on an index */
    rootTitle: varchar('root_title', { length: 200 }).notNull().default(''),
    /** '0000000012/0000000015': ancestors' idx then its own, for ordering a thread */
    threadPath: varchar('thread_path', { length: 400 }).notNull().default(''),
    reLevel: integer('re_level').notNull().default(0),
    title: varchar('title', { length: 200 }).notNull(),
    /** sanitized HTML (allow-list, see modules/help/sanitize.ts) */
    content: text('content').notNull(),
    /** author name shown in the list */
    name: varchar('name', { length: 200 }).notNull(),
    /** company idx when registrant_type is 'company'; the operator's staff idx otherwise */
    registrantIdx: integer('registrant_idx').notNull(),
    /** 'company' (a portal user) or 'manager' (the operator) */
    registrantType: varchar('registrant_type', { length: 20 }).notNull(),
    /** divisions that may see the post (spec §6) */
    companyDivision: varchar('company_division', { length: 10 }).array().notNull(),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when its author deleted it while others' replies or comments hang below it (a placeholder) */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the natural key of a post loaded by an operator import (the notices kind); null for posts written in the portal */
    importRef: varchar('import_ref', { length: 60 }),
  },
  (t) => [
    uniqueIndex('bbs_posts_board_import_ref')
      .on(t.boardIdx, t.importRef)
      .where(sql`${t.importRef} is not null`),
    index('bbs_posts_board_title').on(t.boardIdx, t.title),
    // INCLUDE (idx, company_division) in migration 'board_order_covering': the list's keys and its division filter index-only;
    // (title, name) added by 0038, so a search walk reads it index-only too (drizzle-orm cannot declare INCLUDE)
    index('bbs_posts_board_thread_order').on(t.boardIdx, t.rootTitle, t.rootIdx, t.threadPath),
    // a writer's posts in list order, INCLUDE (idx, company_division) in its migration: a search's matching writers read
    // page-deep each, index-only (lib/lists SearchFacet; drizzle-orm cannot declare INCLUDE)
    index('bbs_posts_board_writer_order').on(t.boardIdx, t.name, t.rootTitle, t.rootIdx, t.threadPath),
    index('bbs_posts_root').on(t.rootIdx, t.threadPath),
    index('bbs_posts_parent').on(t.parentIdx),
    // the dashboard's latest posts per board and a board sorted by date either way (walked backwards for newest
    // first: plain `desc`, which is NULLS FIRST, matches a backward walk of an ascending index, not a DESC NULLS LAST one)
    index('bbs_posts_board_latest').on(t.boardIdx, t.createdAt, t.idx),
  ],
);

/**
 * Posts of a board per division that may see them, kept exact by statement triggers generated by
 * lib/lists/counts.ts from BOARD_POST_COUNTS (help.repository.ts): the board list's total without a search.
 */
export const bbsPostCounts = pgTable(
  'bbs_post_counts',
  {
    boardIdx: integer('board_idx').notNull(),
    division: varchar('division', { length: 10 }).notNull(),
    cnt: integer('cnt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardIdx, t.division] })],
);

/**
 * Posts of a board per division that may see them and writer (the post's name), kept exact like
 * bbs_post_counts (BOARD_WRITER_COUNTS): a search for a writer finds the matching names here, with their
 * posts' count, instead of among the posts (lib/lists SearchFacet).
 */
export const bbsWriterCounts = pgTable(
  'bbs_writer_counts',
  {
    boardIdx: integer('board_idx').notNull(),
    division: varchar('division', { length: 10 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    cnt: integer('cnt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardIdx, t.division, t.name] })],
);

/** A comment under a post (spec §3 comment); plain text, rendered as text. */
export const bbsComments = pgTable(
  'bbs_comments',
  {
    idx: serial('idx').primaryKey(),
    bbsIdx: integer('bbs_idx')
      .notNull()
      .references(() => bbsPosts.idx, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    content: text('content').notNull(),
    registrantIdx: integer('registrant_idx').notNull(),
    registrantType: varchar('registrant_type', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bbs_comments_post').on(t.bbsIdx, t.createdAt)],
);

/**
 * A downloadable help document (spec §3 help file) for one customer type. The bytes and the shown
 * name live in stored_files (upload_path 'help', company_idx null).
 */
export const helpFiles = pgTable(
  'help_files',
  {
    idx: serial('idx').primaryKey(),
    /** spec §3 customer type: company, user, non_member */
    customerType: varchar('customer_type', { length: 20 }).notNull(),
    storedFileIdx: integer('stored_file_idx')
      .notNull()
      .unique()
      .references(() => storedFiles.idx, { onDelete: 'cascade' }),
    /** hex SHA-256 of the bytes, kept by the help-files import to tell a re-import of the same file (null for older rows) */
    sha256: varchar('sha256', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_files_customer_type').on(t.customerType, t.idx)],
);

/** Help files per customer type, kept like bbs_post_counts (HELP_FILE_COUNTS): the help file list's total. */
export const helpFileCounts = pgTable('help_file_counts', {
  customerType: varchar('customer_type', { length: 20 }).primaryKey(),
  cnt: integer('cnt').notNull(),
});

/**
 * One question and answer of the FAQ page, in one language, loaded by the operator (faq import) or
 * the demo seed. The answer is plain text (shown as text, line breaks kept). Natural key: tab,
 * language and the operator's ref; `position` orders a tab.
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    idx: serial('idx').primaryKey(),
    tab: varchar('tab', { length: 20 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    ref: varchar('ref', { length: 60 }).notNull(),
    position: integer('position').notNull().default(0),
    question: varchar('question', { length: 500 }).notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('faq_entries_key').on(t.tab, t.language, t.ref), index('faq_entries_page').on(t.language, t.tab, t.position, t.ref)],
);
