import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bbsBoards, bbsComments, bbsPosts, faqEntries, helpFiles, storedFiles } from '../../db/schema';
import { clampPaging, countRows, listPage, parseJson, type SearchFacet } from '../../lib/lists';
import { countOf, type CountSpec } from '../../lib/lists/counts';
import { containsText, textMatch, type GramIndex } from '../../lib/lists/search';
import { isDefaultSort, orderSql, type SortSpec } from '../../lib/lists/sort';
import { BOARD_SORT_DEFAULT, type TBoardSortKey, type TSort, type TSortDir } from '@portal/contract';

/** A board's orders (issue 59): title (threads, replies under them) and date. */
export const BOARD_SORT: SortSpec<TBoardSortKey> = {
  keys: { title: ['root_title', 'root_idx', 'thread_path:asc'], created_at: ['created_at', 'idx'] },
  unique: ['thread_path'],
  default: BOARD_SORT_DEFAULT,
};

export type PostRow = typeof bbsPosts.$inferSelect;

export function findBoard(db: DbOrTx, name: string) {
  return db
    .select()
    .from(bbsBoards)
    .where(eq(bbsBoards.name, name))
    .limit(1)
    .then((r) => r[0]);
}

/** A board's posts per division that may see them (lib/lists/counts.ts; migration 'list_counts'): a list's total without a search. */
export const BOARD_POST_COUNTS: CountSpec = {
  source: 'bbs_posts',
  table: 'bbs_post_counts',
  keys: [
    { column: 'board_idx', expr: 'r.board_idx' },
    { column: 'division', expr: 'd.division' },
  ],
  // a division named twice in one post's list still sees it once
  expand: 'CROSS JOIN LATERAL (SELECT DISTINCT unnest(r.company_division) AS division) d',
};

/** A board's posts per division and writer: a search's matching writers from a few hundred rows (SearchFacet). */
export const BOARD_WRITER_COUNTS: CountSpec = {
  ...BOARD_POST_COUNTS,
  table: 'bbs_writer_counts',
  keys: [...BOARD_POST_COUNTS.keys, { column: 'name', expr: 'r.name' }],
  triggers: 'writer_counts',
};

/** Help files per customer type (as BOARD_POST_COUNTS): the help file list's total. */
export const HELP_FILE_COUNTS: CountSpec = {
  source: 'help_files',
  table: 'help_file_counts',
  keys: [{ column: 'customer_type', expr: 'r.customer_type' }],
};

/** A board's titles by their grams (migration 'board_writer_search'; lib/lists/search.ts). */
const TITLE_GRAMS: GramIndex = { name: 'bbs_posts_title_grams', owner: sql`b.board_idx`, text: sql`b.title` };

/** `division` is in the post's company_division list. */
const visibleTo = (division: string) => sql`${division} = ANY(${bbsPosts.companyDivision})`;

/** A post as the deletion rule sees it: its place in the thread and its registrant. */
type PostRef = {
  idx: SQL | number;
  rootIdx: SQL | number;
  threadPath: SQL | string;
  registrantType: SQL | string;
  registrantIdx: SQL | number;
};

/** Whether someone other than the post's registrant wrote below it (any depth): deleting would remove their writing. */
function othersBelowSql(p: PostRef) {
  const below = (d: string) => sql`${sql.raw(d)}."root_idx" = ${p.rootIdx} and ${sql.raw(d)}."thread_path" like ${p.threadPath} || '/%'`;
  const other = (x: string) =>
    sql`(${sql.raw(x)}."registrant_type" <> ${p.registrantType} or ${sql.raw(x)}."registrant_idx" <> ${p.registrantIdx})`;
  return sql<boolean>`(exists (select 1 from "bbs_posts" d where ${below('d')} and ${other('d')})
    or exists (select 1 from "bbs_comments" c join "bbs_posts" d on d."idx" = c."bbs_idx"
               where (d."idx" = ${p.idx} or (${below('d')})) and ${other('c')}))`;
}

/** The page's post `p` as PostRef. */
const LIST_ROW: PostRef = {
  idx: sql`p."idx"`,
  rootIdx: sql`p."root_idx"`,
  threadPath: sql`p."thread_path"`,
  registrantType: sql`p."registrant_type"`,
  registrantIdx: sql`p."registrant_idx"`,
};

interface PostListRowDb {
  ord: number;
  idx: number;
  title: string;
  name: string;
  view_count: number;
  created_ms: number | string;
  re_level: number;
  parent_idx: number | null;
  registrant_idx: number;
  registrant_type: string;
  company_division: unknown;
  comment_cnt: number | string;
  deleted_ms: number | string | null;
  others_below: boolean;
}

