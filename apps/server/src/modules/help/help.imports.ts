/**
 * The help desk's import kinds (issue 15): notices of the notice board, FAQ entries and help files,
 * loaded by the distributor's operators. Rows are checked here; the SQL is in help-imports.repository.ts.
 */
import { createHash } from 'node:crypto';
import { CUSTOMER_TYPES, FAQ_TABS, UI_LANGUAGES } from '@portal/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { dateTimeColumn, instantOf, type LocalDateTime } from '../../lib/imports/columns';
import type { ImportColumn, ImportKind, RowIssue, WriteCounts } from '../../lib/imports/run';
import * as imports from './help-imports.repository';
import { findBoard, insertHelpFile } from './help.repository';
import { extensionOf, HELP_FILE_EXTENSIONS, helpFileMime } from './help-file-types';
import { sanitizeContent, stripNul, visibleText } from './sanitize';

const text = (max: number) => z.string().transform(stripNul).pipe(z.string().max(max));
const required = (max: number) => z.string({ error: 'required' }).transform(stripNul).pipe(z.string().min(1, 'required').max(max));
const ref = required(60).pipe(z.string().regex(/^[\p{L}\p{N}._:/-]+$/u, 'invalid'));
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: 'required' })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(values, { error: 'oneOf' }));

// ---------------------------------------------------------------------------------------------
// notices

/** The registrant of an imported notice: the distributor's help desk (registrant type 'manager', as the operator's posts are). */
const IMPORT_REGISTRANT = { registrantType: 'manager', registrantIdx: 0 } as const;
export const NOTICE_AUTHOR = '고객센터 (Help desk)';

export interface NoticeRow {
  ref: string;
  title: string;
  content: string;
  postedAt?: LocalDateTime;
  name: string;
  divisions?: string[];
}

const noticeColumns: ImportColumn[] = [
  {
    name: 'ref',
    required: true,
    example: 'notice-2026-11-01',
    description: 'Your reference of the notice (natural key; letters, digits, . _ : / -)',
  },
  { name: 'title', required: true, example: '[공지] 설 연휴 배송 일정 안내', description: 'Title (at most 200 characters)' },
  {
    name: 'content',
    required: true,
    example: '<p>Orders placed after 2 Feb ship on 6 Feb.</p>',
    description:
      'Body as HTML, cleaned as a posted body is (only the board editor’s tags and http/https/mailto links are kept; scripts are removed)',
  },
  {
    name: 'posted_at',
    required: false,
    example: '2026-11-01 09:00',
    description:
      'Date shown as posted: YYYY-MM-DD (the start of that day) or YYYY-MM-DD HH:MM[:SS], in the business time zone ' +
      '(APP_TIME_ZONE, default Asia/Seoul) unless Z or an offset such as +09:00 follows (default: the time of the first import)',
  },
  { name: 'name', required: false, example: NOTICE_AUTHOR, description: `Author shown in the list (default ${NOTICE_AUTHOR})` },
  {
    name: 'divisions',
    required: false,
    example: 'AUT',
    description: 'Company divisions that see the notice, comma separated (default: every division)',
  },
];

const noticeSchema = z
  .object({
    ref,
    title: required(200).transform((v) => v.trim()),
    content: required(100_000)
      .transform(sanitizeContent)
      .refine((v) => visibleText(v) !== '', 'required'),
    // a day alone is its start, as a notice posted that morning would show it
    posted_at: dateTimeColumn({ dateAlone: '00:00' }).optional(),
    name: text(200).default(NOTICE_AUTHOR),
    divisions: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? undefined
          : [
              ...new Set(
                v
                  .split(',')
                  .map((d) => d.trim().toUpperCase())
                  .filter(Boolean),
              ),
            ].sort(),
      ),
  })
  .transform((r): NoticeRow => ({
    ref: r.ref,
    title: r.title,
    content: r.content,
    postedAt: r.posted_at,
    name: r.name,
    divisions: r.divisions,
  }));

