import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBoardComment,
  ZBoardDeleteResponse,
  ZBoardListQuery,
  BOARD_SORTS,
  HELP_FILE_SORTS,
  ZBoardListResponse,
  ZBoardParams,
  ZBoardPost,
  ZBoardPostCreate,
  ZBoardPostParams,
  ZBoardPostQuery,
  ZBoardPostUpdate,
  ZBoardWriteResponse,
  ZCommentCreate,
  ZErrorEnvelope,
  ZFaqQuery,
  ZFaqResponse,
  ZHelpFile,
  ZHelpFileDownload,
  ZHelpFilesQuery,
} from '@portal/contract';
import { sortDescription } from '../../lib/lists/sort';
import { sendFile } from '../../lib/file-store';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS } from './sanitize';
import { createHelpService } from './help.service';

const tags = ['help'];
const e = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ZErrorEnvelope]));

const VISIBILITY =
  "Boards are `notice` and `qna`; any other name answers 404. A post is returned only when the caller's " +
  'division is in its company_division list; otherwise it answers 404 as if it did not exist.';
const ALLOW_LIST =
  `Content is rich-text HTML, sanitized on write with sanitize-html and an allow-list: tags ${ALLOWED_TAGS.join(', ')}; ` +
  `attributes ${Object.entries(ALLOWED_ATTRIBUTES)
    .map(([t, a]) => `${t}[${a.join(', ')}]`)
    .join(', ')}; ` +
  `URL schemes ${ALLOWED_SCHEMES.join(', ')} (links get target=_blank and rel="noopener noreferrer nofollow"). ` +
  'Everything else (scripts, event handlers, style/class, svg, iframes, images, javascript:/data: URLs) is removed. ' +
  "Content with no visible text once tags are stripped answers 400 with issue path 'content'; a missing title 400 with path 'body.title'.";