const epochMs = (col: string) => sql.raw(`floor(extract(epoch from ${col}) * 1000)::float8`);

/** One page of a board (spec §9: by title, replies under their thread); `search` matches title or author. */
export async function listPosts(
  db: DbOrTx,
  q: { boardIdx: number; division: string; search: string; start: number; length: number; sort?: TSort<TBoardSortKey> },
) {
  const sort = q.sort ?? BOARD_SORT_DEFAULT;
  // the date order reads the post's time (bbs_posts_board_latest); the writer facet pages in the default order only
  const cols = sql.raw(`b.idx, b.root_title, b.root_idx, b.thread_path${sort.key === 'created_at' ? ', b.created_at' : ''}`);
  const conds = [sql`b.board_idx = ${q.boardIdx}`, sql`${q.division} = ANY(b.company_division)`];
  const visible = sql.join([...conds], sql` and `);
  let facet: SearchFacet | undefined;
  if (q.search && isDefaultSort(BOARD_SORT, sort)) {
    // title or writer contains it: titles on bbs_posts_title_grams (lib/lists/search.ts), writers among the
    // board's writers (BOARD_WRITER_COUNTS), each one's posts on bbs_posts_board_writer_order (lib/lists SearchFacet)
    const titles = containsText(TITLE_GRAMS, q.boardIdx, [sql`b.title`], q.search);
    const writers = sql`select w.name as value, w.cnt from bbs_writer_counts w
      where w.board_idx = ${q.boardIdx} and w.division = ${q.division} and w.cnt > 0 and ${textMatch([sql`w.name`], q.search)}`;
    conds.push(sql`(${titles} or b.name = any(array(select x.value from (${writers}) x)))`);
    facet = {
      others: sql`select b.idx, b.root_title, b.root_idx, b.thread_path, ${textMatch([sql`b.name`], q.search)} as dup
        from bbs_posts b where ${visible} and ${titles}`,
      values: writers,
      firstRows: (limit) => sql`select b.idx, b.root_title, b.root_idx, b.thread_path, true as dup from bbs_posts b
        where b.board_idx = ${q.boardIdx} and b.name = v.value and ${q.division} = any(b.company_division)
        order by b.root_title, b.root_idx, b.thread_path limit ${limit}`,
    };
  } else if (q.search) {
    const titles = containsText(TITLE_GRAMS, q.boardIdx, [sql`b.title`], q.search);
    const writers = sql`select w.name as value from bbs_writer_counts w
      where w.board_idx = ${q.boardIdx} and w.division = ${q.division} and w.cnt > 0 and ${textMatch([sql`w.name`], q.search)}`;
    conds.push(sql`(${titles} or b.name = any(array(${writers})))`);
  }
  const keys = sql`select ${cols} from bbs_posts b where ${sql.join(conds, sql` and `)}`;
  const { rows, total, atLeast } = await listPage<PostListRowDb>(
    db,
    {
      keys,
      order: orderSql(BOARD_SORT, sort),
      columns: sql`select page.ord, p.idx, p.title, p.name, p.view_count, ${epochMs('p.created_at')} as created_ms, p.re_level,
          p.parent_idx, p.registrant_idx, p.registrant_type, array_to_json(p.company_division) as company_division,
          (select count(*)::int from bbs_comments c where c.bbs_idx = p.idx) as comment_cnt,
          ${epochMs('p.deleted_at')} as deleted_ms, ${othersBelowSql(LIST_ROW)} as others_below
        from page join bbs_posts p on p.idx = page.idx`,
    },
    clampPaging(q),
    () => (q.search ? countRows(db, keys) : countOf(db, BOARD_POST_COUNTS, { board_idx: q.boardIdx, division: q.division })),
    q.search
      ? {
          keys: sql`select ${cols}, ${textMatch([sql`b.title`, sql`b.name`], q.search)} as hit
            from bbs_posts b where ${visible}`,
          facet,
        }
      : undefined,
  );
  return {
    rows: rows.map((r) => ({
      idx: Number(r.idx),
      title: r.title,
      name: r.name,
      viewCount: Number(r.view_count),
      createdAt: new Date(Number(r.created_ms)),
      reLevel: Number(r.re_level),
      parentIdx: r.parent_idx === null ? null : Number(r.parent_idx),
      registrantIdx: Number(r.registrant_idx),
      registrantType: r.registrant_type,
      companyDivision: parseJson<string[]>(r.company_division),
      commentCnt: Number(r.comment_cnt),
      deletedAt: r.deleted_ms === null ? null : new Date(Number(r.deleted_ms)),
      othersBelow: r.others_below === true,
    })),
    total,
    atLeast,
  };
}