const sameDivisions = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((d, i) => d === [...b].sort()[i]);

/** notices: posts of the notice board (read-only for companies), natural key `ref`. */
export const noticesImport: ImportKind<NoticeRow, { boardIdx: number; divisions: string[] }> = {
  kind: 'notices',
  description:
    'One row per notice of the notice board (read-only for companies). Natural key: your `ref`; a row with a ref ' +
    'imported before updates that notice (title, content, author, divisions, and the date when `posted_at` is given). ' +
    'Content is HTML cleaned exactly as a body posted in the portal (scripts, event handlers, styles and images are ' +
    'removed); a body with no visible text left is refused. The notice is registered to the distributor ' +
    '(registrant type `manager`, as the help desk’s own posts).',
  columns: noticeColumns,
  schema: noticeSchema,
  key: (r) => r.ref,
  prepare: async (tx) => {
    const board = await findBoard(tx, 'notice');
    if (!board) throw new AppError(500, 'INTERNAL', 'the notice board is missing');
    return { boardIdx: board.idx, divisions: await imports.divisionCodes(tx) };
  },
  check: (record, ctx) => {
    const v = record.values[0]!;
    const unknown = (v.divisions ?? []).filter((d) => !ctx.divisions.includes(d));
    const empty = v.divisions !== undefined && v.divisions.length === 0;
    return unknown.length || empty ? [{ row: record.rows[0]!, column: 'divisions', message: { key: 'division' } }] : [];
  },
  write: async (tx, records, ctx, env) => {
    const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const existing = new Map(
      (
        await imports.postsByRef(
          tx,
          ctx.boardIdx,
          records.map((r) => r.key),
        )
      ).map((p) => [p.importRef!, p]),
    );
    const at = env.now();
    const fresh = [];
    for (const r of records) {
      const { postedAt: local, ...v } = r.values[0]!;
      const postedAt = local && instantOf(local, env.timeZone);
      const divisions = v.divisions ?? ctx.divisions;
      const old = existing.get(v.ref);
      if (!old) {
        const posted = postedAt ?? at;
        fresh.push({
          ...IMPORT_REGISTRANT,
          boardIdx: ctx.boardIdx,
          importRef: v.ref,
          title: v.title,
          content: v.content,
          name: v.name,
          companyDivision: divisions,
          createdAt: posted,
          updatedAt: posted,
        });
        counts.created++;
      } else if (
        old.title === v.title &&
        old.content === v.content &&
        old.name === v.name &&
        sameDivisions(old.companyDivision, divisions) &&
        (!postedAt || old.createdAt.getTime() === postedAt.getTime())
      ) {
        counts.unchanged++;
      } else {
        await imports.updateImportedPost(tx, old.idx, {
          title: v.title,
          content: v.content,
          name: v.name,
          companyDivision: divisions,
          ...(postedAt ? { createdAt: postedAt } : {}),
          updatedAt: at,
        });
        counts.updated++;
      }
    }
    // new notices are thread starters: inserted together, with the thread fields insertPost would give them
    await imports.insertTopLevelPosts(tx, fresh);
    return counts;
  },
};

// ---------------------------------------------------------------------------------------------
// faq

export interface FaqRow {
  ref: string;
  tab: (typeof FAQ_TABS)[number];
  language: (typeof UI_LANGUAGES)[number];
  position?: number;
  question: string;
  answer: string;
}