export const helpRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config' | 'files' | 'mail'>> = async (
  app,
  { db, auth, config, files, mail },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['help']
  routesInArea(app, 'help');
  const help = createHelpService({ db, auth, now: config.now, mail });

  app.get(
    '/help/bbs/:bbs_name',
    {
      schema: {
        tags,
        summary: 'Board list',
        description:
          `${VISIBILITY} search_value is the plain text of the live search box (matches title or author). ` +
          "Threads are ordered by their first post's title (spec §9), each reply under its parent in reply order. " +
          'Answers `{ dataset, total_cnt }`; every dataset row also carries total_cnt (spec §7: "an array whose first item carries total_cnt"). ' +
          sortDescription(BOARD_SORTS, 'title asc; created_at desc is newest first'),
        params: ZBoardParams,
        querystring: ZBoardListQuery,
        response: { 200: ZBoardListResponse, ...e(400, 401, 404) },
      },
    },
    async (request) => help.list(request.params.bbs_name, companyOf(request), request.query),
  );

  app.get(
    '/help/bbs/:bbs_name/:idx',
    {
      schema: {
        tags,
        summary: 'One post; counts a view',
        description: `${VISIBILITY} Each call adds one to view_count, unless count_view=N (addition: the edit screen reads without counting).`,
        params: ZBoardPostParams,
        querystring: ZBoardPostQuery,
        response: { 200: ZBoardPost, ...e(400, 401, 404) },
      },
    },
    async (request) => help.get(request.params.bbs_name, request.params.idx, companyOf(request), request.query.count_view === 'Y'),
  );

  app.post(
    '/help/bbs/:bbs_name',
    {
      schema: {
        tags,
        summary: 'Write a post, or a reply when parentIdx is given',
        description:
          `${ALLOW_LIST} The post carries the caller's division whatever company_division says (spec §6). ` +
          'A reply needs a parent the caller can see on the same board and gets re_level = parent + 1. ' +
          'The notice board is read-only: 403.',
        params: ZBoardParams,
        body: ZBoardPostCreate,
        response: { 200: ZBoardWriteResponse, ...e(400, 401, 403, 404) },
      },
    },
    async (request) => help.create(request.params.bbs_name, companyOf(request), request.body),
  );

  app.patch(
    '/help/bbs/:bbs_name/:idx',
    {
      schema: {
        tags,
        summary: 'Change a post (title, content)',
        description: `${ALLOW_LIST} Only the registering company (registrant_type company, same idx) may change a post; others get 403.`,
        params: ZBoardPostParams,
        body: ZBoardPostUpdate,
        response: { 200: ZBoardWriteResponse, ...e(400, 401, 403, 404) },
      },
    },
    async (request) => help.update(request.params.bbs_name, request.params.idx, companyOf(request), request.body),
  );

  app.delete(
    '/help/bbs/:bbs_name/:idx',
    {
      schema: {
        tags,
        summary: 'Delete a post (or keep it as a placeholder when others wrote below it)',
        description:
          'Only the registering company (registrant_type company, same idx) may delete a post; others get 403. ' +
          "A user never removes another registrant's writing: when a reply below the post (any depth) or a comment " +
          'on it or on those replies was written by someone else, the post is kept as a placeholder (deleted true; ' +
          'title, content and name emptied, registrant not answered) and everything below it stays; a placeholder ' +
          'takes no change, reply or comment (404). Otherwise the post is deleted with every reply below it and every ' +
          'comment on them, in one transaction, and an ancestor placeholder left with nothing below it goes too. ' +
          "Addition: the answer's result says which happened (delete or placeholder); list rows and GET of a post " +
          'carry delete_mode, what a delete would do now. It cannot be undone.',
        params: ZBoardPostParams,
        response: { 200: ZBoardDeleteResponse, ...e(400, 401, 403, 404) },
      },
    },
    async (request) => help.remove(request.params.bbs_name, request.params.idx, companyOf(request)),
  );

  app.get(
    '/help/bbs_comment/:bbs_name/:idx',
    {
      schema: {
        tags,
        summary: 'Comments of a post, oldest first',
        description: VISIBILITY,
        params: ZBoardPostParams,
        response: { 200: z.array(ZBoardComment), ...e(400, 401, 404) },
      },
    },
    async (request) => help.comments(request.params.bbs_name, request.params.idx, companyOf(request)),
  );

  app.post(
    '/help/bbs_comment/:bbs_name',
    {
      schema: {
        tags,
        summary: 'Comment on a post',
        description:
          'Plain text (shown as text, never as HTML), 1 to 2000 characters after trimming. The post must be visible ' +
          'to the caller (else 404); the notice board takes no comments (403). Answers the stored comment.',
        params: ZBoardParams,
        body: ZCommentCreate,
        response: { 200: ZBoardComment, ...e(400, 401, 403, 404) },
      },
    },
    async (request) => help.addComment(request.params.bbs_name, companyOf(request), request.body),
  );

  app.get(
    '/help/faq',
    {
      schema: {
        tags,
        summary: 'The FAQ entries of a language',
        description:
          'Addition (spec §2 /help/faq): the questions and answers the distributor loaded (faq import) in `lang` ' +
          '(a UI language, default en), by tab (bugs, shipping) then position. A language without entries answers an ' +
          'empty list: the page then shows the English ones. Answers are plain text.',
        querystring: ZFaqQuery,
        response: { 200: ZFaqResponse, ...e(400, 401) },
      },
      config: { cacheTopics: ['help'] },
    },
    async (request) => help.faq(request.query.lang),
  );

  app.get(
    '/help/getAllFiles',
    {
      schema: {
        tags,
        summary: 'Downloadable help files',
        description:
          'customer_type is company (default), user or non_member. Portal users are companies: other types answer an empty list. ' +
          'Addition (spec §2: every list screen pages): start and length (as on the other lists; length < 1 → 10, at most 100) ' +
          'answer one page of the list, in number order, paged in SQL; without them the whole list is answered. Every row ' +
          'carries total_cnt, the number of files of the whole list (as the board rows do). ' +
          sortDescription(HELP_FILE_SORTS, 'no asc, upload order'),
        querystring: ZHelpFilesQuery,
        response: { 200: z.array(ZHelpFile), ...e(400, 401) },
      },
    },
    async (request) =>
      help.files(request.query.customer_type, { start: request.query.start, length: request.query.length }, request.query.dir ?? 'asc'),
  );

  app.post(
    '/help/fileDownload',
    {
      schema: {
        tags,
        summary: 'Download a help file by its listed name.extension',
        description:
          'fileName is only looked up among the listed files (name + "." + extension); the bytes come from the ' +
          'storage key recorded for it. Any other name, path traversal included, answers 404.',
        body: ZHelpFileDownload,
        response: { ...e(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const f = await help.fileFor(request.body.customer_type, request.body.fileName);
      return sendFile(reply, files, f);
    },
  );
};
