import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { createDiskFileStore } from '../../lib/file-store';
import type { DbOrTx } from '../client';
import { bbsBoards, bbsComments, faqEntries, helpFiles, storedFiles } from '../schema';
import { insertPost, insertTopLevelPosts } from '../help-threads';
import type { SeedContext } from './registry';
import { simplePdf as pdf, simpleXlsx as xlsx } from './files';
import { catalogueBooks } from './product';
import { rng } from './random';
import words from './help.json' with { type: 'json' };

/** The ISBNs of the help desk's books.xlsx template: demo catalogue books no demo company registered. */
export const TEMPLATE_BOOKS = catalogueBooks(580, 585);

/** Demo rows of the help desk (notices, Q&A threads, help files, the FAQ in five languages), deterministic from ctx.now. */

const OPERATOR = { registrantIdx: 1, registrantType: 'manager', name: '고객센터 (Help desk)' };

/** The demo's words (help.json): notice topics and questions in Korean and English, comments, the FAQ page's entries (spec §2). */
const { notices: NOTICE_TOPICS, questions: QUESTIONS, comments: COMMENTS, faq: FAQ } = words;

/** A help file of help.json: a PDF's lines, a sheet's rows or a ZIP's text files; a template's sheet and CSV get TEMPLATE_BOOKS. */
interface HelpSeedFile {
  customerType?: string;
  name: string;
  pdf?: string[];
  xlsx?: { sheet: string; rows: (string | number)[][] };
  zip?: { name: string; text: string }[];
  withTemplateBooks?: boolean;
}

const p = (ko: string, en: string) => `<p>${ko}</p><p>${en}</p>`;

/** A ZIP archive of text files (UTF-8 names and contents). */
const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)]))));

// Seeds write their rows with Drizzle directly (they never import a module's repository); posts go
// through db/help-threads.ts, the thread rules shared with the help repository and the notices import.
async function boardIdx(db: DbOrTx, name: string): Promise<number> {
  const [board] = await db.select({ idx: bbsBoards.idx }).from(bbsBoards).where(eq(bbsBoards.name, name)).limit(1);
  if (!board) throw new Error(`board ${name} is missing: run the migrations first`);
  return board.idx;
}

