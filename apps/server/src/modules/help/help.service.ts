import type {
  TBoardComment,
  TBoardDeleteResponse,
  TBoardListQuery,
  TBoardListResponse,
  TBoardPost,
  TCustomerType,
  TFaqResponse,
  TFaqTab,
  THelpFile,
  TSortDir,
  TUiLanguage,
} from '@portal/contract';
import { DEFAULT_PAGE_SIZE } from '@portal/contract/constants';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailContext } from '../../lib/mail/render';
import type { AuthService } from '../auth/auth.service';
import { notifyQnaActivity, QNA_BOARD } from './help.mail';
import * as repo from './help.repository';
import { sortOf } from '../../lib/lists/sort';
import { sanitizeContent, stripNul, visibleText } from './sanitize';

/** Who a company post or comment is registered to (spec §6: registrant type company, same idx). */
const COMPANY = 'company';
/** Portal users are companies: they see the help files of this customer type only. */
const OWN_CUSTOMER_TYPE: TCustomerType = 'company';

const iso = (d: Date) => d.toISOString();

/** A placeholder shows no author (its rows keep it for the thread's rules). */
const registrant = (p: { deletedAt: Date | null; registrantIdx: number; registrantType: string }) =>
  p.deletedAt ? { registrant_idx: 0, registrant_type: '' } : { registrant_idx: p.registrantIdx, registrant_type: p.registrantType };

function toPost(bbsName: string, p: repo.PostRow, othersBelow: boolean): TBoardPost {
  return {
    idx: p.idx,
    bbs_name: bbsName,
    title: p.title,
    content: p.content,
    name: p.name,
    view_count: p.viewCount,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    re_level: p.reLevel,
    parent_idx: p.parentIdx,
    ...registrant(p),
    company_division: p.companyDivision,
    deleted: p.deletedAt !== null,
    delete_mode: othersBelow ? 'placeholder' : 'delete',
  };
}

/** Sanitized content, refused when nothing visible is left (spec §5: content must not be empty). */
function cleanContent(html: string): string {
  const clean = sanitizeContent(html);
  if (!visibleText(clean)) throw badRequest("Please fill out 'content'.", [{ path: 'content', message: 'content' }]);
  return clean;
}

function nonEmpty(s: string, field: 'title' | 'content') {
  if (!s) throw badRequest(`Please fill out '${field}'.`, [{ path: field, message: field }]);
  return s;
}
const cleanTitle = (title: string) => nonEmpty(stripNul(title).trim(), 'title');