/** A post of a board, only when the division may see it. */
export function findPost(db: DbOrTx, boardIdx: number, idx: number, division: string) {
  return db
    .select()
    .from(bbsPosts)
    .where(and(eq(bbsPosts.idx, idx), eq(bbsPosts.boardIdx, boardIdx), visibleTo(division)))
    .limit(1)
    .then((r) => r[0]);
}

export function countView(db: DbOrTx, idx: number) {
  return db
    .update(bbsPosts)
    .set({ viewCount: sql`${bbsPosts.viewCount} + 1` })
    .where(eq(bbsPosts.idx, idx))
    .returning({ viewCount: bbsPosts.viewCount })
    .then((r) => r[0]?.viewCount ?? 0);
}

/** The post a Q&A mail is about: its title, owner and whether it is deleted (help.mail.ts). */
export function postForMail(db: DbOrTx, idx: number) {
  return db
    .select({
      idx: bbsPosts.idx,
      title: bbsPosts.title,
      type: bbsPosts.registrantType,
      owner: bbsPosts.registrantIdx,
      deleted: bbsPosts.deletedAt,
    })
    .from(bbsPosts)
    .where(eq(bbsPosts.idx, idx))
    .then((r) => r[0]);
}

/** Inserts a post (or a reply under `parent`), filling its thread fields (shared with the demo seed). */
export { insertPost } from '../../db/help-threads';

export async function updatePost(db: DbOrTx, idx: number, values: { title: string; content: string; updatedAt: Date }) {
  await db.update(bbsPosts).set(values).where(eq(bbsPosts.idx, idx));
  // a thread's first post names the thread's place in the list
  await db.update(bbsPosts).set({ rootTitle: values.title }).where(eq(bbsPosts.rootIdx, idx));
}

/** Whether others wrote below a post (othersBelowSql). */
export async function othersBelow(db: DbOrTx, p: Pick<PostRow, 'idx' | 'rootIdx' | 'threadPath' | 'registrantType' | 'registrantIdx'>) {
  const result = (await db.execute(sql`select ${othersBelowSql({ ...p, rootIdx: p.rootIdx ?? p.idx })} as others`)) as unknown as {
    rows: { others: boolean }[];
  };
  return result.rows[0]?.others === true;
}

/**
 * Locks a post and every reply below it until the transaction ends; the post as it is now. The foreign
 * keys' share lock keeps replies and comments from being added while a delete decides.
 */
export async function lockThreadBelow(db: DbOrTx, p: Pick<PostRow, 'idx' | 'rootIdx' | 'threadPath'>) {
  const rows = await db
    .select()
    .from(bbsPosts)
    .where(
      and(eq(bbsPosts.rootIdx, p.rootIdx ?? p.idx), or(eq(bbsPosts.idx, p.idx), sql`${bbsPosts.threadPath} like ${p.threadPath} || '/%'`)),
    )
    .orderBy(asc(bbsPosts.idx))
    .for('update');
  return rows.find((r) => r.idx === p.idx);
}

/** Deletes a post; its replies (any depth) and every comment under them go with it (cascading keys). */
export async function deletePost(db: DbOrTx, idx: number) {
  await db.delete(bbsPosts).where(eq(bbsPosts.idx, idx));
}

/** Keeps a post as a placeholder: no title, content or author name; its thread place, replies and comments stay. */
export async function markDeleted(db: DbOrTx, idx: number, at: Date) {
  await db.update(bbsPosts).set({ title: '', content: '', name: '', deletedAt: at, updatedAt: at }).where(eq(bbsPosts.idx, idx));
}

/** After a delete: placeholders above left with nothing below go too, up the thread (they hold no writing). */
export async function pruneEmptyPlaceholders(db: DbOrTx, parentIdx: number | null) {
  for (let at = parentIdx; at !== null;) {
    const [gone] = await db
      .delete(bbsPosts)
      .where(
        and(
          eq(bbsPosts.idx, at),
          isNotNull(bbsPosts.deletedAt),
          sql`not exists (select 1 from "bbs_posts" r where r."parent_idx" = ${at})`,
          sql`not exists (select 1 from "bbs_comments" c where c."bbs_idx" = ${at})`,
        ),
      )
      .returning({ parentIdx: bbsPosts.parentIdx });
    at = gone ? gone.parentIdx : null;
  }
}