export async function seedHelp(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const rand = rng(6);
  const day = 86_400_000;
  const ago = (days: number, hours = 0) => new Date(ctx.now.getTime() - days * day - hours * 3_600_000);
  const notice = await boardIdx(db, 'notice');
  const qna = await boardIdx(db, 'qna');
  const companies = [
    { registrantIdx: ctx.demo, registrantType: 'company', name: '한빛 출판사 (Hanbit Demo Press)' },
    { registrantIdx: ctx.demo2, registrantType: 'company', name: 'Maple Leaf Books' },
  ];

  await db.transaction(async (tx) => {
    // ~30 notices by the operator, visible to AUT (a few also to other divisions)
    const notices = Array.from({ length: 30 }, (_, i) => {
      const { ko, en } = NOTICE_TOPICS[i % NOTICE_TOPICS.length]!;
      const round = Math.floor(i / NOTICE_TOPICS.length);
      const when = ago(90 - i * 3, 2);
      return {
        ...OPERATOR,
        boardIdx: notice,
        title: `[공지] ${ko}${round ? ` (${round + 1}차)` : ''} / ${en}`,
        content: `${p(`${ko}에 대해 안내드립니다.`, `Notice: ${en}.`)}<ul><li>적용일 (effective): ${when.toISOString().slice(0, 10)}</li><li>문의 (contact): help@portal.example</li></ul>`,
        companyDivision: i % 7 === 0 ? ['AUT', 'PUB'] : ['AUT'],
        viewCount: Math.floor(rand() * 300),
        createdAt: when,
        updatedAt: when,
      };
    });
    await insertTopLevelPosts(tx, notices);

    // ~50 Q&A posts: 25 questions, with operator answers, follow-ups and answers to answers
    let posts = 0;
    for (let i = 0; i < 25; i++) {
      const { ko, en } = QUESTIONS[i % QUESTIONS.length]!;
      const author = companies[i % 3 === 2 ? 1 : 0]!;
      const when = ago(60 - i * 2, 5);
      const qTitle = `${ko} (${en})${i >= QUESTIONS.length ? ` #${i - QUESTIONS.length + 2}` : ''}`;
      const q = await insertPost(tx, {
        ...author,
        boardIdx: qna,
        title: qTitle,
        content: p(`${ko}. 확인 부탁드립니다.`, `${en}. Could you please check?`),
        companyDivision: ['AUT'],
        viewCount: Math.floor(rand() * 80),
        createdAt: when,
        updatedAt: when,
      });
      posts++;
      const qRow = { idx: q, rootIdx: q, threadPath: String(q).padStart(10, '0'), reLevel: 0, rootTitle: qTitle };
      const comments = i % 2 === 0 ? 1 + (i % 3) : 0;
      for (let c = 0; c < comments; c++) {
        await tx.insert(bbsComments).values({
          ...companies[(i + c + 1) % 2]!,
          bbsIdx: q,
          content: COMMENTS[(i + c) % COMMENTS.length]!,
          createdAt: new Date(when.getTime() + (c + 1) * 3_600_000),
        });
      }
      if (i % 4 === 3) continue; // some questions are still waiting for an answer
      const answered = new Date(when.getTime() + day);
      const a = await insertPost(
        tx,
        {
          ...OPERATOR,
          boardIdx: qna,
          title: `Re: ${ko}`,
          content: p(
            '안녕하세요, 고객센터입니다. 확인 후 처리해 드렸습니다.',
            'Hello, this is the help desk. We have checked and fixed it.',
          ),
          companyDivision: ['AUT'],
          viewCount: Math.floor(rand() * 40),
          createdAt: answered,
          updatedAt: answered,
        },
        qRow,
      );
      posts++;
      if (i % 3 === 0 && posts < 50) {
        const follow = new Date(answered.getTime() + 4 * 3_600_000);
        const other = companies[(i + 1) % 2]!;
        await insertPost(
          tx,
          {
            ...other,
            boardIdx: qna,
            title: `Re: Re: ${ko}`,
            content: p('저희도 같은 문제가 있었는데 해결되었습니다.', 'We had the same problem and it is solved now, thanks.'),
            companyDivision: ['AUT'],
            viewCount: Math.floor(rand() * 20),
            createdAt: follow,
            updatedAt: follow,
          },
          {
            idx: a,
            rootIdx: q,
            threadPath: `${String(q).padStart(10, '0')}/${String(a).padStart(10, '0')}`,
            reLevel: 1,
            rootTitle: qTitle,
          },
        );
        posts++;
      }
    }

    // the FAQ page's entries (what an operator loads with the faq import)
    await tx
      .insert(faqEntries)
      .values(
        Object.entries(FAQ).flatMap(([language, entries]) => entries.map((entry, i) => ({ ...entry, language, position: (i % 4) + 1 }))),
      );

    // a post for another division only: never shown to AUT
    await insertPost(tx, {
      ...OPERATOR,
      boardIdx: qna,
      title: '[PUB] 파트너 전용 안내 (Partners only)',
      content: p('배급 파트너 전용 안내입니다.', 'For distribution partners only.'),
      companyDivision: ['PUB'],
      createdAt: ago(3),
      updatedAt: ago(3),
    });
  });

  // 10 help files for companies (and one for another customer type): help.json, the two templates with TEMPLATE_BOOKS
  const store = ctx.files ?? createDiskFileStore(ctx.filesDir);
  const files = words.files.map((f: HelpSeedFile) => {
    const books = f.withTemplateBooks ? TEMPLATE_BOOKS : [];
    if (f.pdf) return { ...f, extension: 'pdf', mime: 'application/pdf', data: () => pdf(f.name, f.pdf!) };
    if (f.xlsx) {
      const rows = [...f.xlsx.rows, ...books.map((b) => [b.isbn13])];
      return {
        ...f,
        extension: 'xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: () => xlsx(f.xlsx!.sheet, rows),
      };
    }
    const csv = books.map((b) => `${b.isbn13},${b.title}\n`).join('');
    const entries = (f.zip ?? []).map(({ name, text }) => [name, name.endsWith('.csv') ? text + csv : text]);
    return { ...f, extension: 'zip', mime: 'application/zip', data: async () => zip(Object.fromEntries(entries)) };
  });
  const made = await Promise.all(files.map(async (f) => ({ ...f, bytes: await f.data() })));
  for (const f of made) {
    const storageKey = store.newKey('help', f.extension);
    const { size } = await store.put(storageKey, f.bytes);
    const [stored] = await db
      .insert(storedFiles)
      .values({ uploadPath: 'help', companyIdx: null, name: f.name, extension: f.extension, size, mime: f.mime, storageKey })
      .returning({ idx: storedFiles.idx });
    await db.insert(helpFiles).values({ customerType: f.customerType ?? 'company', storedFileIdx: stored!.idx });
  }
}