export function createHelpService(deps: { db: Db; auth: AuthService; now: () => Date; mail: MailContext }) {
  const { db, now } = deps;

  async function board(name: string) {
    const b = await repo.findBoard(db, name);
    if (!b) throw notFound('Unknown board');
    return b;
  }
  async function writableBoard(name: string) {
    const b = await board(name);
    if (!b.writable) throw forbidden('no permission');
    return b;
  }
  /** A post the user may see; anything else (missing, other board, other division) is 404. */
  async function visiblePost(boardIdx: number, idx: number, me: AuthContext) {
    const p = await repo.findPost(db, boardIdx, idx, me.division);
    if (!p) throw notFound();
    return p;
  }
  /** A post that can still be written to: a deleted one's placeholder takes no change, reply or comment (404). */
  async function livePost(boardIdx: number, idx: number, me: AuthContext) {
    const p = await visiblePost(boardIdx, idx, me);
    if (p.deletedAt) throw notFound('deleted post');
    return p;
  }
  /** Spec §6: only the registering company may change or delete a post. */
  async function ownPost(bbsName: string, idx: number, me: AuthContext) {
    const b = await board(bbsName);
    const p = await livePost(b.idx, idx, me);
    if (p.registrantType !== COMPANY || p.registrantIdx !== me.companyIdx) throw forbidden();
    return p;
  }
  /**
   * The author a post or comment shows: the company's name (spec §6: posts are the company's); (issue 58) a user other
   * than the company's own login adds its name, "Company (User)", so a writer search by the company still finds it.
   */
  const authorName = async (me: AuthContext) => {
    const info = await deps.auth.loginInfo(me.companyIdx, me.userIdx);
    return info.user.id === info.id ? info.company_name : `${info.company_name} (${info.user.name || info.user.id})`.slice(0, 200);
  };

  return {
    async list(bbsName: string, me: AuthContext, q: TBoardListQuery): Promise<TBoardListResponse> {
      const b = await board(bbsName);
      const { rows, total, atLeast } = await repo.listPosts(db, {
        boardIdx: b.idx,
        division: me.division,
        search: q.search_value,
        start: q.start,
        length: q.length,
        sort: sortOf(repo.BOARD_SORT, q),
      });
      return {
        dataset: rows.map((r) => ({
          idx: r.idx,
          title: r.title,
          name: r.name,
          view_count: r.viewCount,
          created_at: iso(r.createdAt),
          re_level: r.reLevel,
          parent_idx: r.parentIdx,
          ...registrant(r),
          company_division: r.companyDivision,
          comment_cnt: Number(r.commentCnt),
          deleted: r.deletedAt !== null,
          delete_mode: r.othersBelow ? ('placeholder' as const) : ('delete' as const),
          total_cnt: total,
        })),
        total_cnt: total,
        ...(atLeast && { total_at_least: true }),
      };
    },

    async get(bbsName: string, idx: number, me: AuthContext, countView: boolean): Promise<TBoardPost> {
      const b = await board(bbsName);
      const p = await visiblePost(b.idx, idx, me);
      if (countView) p.viewCount = await repo.countView(db, p.idx);
      return toPost(b.name, p, await repo.othersBelow(db, p));
    },

    async create(
      bbsName: string,
      me: AuthContext,
      body: { title: string; content: string; parentIdx?: number | null },
    ): Promise<{ idx: number }> {
      const b = await writableBoard(bbsName);
      const parent = body.parentIdx ? await livePost(b.idx, body.parentIdx, me) : undefined;
      const content = cleanContent(body.content);
      const name = await authorName(me);
      const at = now();
      const idx = await db.transaction(async (tx) => {
        const id = await repo.insertPost(
          tx,
          {
            boardIdx: b.idx,
            title: cleanTitle(body.title),
            content,
            name,
            registrantIdx: me.companyIdx,
            registrantType: COMPANY,
            // spec §6: a new post carries the user's division code, whatever the client sends
            companyDivision: [me.division],
            createdAt: at,
            updatedAt: at,
          },
          parent,
        );
        // a reply on the Q&A board: mail the company of the post replied to, with the reply's commit
        if (parent && b.name === QNA_BOARD) {
          await notifyQnaActivity(tx, deps.mail, {
            postIdx: parent.idx,
            what: 'reply',
            sourceIdx: id,
            author: { type: COMPANY, idx: me.companyIdx },
          });
        }
        return id;
      });
      return { idx };
    },

    async update(bbsName: string, idx: number, me: AuthContext, body: { title: string; content: string }) {
      const p = await ownPost(bbsName, idx, me);
      const values = { title: cleanTitle(body.title), content: cleanContent(body.content), updatedAt: now() };
      await db.transaction((tx) => repo.updatePost(tx, p.idx, values));
      return { idx: p.idx };
    },

    /** Deletes the caller's post, or keeps a placeholder when someone else wrote below it (decided on the locked thread). */
    async remove(bbsName: string, idx: number, me: AuthContext): Promise<TBoardDeleteResponse> {
      const p = await ownPost(bbsName, idx, me);
      const result = await db.transaction(async (tx) => {
        const locked = await repo.lockThreadBelow(tx, p);
        if (!locked || locked.deletedAt) throw notFound();
        if (await repo.othersBelow(tx, locked)) {
          await repo.markDeleted(tx, locked.idx, now());
          return 'placeholder' as const;
        }
        await repo.deletePost(tx, locked.idx);
        await repo.pruneEmptyPlaceholders(tx, locked.parentIdx);
        return 'delete' as const;
      });
      return { status: 'success', result };
    },

    async comments(bbsName: string, idx: number, me: AuthContext): Promise<TBoardComment[]> {
      const b = await board(bbsName);
      const p = await visiblePost(b.idx, idx, me);
      const rows = await repo.listComments(db, p.idx);
      return rows.map(toComment);
    },

    async addComment(bbsName: string, me: AuthContext, body: { bbs_idx: number; content: string }): Promise<TBoardComment> {
      const b = await writableBoard(bbsName);
      const p = await livePost(b.idx, body.bbs_idx, me);
      const name = await authorName(me);
      const content = nonEmpty(stripNul(body.content).trim(), 'content');
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertComment(tx, {
          bbsIdx: p.idx,
          name,
          content,
          registrantIdx: me.companyIdx,
          registrantType: COMPANY,
          createdAt: now(),
        });
        if (b.name === QNA_BOARD) {
          await notifyQnaActivity(tx, deps.mail, {
            postIdx: p.idx,
            what: 'comment',
            sourceIdx: inserted.idx,
            author: { type: COMPANY, idx: me.companyIdx },
          });
        }
        return inserted;
      });
      return toComment(row);
    },

    /** The FAQ entries written in `language` (the page falls back to English for a tab with none). */
    async faq(language: TUiLanguage): Promise<TFaqResponse> {
      const rows = await repo.listFaq(db, language);
      // the faq import only writes the contract's tabs
      return { language, entries: rows.map((r) => ({ ...r, tab: r.tab as TFaqTab })) };
    },

    /** The files of the caller's customer type; one page of them when start or length is given (SQL paging). */
    async files(customerType: TCustomerType, page: { start?: number; length?: number } = {}, dir: TSortDir = 'asc'): Promise<THelpFile[]> {
      if (customerType !== OWN_CUSTOMER_TYPE) return [];
      const paged = page.start !== undefined || page.length !== undefined;
      const { rows, total } = await repo.listHelpFiles(
        db,
        customerType,
        paged ? { start: page.start ?? 0, length: page.length ?? DEFAULT_PAGE_SIZE } : undefined,
        dir,
      );
      return rows.map((r) => ({ idx: r.idx, name: r.name, extension: r.extension, size: Number(r.size), total_cnt: total }));
    },

    /** The stored file behind a listed "name.extension"; anything else (traversal included) is 404. */
    async fileFor(customerType: TCustomerType, fileName: string) {
      // control characters never occur in a listed name (and NUL would upset the database)
      if (customerType !== OWN_CUSTOMER_TYPE || [...fileName].some((ch) => ch.charCodeAt(0) < 0x20)) throw notFound();
      const f = await repo.findHelpFile(db, customerType, fileName);
      if (!f) throw notFound();
      return f;
    },
  };
}

function toComment(c: {
  idx: number;
  bbsIdx: number;
  name: string;
  content: string;
  createdAt: Date;
  registrantIdx: number;
  registrantType: string;
}): TBoardComment {
  return {
    idx: c.idx,
    bbs_idx: c.bbsIdx,
    name: c.name,
    content: c.content,
    created_at: iso(c.createdAt),
    registrant_idx: c.registrantIdx,
    registrant_type: c.registrantType,
  };
}
