import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bbsPosts, helpFiles } from '../../db/schema';
import { createDiskFileStore } from '../../lib/file-store';
import { insertHelpFile } from './help.repository';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';

let t: TestContext;
let token: string;
let company: string;

const EXAMPLES = path.join(import.meta.dirname, '..', 'admin', 'examples');
const example = (name: string) => readFileSync(path.join(EXAMPLES, name));

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json().access_token;
  const c = await t.createCompany();
  company = await t.login(c.id, c.password);
});
afterAll(() => t.close());

const importFile = (kind: string, fileName: string, data: Buffer | string, query = '') => importJob(t, token, kind, fileName, data, query);

/** A zip of the files of a folder (their paths relative to it), with entries changed or added by `extra`. */
function zipFolder(dir: string, extra: Record<string, Buffer | string> = {}) {
  const entries: Record<string, Uint8Array> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else entries[p] = new Uint8Array(readFileSync(path.join(dir, p)));
    }
  };
  walk('');
  for (const [k, v] of Object.entries(extra)) entries[k] = new Uint8Array(Buffer.isBuffer(v) ? v : Buffer.from(v));
  return Buffer.from(zipSync(entries));
}

const count = async (table: 'bbs_posts' | 'faq_entries' | 'stored_files') =>
  Number(((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('notices import', () => {
  const csv = () => example('notices.csv').toString();

  it('a dry run counts and writes nothing', async () => {
    const res = await importFile('notices', 'notices.csv', csv(), '?dryRun=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ dry_run: true, committed: false, rows: 2, created: 2, errors: [] });
    expect(await count('bbs_posts')).toBe(0);
  });

  it('imports the example; a company sees the notices in the list and the view; again: all unchanged; a changed row: updated', async () => {
    const first = await importFile('notices', 'notices.csv', csv());
    expect(first.json()).toMatchObject({ committed: true, rows: 2, created: 2, updated: 0, unchanged: 0, errors: [] });

    const list = await t.inject(company, { method: 'GET', url: '/api/help/bbs/notice?length=50' });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().dataset as { idx: number; title: string; name: string; registrant_type: string; created_at: string }[];
    const holiday = rows.find((r) => r.title.includes('Year-end shipping schedule'))!;
    expect(holiday).toMatchObject({ name: '고객센터 (Help desk)', registrant_type: 'manager' });
    // posted_at without an offset is Korea time
    expect(holiday.created_at).toBe('2026-11-20T00:00:00.000Z');
    expect(rows.find((r) => r.title.includes('Settlement closing day'))?.created_at).toBe('2026-11-17T15:00:00.000Z');

    const view = await t.inject(company, { method: 'GET', url: `/api/help/bbs/notice/${holiday.idx}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().content).toBe(
      '<p>12월 29일 이후 주문은 1월 2일에 출고됩니다.</p><p>Orders placed after 29 December ship on 2 January.</p>',
    );

    const again = await importFile('notices', 'notices.csv', csv());
    expect(again.json()).toMatchObject({ committed: true, created: 0, updated: 0, unchanged: 2 });

    const changed = csv().replace('Year-end shipping schedule', 'Year-end shipping dates');
    const third = await importFile('notices', 'notices.csv', changed);
    expect(third.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await t.inject(company, { method: 'GET', url: `/api/help/bbs/notice/${holiday.idx}?count_view=N` });
    expect(after.json().title).toContain('Year-end shipping dates');
    // a thread starter, as a post written in the portal: its thread fields, the thread title following the change
    const [row] = await t.db.select().from(bbsPosts).where(eq(bbsPosts.idx, holiday.idx));
    expect(row).toMatchObject({ rootIdx: holiday.idx, threadPath: String(holiday.idx).padStart(10, '0'), reLevel: 0, parentIdx: null });
    expect(row!.rootTitle).toBe(row!.title);
    expect(await count('bbs_posts')).toBe(2);
  });

  it('removes a script from imported HTML exactly as from a posted body', async () => {
    const html = '<p onclick="alert(1)">Hello<script>alert(document.cookie)</script></p><a href="javascript:alert(1)">x</a>';
    const res = await importFile('notices', 'n.csv', `ref,title,content\nxss-1,Scripted,"${html.replace(/"/g, '""')}"`);
    expect(res.json()).toMatchObject({ committed: true, created: 1 });
    const [post] = await t.db.select().from(bbsPosts).where(eq(bbsPosts.importRef, 'xss-1'));
    expect(post!.content).toMatch(/^<p>Hello<\/p>/);
    expect(post!.content).not.toMatch(/script|onclick|javascript|cookie/);
    // the same body posted on the Q&A board is stored the same
    const posted = await t.inject(company, { method: 'POST', url: '/api/help/bbs/qna', payload: { title: 'Same', content: html } });
    const view = await t.inject(company, { method: 'GET', url: `/api/help/bbs/qna/${posted.json().idx}?count_view=N` });
    expect(view.json().content).toBe(post!.content);
    // default author and every division
    expect(post!.name).toBe('고객센터 (Help desk)');
    expect(post!.companyDivision.length).toBeGreaterThan(1);
  });

  it('one bad row writes nothing, and each bad row is named by row and column (also in Korean)', async () => {
    const before = await count('bbs_posts');
    const file = [
      'ref,title,content,posted_at,divisions',
      'ok-1,Fine,<p>fine</p>,,AUT',
      'ok-2,,<p>no title</p>,,',
      'ok-3,Only a script,<script>x()</script>,,',
      'ok-4,Bad date,<p>x</p>,2026-02-30,',
      'ok-5,Bad division,<p>x</p>,,NOPE',
    ].join('\n');
    const res = await importFile('notices', 'bad.csv', file, '?lang=ko');
    expect(res.json()).toMatchObject({ committed: false, rows: 5 });
    expect(res.json().errors).toEqual([
      { row: 3, column: 'title', message: '필수 값입니다.' },
      { row: 4, column: 'content', message: '필수 값입니다.' },
      { row: 5, column: 'posted_at', message: expect.stringContaining('YYYY-MM-DD HH:MM') },
      { row: 6, column: 'divisions', message: '알 수 없는 회사 구분입니다.' },
    ]);
    expect(await count('bbs_posts')).toBe(before);
    const en = await importFile('notices', 'bad.csv', file);
    expect(en.json().errors[0]).toEqual({ row: 3, column: 'title', message: 'This value is required.' });
  });

  it('reads posted_at in the configured business time zone (not always Korea time), an explicit offset as given', async () => {
    const other = await createTestApp({ timeZone: 'America/New_York' });
    try {
      const o = await createOperator(other.db);
      const login = await other.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: o.id, password: o.password } });
      const file =
        'ref,title,content,posted_at\nny-1,Day,<p>x</p>,2026-11-20\nny-2,Time,<p>x</p>,2026-07-01 09:30\nny-3,Own,<p>x</p>,2026-11-20T09:30+09:00';
      const res = await importJob(other, login.json().access_token, 'notices', 'n.csv', file);
      expect(res.json()).toMatchObject({ committed: true, created: 3 });
      const posted = await other.db.select({ ref: bbsPosts.importRef, at: bbsPosts.createdAt }).from(bbsPosts).orderBy(bbsPosts.importRef);
      expect(posted.map((p) => [p.ref, p.at.toISOString()])).toEqual([
        // a day alone: its start in New York (EST, -05:00); a time in summer: EDT (-04:00)
        ['ny-1', '2026-11-20T05:00:00.000Z'],
        ['ny-2', '2026-07-01T13:30:00.000Z'],
        ['ny-3', '2026-11-20T00:30:00.000Z'],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('faq import', () => {
  const csv = () => example('faq.csv').toString();
  const faq = async (lang: string) => (await t.inject(company, { method: 'GET', url: `/api/help/faq?lang=${lang}` })).json();

  it('a dry run writes nothing', async () => {
    const res = await importFile('faq', 'faq.csv', csv(), '?dryRun=true');
    expect(res.json()).toMatchObject({ dry_run: true, committed: false, rows: 8, created: 8 });
    expect(await count('faq_entries')).toBe(0);
    expect((await faq('en')).entries).toEqual([]);
  });

  it('imports the example; the FAQ call answers the entries of the language asked; again: unchanged; changed: updated', async () => {
    const first = await importFile('faq', 'faq.csv', csv());
    expect(first.json()).toMatchObject({ committed: true, rows: 8, created: 8, errors: [] });

    const ko = await faq('ko');
    expect(ko.language).toBe('ko');
    expect(ko.entries).toHaveLength(4);
    expect(ko.entries[0]).toEqual({
      tab: 'bugs',
      ref: 'q1',
      position: 1,
      question: '세금계산서 PDF가 다운로드되지 않습니다. 어떻게 하나요?',
      answer: '브라우저에서 포털의 다운로드를 허용한 뒤 다시 시도해 주세요. 그래도 안 되면 계산서 코드와 함께 Q&A 게시판에 문의해 주세요.',
    });
    expect(ko.entries.map((e: { tab: string }) => e.tab)).toEqual(['bugs', 'bugs', 'shipping', 'shipping']);
    expect((await faq('en')).entries[2].question).toBe('When are orders shipped?');
    // a language without entries answers none (the page shows the English ones)
    expect((await faq('ja')).entries).toEqual([]);

    expect((await importFile('faq', 'faq.csv', csv())).json()).toMatchObject({ created: 0, updated: 0, unchanged: 8 });

    const changed = csv().replace('When are orders shipped?', 'When do orders ship?');
    expect((await importFile('faq', 'faq.csv', changed)).json()).toMatchObject({ created: 0, updated: 1, unchanged: 7 });
    // the cached answer is dropped by the import's commit
    expect((await faq('en')).entries[2].question).toBe('When do orders ship?');
  });

  it('one bad row writes nothing, each named by row and column (also in Korean)', async () => {
    const before = await count('faq_entries');
    const file = [
      'ref,tab,language,position,question,answer',
      'n1,bugs,en,,New question,New answer',
      'n2,returns,en,,Q,A',
      'n3,bugs,de,,Q,A',
      'n4,bugs,en,first,Q,A',
      'n5,bugs,en,,,A',
      'n1,BUGS,EN,,Again,Again',
    ].join('\n');
    const res = await importFile('faq', 'bad.csv', file, '?lang=ko');
    expect(res.json()).toMatchObject({ committed: false, rows: 6 });
    expect(res.json().errors).toEqual([
      { row: 3, column: 'tab', message: '다음 중 하나여야 합니다: bugs, shipping.' },
      { row: 4, column: 'language', message: '다음 중 하나여야 합니다: en, ko, es, zh, ja.' },
      { row: 5, column: 'position', message: '0부터 100000까지의 정수여야 합니다.' },
      { row: 6, column: 'question', message: '필수 값입니다.' },
      { row: 7, column: 'ref', message: '이 키는 2행에 이미 있습니다.' },
    ]);
    expect(await count('faq_entries')).toBe(before);
  });
});

describe('help-files import', () => {
  const dir = path.join(EXAMPLES, 'help-files');
  const filesDir = () => path.join(t.config.filesDir, 'help');
  const storedBytes = () => (existsSync(filesDir()) ? readdirSync(filesDir()).length : 0);
  const listed = async () =>
    (await t.inject(company, { method: 'GET', url: '/api/help/getAllFiles?customer_type=company' })).json() as {
      name: string;
      extension: string;
      size: number;
    }[];
  const download = (fileName: string) =>
    t.inject(company, { method: 'POST', url: '/api/help/fileDownload', payload: { customer_type: 'company', fileName } });

  it('a dry run counts, stores no file and writes no row', async () => {
    const res = await importFile('help-files', 'help.zip', zipFolder(dir), '?dryRun=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ dry_run: true, committed: false, rows: 2, created: 2, errors: [] });
    expect(await count('stored_files')).toBe(0);
    expect(storedBytes()).toBe(0);
  });

  it('imports the example zip; the files are listed and download with the same bytes; again: unchanged; new bytes: updated', async () => {
    const first = await importFile('help-files', 'help.zip', zipFolder(dir));
    expect(first.json()).toMatchObject({ committed: true, rows: 2, created: 2, errors: [] });
    expect(await listed()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Returns policy', extension: 'pdf', size: example('help-files/returns-policy.pdf').length }),
        expect.objectContaining({ name: 'Quick start', extension: 'txt' }),
      ]),
    );
    const pdf = await download('Returns policy.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(example('help-files/returns-policy.pdf'))).toBe(true);
    expect((await download('Quick start.txt')).rawPayload.equals(example('help-files/guides/quick-start.txt'))).toBe(true);
    expect(storedBytes()).toBe(2);

    expect((await importFile('help-files', 'help.zip', zipFolder(dir))).json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const newText = Buffer.from('Publisher Portal - quick start, second edition\n');
    const third = await importFile('help-files', 'help.zip', zipFolder(dir, { 'guides/quick-start.txt': newText }));
    expect(third.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await download('Quick start.txt')).rawPayload.equals(newText)).toBe(true);
    // the replaced bytes are gone from the store, the row count is the same
    expect(storedBytes()).toBe(2);
    expect(await count('stored_files')).toBe(2);
  });

  it('a file the zip lacks, or whose content is not its type (an .exe named .pdf), rejects the whole zip and stores nothing', async () => {
    const rowsBefore = await count('stored_files');
    const bytesBefore = storedBytes();
    const sheet = [
      'name,file,customer_type',
      'Fresh guide,fresh.txt,company',
      'Missing,nowhere/missing.pdf,company',
      'Disguised,setup.pdf,company',
      'Wrong type,guide.txt,reader',
    ].join('\n');
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
    const zip = Buffer.from(
      zipSync({
        'help-files.csv': new Uint8Array(Buffer.from(sheet)),
        'fresh.txt': new Uint8Array(Buffer.from('fresh\n')),
        'setup.pdf': new Uint8Array(exe),
        'guide.txt': new Uint8Array(Buffer.from('x')),
      }),
    );
    const res = await importFile('help-files', 'help.zip', zip, '?lang=ko');
    expect(res.json()).toMatchObject({ committed: false, rows: 4 });
    expect(res.json().errors).toEqual([
      { row: 3, column: 'file', message: 'zip 파일에 nowhere/missing.pdf 파일이 없습니다.' },
      { row: 4, column: 'file', message: expect.stringContaining('setup.pdf 파일은 허용되지 않는 형식') },
      { row: 5, column: 'customer_type', message: '다음 중 하나여야 합니다: company, user, non_member.' },
    ]);
    expect(await count('stored_files')).toBe(rowsBefore);
    expect(storedBytes()).toBe(bytesBefore);
  });

  it('a file stored before hashes were kept is compared on its bytes: the same bytes are unchanged, and its hash is kept', async () => {
    const store = createDiskFileStore(t.config.filesDir);
    const bytes = Buffer.from('%PDF-1.4\nan older guide\n%%EOF\n');
    const storageKey = store.newKey('help', 'pdf');
    await store.put(storageKey, bytes);
    const idx = await insertHelpFile(t.db, {
      customerType: 'non_member',
      name: 'Older guide',
      extension: 'pdf',
      size: bytes.length,
      mime: 'application/pdf',
      storageKey,
    });
    const zip = Buffer.from(
      zipSync({
        'help-files.csv': new Uint8Array(Buffer.from('name,file,customer_type\nOlder guide,older.pdf,non_member\n')),
        'older.pdf': new Uint8Array(bytes),
      }),
    );
    expect((await importFile('help-files', 'older.zip', zip)).json()).toMatchObject({
      committed: true,
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    const [row] = await t.db.select().from(helpFiles).where(eq(helpFiles.idx, idx));
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.get(storageKey)).toEqual(bytes);
  });

  it('new bytes stored by a run that is rolled back after they were written are removed again', async () => {
    // 501 rows: the first batch (500) is written, then row 502 fails the check and everything rolls back
    const rows = Array.from({ length: 501 }, (_, i) => `Bulk ${i},bulk/${i}.txt,user`);
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 500; i++) files[`bulk/${i}.txt`] = new Uint8Array(Buffer.from(`file ${i}\n`));
    files['help-files.csv'] = new Uint8Array(Buffer.from(['name,file,customer_type', ...rows].join('\n')));
    const bytesBefore = storedBytes();
    const res = await importFile('help-files', 'bulk.zip', Buffer.from(zipSync(files)));
    expect(res.json()).toMatchObject({ committed: false, rows: 501, errors: [{ row: 502, column: 'file' }] });
    expect(storedBytes()).toBe(bytesBefore);
    expect(await count('stored_files')).toBe(3);
  });
});