export function listComments(db: DbOrTx, bbsIdx: number) {
  return db.select().from(bbsComments).where(eq(bbsComments.bbsIdx, bbsIdx)).orderBy(asc(bbsComments.createdAt), asc(bbsComments.idx));
}

export function insertComment(db: DbOrTx, values: typeof bbsComments.$inferInsert) {
  return db
    .insert(bbsComments)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

const helpFileColumns = {
  idx: helpFiles.idx,
  name: storedFiles.name,
  extension: storedFiles.extension,
  size: storedFiles.size,
  mime: storedFiles.mime,
  storageKey: storedFiles.storageKey,
};

/** A customer type's help files in number order (one page when `page` is given), and their count. */
export async function listHelpFiles(db: DbOrTx, customerType: string, page?: { start: number; length: number }, dir: TSortDir = 'asc') {
  if (!page) {
    const rows = await db
      .select(helpFileColumns)
      .from(helpFiles)
      .innerJoin(storedFiles, eq(storedFiles.idx, helpFiles.storedFileIdx))
      .where(and(eq(helpFiles.customerType, customerType), eq(storedFiles.uploadPath, 'help')))
      .orderBy(dir === 'desc' ? desc(helpFiles.idx) : asc(helpFiles.idx));
    return { rows, total: rows.length };
  }
  // every help file's bytes are a 'help' upload (insertHelpFile): the keys need not join stored_files
  const keys = sql`select h.idx from help_files h where h.customer_type = ${customerType}`;
  const { rows, total } = await listPage<{
    ord: number;
    idx: number;
    name: string;
    extension: string;
    size: number | string;
    mime: string;
    storage_key: string;
  }>(
    db,
    {
      keys,
      order: dir === 'desc' ? sql`k.idx desc` : sql`k.idx`,
      columns: sql`select page.ord, h.idx, f.name, f.extension, f.size, f.mime, f.storage_key
        from page join help_files h on h.idx = page.idx join stored_files f on f.idx = h.stored_file_idx`,
    },
    clampPaging(page),
    () => countOf(db, HELP_FILE_COUNTS, { customer_type: customerType }),
  );
  return {
    rows: rows.map((r) => ({
      idx: Number(r.idx),
      name: r.name,
      extension: r.extension,
      size: Number(r.size),
      mime: r.mime,
      storageKey: r.storage_key,
    })),
    total,
  };
}

/** The help file whose "name.extension" is exactly `fileName`; the name is only a lookup key. */
export function findHelpFile(db: DbOrTx, customerType: string, fileName: string) {
  return db
    .select(helpFileColumns)
    .from(helpFiles)
    .innerJoin(storedFiles, eq(storedFiles.idx, helpFiles.storedFileIdx))
    .where(
      and(
        eq(helpFiles.customerType, customerType),
        eq(storedFiles.uploadPath, 'help'),
        sql`${storedFiles.name} || '.' || ${storedFiles.extension} = ${fileName}`,
      ),
    )
    .orderBy(asc(helpFiles.idx))
    .limit(1)
    .then((r) => r[0]);
}

export async function insertHelpFile(
  db: DbOrTx,
  /** sha256: the bytes' hash, kept for files an import brings (a re-import of the same bytes changes nothing) */
  f: { customerType: string; name: string; extension: string; size: number; mime: string; storageKey: string; sha256?: string },
) {
  const [stored] = await db
    .insert(storedFiles)
    .values({
      uploadPath: 'help',
      companyIdx: null,
      name: f.name,
      extension: f.extension,
      size: f.size,
      mime: f.mime,
      storageKey: f.storageKey,
    })
    .returning({ idx: storedFiles.idx });
  const [row] = await db
    .insert(helpFiles)
    .values({ customerType: f.customerType, storedFileIdx: stored!.idx, sha256: f.sha256 })
    .returning({ idx: helpFiles.idx });
  return row!.idx;
}

/** The FAQ of one language, by tab then position (GET /help/faq). */
export function listFaq(db: DbOrTx, language: string) {
  return db
    .select({
      tab: faqEntries.tab,
      ref: faqEntries.ref,
      position: faqEntries.position,
      question: faqEntries.question,
      answer: faqEntries.answer,
    })
    .from(faqEntries)
    .where(eq(faqEntries.language, language))
    .orderBy(asc(faqEntries.tab), asc(faqEntries.position), asc(faqEntries.ref));
}