const faqColumns: ImportColumn[] = [
  { name: 'ref', required: true, example: 'invoice-pdf', description: 'Your reference of the entry (natural key with tab and language)' },
  { name: 'tab', required: true, example: 'bugs', description: `FAQ tab: ${FAQ_TABS.join(' or ')}` },
  {
    name: 'language',
    required: true,
    example: 'ko',
    description: `Language of the text: ${UI_LANGUAGES.join(', ')} (a language without entries shows the English ones)`,
  },
  {
    name: 'position',
    required: false,
    example: '1',
    description: 'Order in its tab, 0 to 100000 (default: the row number, so the file’s order)',
  },
  {
    name: 'question',
    required: true,
    example: '세금계산서 PDF가 다운로드되지 않습니다.',
    description: 'Question (at most 500 characters)',
  },
  {
    name: 'answer',
    required: true,
    example: '브라우저에서 포털의 다운로드를 허용한 뒤 다시 시도하세요.',
    description: 'Answer, plain text (shown as text, line breaks kept)',
  },
];

const faqSchema = z
  .object({
    ref,
    tab: oneOf(FAQ_TABS),
    language: oneOf(UI_LANGUAGES),
    position: z
      .string()
      .optional()
      .refine((v) => v === undefined || (/^\d{1,6}$/.test(v) && Number(v) <= 100_000), {
        message: 'integer',
        params: { min: 0, max: 100_000 },
      })
      .transform((v) => (v === undefined ? undefined : Number(v))),
    question: required(500).transform((v) => v.trim()),
    answer: required(10_000).transform((v) => v.trim()),
  })
  .transform((r): FaqRow => r);

const faqKey = (r: { tab: string; language: string; ref: string }) => JSON.stringify([r.tab, r.language, r.ref]);

/** faq: the questions and answers of the FAQ page, per tab and language; natural key (tab, language, ref). */
export const faqImport: ImportKind<FaqRow> = {
  kind: 'faq',
  description:
    'One row per question and answer of the FAQ page (Bugs and Shipping tabs), in one language. Natural key: ' +
    '`tab`, `language` and your `ref`; a row with a key imported before updates that entry. The page shows the ' +
    'entries of the user’s language, and a tab with none in that language shows the English ones. Answers are plain text.',
  columns: faqColumns,
  schema: faqSchema,
  key: faqKey,
  write: async (tx, records, _ctx, env) => {
    const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const values = records.map((r) => ({ ...r.values[0]!, position: r.values[0]!.position ?? r.rows[0]! }));
    const existing = new Map(
      (
        await imports.faqByRef(
          tx,
          [...new Set(values.map((v) => v.language))],
          values.map((v) => v.ref),
        )
      ).map((e) => [faqKey(e), e]),
    );
    const at = env.now();
    const fresh = [];
    for (const v of values) {
      const old = existing.get(faqKey(v));
      if (!old) {
        fresh.push({ ...v, createdAt: at, updatedAt: at });
        counts.created++;
      } else if (old.position === v.position && old.question === v.question && old.answer === v.answer) counts.unchanged++;
      else {
        await imports.updateFaqEntry(tx, old.idx, { position: v.position, question: v.question, answer: v.answer, updatedAt: at });
        counts.updated++;
      }
    }
    await imports.insertFaqEntries(tx, fresh);
    return counts;
  },
};

// ---------------------------------------------------------------------------------------------
// help-files

export interface HelpFileRow {
  name: string;
  file: string;
  customerType: (typeof CUSTOMER_TYPES)[number];
}

const helpFileColumns: ImportColumn[] = [
  {
    name: 'name',
    required: false,
    example: 'Publisher portal user guide',
    description:
      'Name shown in the list and used to download it (natural key with customer_type; default: the file’s name without extension)',
  },
  { name: 'file', required: true, example: 'guides/user-guide.pdf', description: 'Path of the file in the zip' },
  {
    name: 'customer_type',
    required: false,
    example: 'company',
    description: `Who sees it: ${CUSTOMER_TYPES.join(', ')} (default company; portal users are companies)`,
  },
];

const helpFileSchema = z
  .object({
    file: required(300).transform((v) => v.replace(/\\/g, '/').replace(/^\.\//, '')),
    name: text(200).optional(),
    customer_type: oneOf(CUSTOMER_TYPES).default('company'),
  })
  .transform((r, c): HelpFileRow => {
    const base = r.file.split('/').pop()!;
    const name = (r.name ?? base.replace(/\.[^.]*$/, '')).trim();
    if (!name) c.addIssue({ code: 'custom', message: 'required', path: ['name'] });
    return { name, file: r.file, customerType: r.customer_type };
  });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const helpFileKey = (r: { customerType: string; name: string }) => JSON.stringify([r.customerType, r.name]);

/** help-files: downloadable help documents, from a zip of `help-files.csv|xlsx` and the files; natural key (customer_type, name). */
export const helpFilesImport: ImportKind<HelpFileRow> = {
  kind: 'help-files',
  description:
    'A zip upload: `help-files.csv` (or .xlsx) at its top level and the files its rows name by their path in the zip. ' +
    'One row per downloadable help file. Natural key: `customer_type` and the shown `name`; a row with a key imported ' +
    'before replaces that file when its bytes differ (same size and SHA-256: unchanged). Accepted files, checked on ' +
    `their content as well as their extension: ${HELP_FILE_EXTENSIONS.join(', ')}. A dry run stores no file.`,
  columns: helpFileColumns,
  schema: helpFileSchema,
  key: helpFileKey,
  check: (record, _ctx, env) => {
    const v = record.values[0]!;
    const row = record.rows[0]!;
    const bytes = env.files.get(v.file);
    const out: RowIssue[] = [];
    if (!bytes) out.push({ row, column: 'file', message: { key: 'fileMissing', params: { value: v.file } } });
    else if (!helpFileMime(v.file, bytes))
      out.push({ row, column: 'file', message: { key: 'fileType', params: { value: v.file, types: HELP_FILE_EXTENSIONS.join(', ') } } });
    return out;
  },
  write: async (tx, records, _ctx, env) => {
    const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const values = records.map((r) => r.values[0]!);
    const store = env.fileStore;
    if (!store && !env.dryRun) throw new Error('the help-files import needs a file store');
    const existing = new Map<string, Awaited<ReturnType<typeof imports.helpFilesByName>>[number]>();
    for (const f of await imports.helpFilesByName(
      tx,
      [...new Set(values.map((v) => v.customerType))],
      values.map((v) => v.name),
    ))
      if (!existing.has(helpFileKey(f))) existing.set(helpFileKey(f), f);
    const at = env.now();
    for (const v of values) {
      const bytes = env.files.get(v.file)!;
      const mime = helpFileMime(v.file, bytes)!;
      const extension = extensionOf(v.file);
      const hash = sha256(bytes);
      const old = existing.get(helpFileKey(v));
      if (old && old.extension === extension && Number(old.size) === bytes.length) {
        // a file stored before hashes were kept is compared on its bytes once, then remembers its hash
        const oldHash = old.sha256 ?? (store ? await store.get(old.storageKey).then((b) => (b ? sha256(b) : null)) : null);
        if (oldHash === hash) {
          if (!old.sha256) await imports.setHelpFileHash(tx, old.idx, hash);
          counts.unchanged++;
          continue;
        }
      }
      if (old) counts.updated++;
      else counts.created++;
      // a dry run only counts: nothing goes to the file store
      if (env.dryRun || !store) continue;
      const storageKey = store.newKey('help', extension);
      await store.put(storageKey, bytes);
      // new bytes of a run that is rolled back are removed; replaced bytes only once the replacement is committed
      env.onEnd(async (committed) => {
        if (!committed) await store.remove(storageKey);
        else if (old) await store.remove(old.storageKey);
      });
      if (old)
        await imports.replaceHelpFile(tx, {
          idx: old.idx,
          storedFileIdx: old.storedFileIdx,
          extension,
          size: bytes.length,
          mime,
          storageKey,
          sha256: hash,
          at,
        });
      else
        await insertHelpFile(tx, {
          customerType: v.customerType,
          name: v.name,
          extension,
          size: bytes.length,
          mime,
          storageKey,
          sha256: hash,
        });
    }
    return counts;
  },
};
