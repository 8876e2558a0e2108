import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bbsComments, bbsPosts } from '../../db/schema';
import { insertUser } from '../../db/seed/companies';
import { createDiskFileStore } from '../../lib/file-store';
import type { TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import * as repo from './help.repository';

let t: TestContext;
let alice: TestCompany;
let bob: TestCompany;
let aliceToken: string;
let bobToken: string;
let noticeBoard: number;
let qnaBoard: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createCompany({ companyName: 'Alice Press' });
  bob = await t.createCompany({ companyName: 'Bob Books' });
  aliceToken = await t.login(alice.id, alice.password);
  bobToken = await t.login(bob.id, bob.password);
  noticeBoard = (await repo.findBoard(t.db, 'notice'))!.idx;
  qnaBoard = (await repo.findBoard(t.db, 'qna'))!.idx;
});
afterAll(() => t.close());

const req = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.inject(token, { method, url, ...(payload ? { payload } : {}) });

async function write(
  token: string,
  body: { title: string; content: string; parentIdx?: number; company_division?: string },
  board = 'qna',
) {
  const res = await req(token, 'POST', `/api/help/bbs/${board}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ idx: number }>().idx;
}

/** An operator post, or one for another division, written straight into the database. */
const operatorPost = (boardIdx: number, title: string, divisions: string[]) =>
  repo.insertPost(t.db, {
    boardIdx,
    title,
    content: '<p>operator text</p>',
    name: 'Operator',
    registrantIdx: 1,
    registrantType: 'manager',
    companyDivision: divisions,
  });

describe(`boards (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('unknown board names answer 404 on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/help/bbs/secret'],
      ['GET', '/api/help/bbs/secret/1'],
      ['GET', '/api/help/bbs_comment/secret/1'],
      ['DELETE', '/api/help/bbs/secret/1'],
    ] as const) {
      const res = await req(aliceToken, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await req(aliceToken, 'POST', '/api/help/bbs/secret', { title: 'x', content: '<p>x</p>' })).statusCode).toBe(404);
  });

  it('every board call needs a token', async () => {
    expect((await t.inject(null, { method: 'GET', url: '/api/help/bbs/qna' })).statusCode).toBe(401);
    expect((await t.inject(null, { method: 'GET', url: '/api/help/getAllFiles' })).statusCode).toBe(401);
  });

  it('the notice board is read-only: posts, replies and comments are refused with 403', async () => {
    const notice = await operatorPost(noticeBoard, 'Holiday shipping schedule', ['AUT']);
    const list = (await req(aliceToken, 'GET', '/api/help/bbs/notice')).json();
    expect(list.dataset.map((r: { idx: number }) => r.idx)).toContain(notice);
    const post = await req(aliceToken, 'POST', '/api/help/bbs/notice', { title: 'Mine', content: '<p>hello</p>' });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('FORBIDDEN');
    const reply = await req(aliceToken, 'POST', '/api/help/bbs/notice', { title: 'Re', content: '<p>hi</p>', parentIdx: notice });
    expect(reply.statusCode).toBe(403);
    const comment = await req(aliceToken, 'POST', '/api/help/bbs_comment/notice', { bbs_idx: notice, content: 'hi' });
    expect(comment.statusCode).toBe(403);
    // an operator's post cannot be changed by a company either
    expect((await req(aliceToken, 'PATCH', `/api/help/bbs/notice/${notice}`, { title: 'x', content: '<p>x</p>' })).statusCode).toBe(403);
    expect((await req(aliceToken, 'DELETE', `/api/help/bbs/notice/${notice}`)).statusCode).toBe(403);
  });

  it("a new post carries the user's division and registrant, whatever the client sends", async () => {
    const idx = await write(aliceToken, { title: 'Division check', content: '<p>body</p>', company_division: 'PUB' });
    const post = (await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json();
    expect(post).toMatchObject({
      idx,
      title: 'Division check',
      content: '<p>body</p>',
      name: 'Alice Press',
      company_division: ['AUT'],
      registrant_type: 'company',
      registrant_idx: alice.idx,
      re_level: 0,
      parent_idx: null,
    });
  });

  it("a post outside the user's division is never returned", async () => {
    const hidden = await operatorPost(qnaBoard, 'AAA for partners only', ['PUB']);
    const both = await operatorPost(qnaBoard, 'AAA for everyone', ['PUB', 'AUT']);
    const list = (await req(aliceToken, 'GET', '/api/help/bbs/qna?length=100')).json();
    const ids = list.dataset.map((r: { idx: number }) => r.idx);
    expect(ids).not.toContain(hidden);
    expect(ids).toContain(both);
    const search = (await req(aliceToken, 'GET', '/api/help/bbs/qna?search_value=partners')).json();
    expect(search).toEqual({ dataset: [], total_cnt: 0 });
    for (const [method, url, body] of [
      ['GET', `/api/help/bbs/qna/${hidden}`, undefined],
      ['GET', `/api/help/bbs_comment/qna/${hidden}`, undefined],
      ['POST', '/api/help/bbs/qna', { title: 'Re', content: '<p>x</p>', parentIdx: hidden }],
      ['POST', '/api/help/bbs_comment/qna', { bbs_idx: hidden, content: 'x' }],
      ['PATCH', `/api/help/bbs/qna/${hidden}`, { title: 'x', content: '<p>x</p>' }],
      ['DELETE', `/api/help/bbs/qna/${hidden}`, undefined],
    ] as const) {
      expect((await req(aliceToken, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // the same post on the wrong board is not found either
    const mine = await write(aliceToken, { title: 'On qna', content: '<p>x</p>' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/notice/${mine}`)).statusCode).toBe(404);
  });

  it('only the registering company may change or delete a post; others get 403', async () => {
    const idx = await write(aliceToken, { title: 'Owned by Alice', content: '<p>v1</p>' });
    const patchByBob = await req(bobToken, 'PATCH', `/api/help/bbs/qna/${idx}`, { title: 'Bob was here', content: '<p>x</p>' });
    expect(patchByBob.statusCode).toBe(403);
    expect(patchByBob.json()).toMatchObject({ code: 'FORBIDDEN', message: 'no permission' });
    expect((await req(bobToken, 'DELETE', `/api/help/bbs/qna/${idx}`)).statusCode).toBe(403);
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json()).toMatchObject({
      title: 'Owned by Alice',
      content: '<p>v1</p>',
    });

    const patch = await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${idx}`, { title: 'Owned by Alice v2', content: '<p>v2</p>' });
    expect(patch.statusCode).toBe(200);
    expect((await req(bobToken, 'GET', `/api/help/bbs/qna/${idx}`)).json()).toMatchObject({
      title: 'Owned by Alice v2',
      content: '<p>v2</p>',
    });
    const del = await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${idx}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', result: 'delete' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).statusCode).toBe(404);
  });

  it('replies carry their parent and re_level, and list under it', async () => {
    const q = await write(aliceToken, { title: 'ZZ thread question', content: '<p>q</p>' });
    const r1 = await write(bobToken, { title: 'Re: ZZ thread question', content: '<p>a1</p>', parentIdx: q });
    const r2 = await write(aliceToken, { title: 'Re: Re: ZZ thread question', content: '<p>a2</p>', parentIdx: r1 });
    const r3 = await write(bobToken, { title: 'Another answer', content: '<p>a3</p>', parentIdx: q });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${r1}`)).json()).toMatchObject({
      parent_idx: q,
      re_level: 1,
      name: 'Bob Books',
    });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${r2}`)).json()).toMatchObject({ parent_idx: r1, re_level: 2 });
    const list = (await req(aliceToken, 'GET', '/api/help/bbs/qna?search_value=&length=100')).json();
    const thread = list.dataset.filter((r: { idx: number }) => [q, r1, r2, r3].includes(r.idx));
    // the thread stays together in reply order, replies after their parent even though "Another" < "Re:" < "ZZ"
    expect(thread.map((r: { idx: number; re_level: number }) => [r.idx, r.re_level])).toEqual([
      [q, 0],
      [r1, 1],
      [r2, 2],
      [r3, 1],
    ]);
    const start = list.dataset.findIndex((r: { idx: number }) => r.idx === q);
    expect(list.dataset.slice(start, start + 4).map((r: { idx: number }) => r.idx)).toEqual([q, r1, r2, r3]);
    // renaming the first post moves the whole thread in the title order
    await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${q}`, { title: '!! first thread now', content: '<p>q</p>' });
    const first = (await req(aliceToken, 'GET', '/api/help/bbs/qna?length=4')).json();
    expect(first.dataset.map((r: { idx: number }) => r.idx)).toEqual([q, r1, r2, r3]);
    // a reply to a missing parent is 404
    expect((await req(aliceToken, 'POST', '/api/help/bbs/qna', { title: 'Re', content: '<p>x</p>', parentIdx: 999999 })).statusCode).toBe(
      404,
    );
  });

  it('a post with nobody else below it is deleted with its own replies and comments (no orphans)', async () => {
    const q = await write(aliceToken, { title: 'To be deleted', content: '<p>q</p>' });
    const r1 = await write(aliceToken, { title: 'Re: To be deleted', content: '<p>a</p>', parentIdx: q });
    const r2 = await write(aliceToken, { title: 'Re: Re: To be deleted', content: '<p>a</p>', parentIdx: r1 });
    for (const idx of [q, r1, r2]) {
      expect((await req(aliceToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: idx, content: 'c' })).statusCode).toBe(200);
    }
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${q}?count_view=N`)).json()).toMatchObject({
      deleted: false,
      delete_mode: 'delete',
    });
    const del = await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${q}`);
    expect(del.json()).toEqual({ status: 'success', result: 'delete' });
    const posts = await t.db
      .select()
      .from(bbsPosts)
      .where(inArray(bbsPosts.idx, [q, r1, r2]));
    const comments = await t.db
      .select()
      .from(bbsComments)
      .where(inArray(bbsComments.bbsIdx, [q, r1, r2]));
    expect(posts).toEqual([]);
    expect(comments).toEqual([]);
  });

  it("deleting a post never removes another company's reply or comment: the post stays as a placeholder", async () => {
    // demo writes a question, demo2 answers and comments its answer, demo follows up and comments its question
    const q = await write(aliceToken, { title: 'Placeholder question', content: '<p>secret question</p>' });
    const r1 = await write(bobToken, { title: 'Re: Placeholder question', content: '<p>bob answers</p>', parentIdx: q });
    const r2 = await write(aliceToken, { title: 'Re: Re: Placeholder question', content: '<p>thanks</p>', parentIdx: r1 });
    const bobComment = (await req(bobToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: r1, content: 'bob on his answer' })).json().idx;
    const aliceComment = (
      await req(aliceToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: q, content: 'alice on her question' })
    ).json().idx;
    const listRow = async (token: string, idx: number) =>
      (await req(token, 'GET', '/api/help/bbs/qna?length=100&search_value=')).json().dataset.find((r: { idx: number }) => r.idx === idx);
    // both the list and the post say what a delete would do
    expect(await listRow(aliceToken, q)).toMatchObject({ deleted: false, delete_mode: 'placeholder' });
    expect(await listRow(aliceToken, r2)).toMatchObject({ deleted: false, delete_mode: 'delete' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${q}?count_view=N`)).json()).toMatchObject({ delete_mode: 'placeholder' });

    const del = await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${q}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ status: 'success', result: 'placeholder' });

    // bob's reply and his comment are all there, and so is the rest of the thread
    const posts = await t.db
      .select()
      .from(bbsPosts)
      .where(inArray(bbsPosts.idx, [q, r1, r2]));
    expect(posts.map((p) => p.idx).sort((a, b) => a - b)).toEqual([q, r1, r2]);
    const comments = await t.db
      .select()
      .from(bbsComments)
      .where(inArray(bbsComments.idx, [bobComment, aliceComment]));
    expect(comments).toHaveLength(2);
    const bobView = (await req(bobToken, 'GET', `/api/help/bbs/qna/${r1}`)).json();
    expect(bobView).toMatchObject({
      title: 'Re: Placeholder question',
      content: '<p>bob answers</p>',
      name: 'Bob Books',
      parent_idx: q,
      deleted: false,
    });
    expect((await req(bobToken, 'GET', `/api/help/bbs_comment/qna/${r1}`)).json().map((c: { content: string }) => c.content)).toEqual([
      'bob on his answer',
    ]);

    // the placeholder: no title, content or author, in the stored row too
    const stored = posts.find((p) => p.idx === q)!;
    expect(stored).toMatchObject({ title: '', content: '', name: '' });
    expect(stored.deletedAt).toBeInstanceOf(Date);
    const placeholder = (await req(bobToken, 'GET', `/api/help/bbs/qna/${q}`)).json();
    expect(placeholder).toMatchObject({ idx: q, title: '', content: '', name: '', registrant_idx: 0, registrant_type: '', deleted: true });
    expect(await listRow(bobToken, q)).toMatchObject({ title: '', name: '', deleted: true, registrant_idx: 0, comment_cnt: 1 });
    // the thread keeps its place and order in the list
    const list = (await req(bobToken, 'GET', '/api/help/bbs/qna?length=100&search_value=')).json().dataset as { idx: number }[];
    const at = list.findIndex((r) => r.idx === q);
    expect(list.slice(at, at + 3).map((r) => r.idx)).toEqual([q, r1, r2]);
    // the dashboard marks it too
    const dash = (await req(bobToken, 'GET', '/api/dashboard/board')).json();
    expect(dash.qna.find((p: { idx: number }) => p.idx === q)).toMatchObject({ title: '', name: '', deleted: true });

    // a placeholder takes no change, second delete, reply or comment
    expect((await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${q}`, { title: 'back', content: '<p>x</p>' })).statusCode).toBe(404);
    expect((await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${q}`)).statusCode).toBe(404);
    expect((await req(bobToken, 'POST', '/api/help/bbs/qna', { title: 'Re', content: '<p>x</p>', parentIdx: q })).statusCode).toBe(404);
    expect((await req(bobToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: q, content: 'x' })).statusCode).toBe(404);

    // bob still may not delete alice's writing, and alice not bob's
    expect((await req(bobToken, 'DELETE', `/api/help/bbs/qna/${r2}`)).statusCode).toBe(403);
    expect((await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${r1}`)).statusCode).toBe(403);
    // bob's answer has alice's follow-up below it: it too becomes a placeholder
    expect((await req(bobToken, 'DELETE', `/api/help/bbs/qna/${r1}`)).json()).toEqual({ status: 'success', result: 'placeholder' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${r2}`)).json()).toMatchObject({ content: '<p>thanks</p>', deleted: false });
  });

  it("another company's comment alone keeps a post, and an empty placeholder goes with the last reply below it", async () => {
    const commented = await write(aliceToken, { title: 'Commented by Bob', content: '<p>q</p>' });
    await req(bobToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: commented, content: "bob's comment" });
    expect((await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${commented}`)).json().result).toBe('placeholder');
    expect(
      (await req(bobToken, 'GET', `/api/help/bbs_comment/qna/${commented}`)).json().map((c: { content: string }) => c.content),
    ).toEqual(["bob's comment"]);

    const q = await write(aliceToken, { title: 'Answered by Bob', content: '<p>q</p>' });
    const r = await write(bobToken, { title: 'Re: Answered by Bob', content: '<p>a</p>', parentIdx: q });
    expect((await req(aliceToken, 'DELETE', `/api/help/bbs/qna/${q}`)).json().result).toBe('placeholder');
    // bob deletes his answer: nothing is left below alice's placeholder, so it goes as well
    expect((await req(bobToken, 'DELETE', `/api/help/bbs/qna/${r}`)).json().result).toBe('delete');
    expect(
      await t.db
        .select()
        .from(bbsPosts)
        .where(inArray(bbsPosts.idx, [q, r])),
    ).toEqual([]);
  });

  it('comments are listed oldest first; empty ones are refused', async () => {
    const idx = await write(aliceToken, { title: 'Commented', content: '<p>x</p>' });
    const first = await req(bobToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: idx, content: '  First!  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ bbs_idx: idx, content: 'First!', name: 'Bob Books', registrant_idx: bob.idx });
    t.clock.advance(1000);
    await req(aliceToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: idx, content: '<script>alert(1)</script> thanks' });
    const list = (await req(aliceToken, 'GET', `/api/help/bbs_comment/qna/${idx}`)).json();
    expect(list.map((c: { content: string }) => c.content)).toEqual(['First!', '<script>alert(1)</script> thanks']);
    expect(list[0]).toEqual(
      expect.objectContaining({ idx: expect.any(Number), name: 'Bob Books', created_at: expect.any(String), bbs_idx: idx }),
    );
    for (const content of ['', '   ']) {
      const res = await req(aliceToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: idx, content });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('body.content');
    }
    expect((await req(aliceToken, 'POST', '/api/help/bbs_comment/qna', { bbs_idx: 999999, content: 'x' })).statusCode).toBe(404);
    const rowCount = await t.db.select().from(bbsComments).where(eq(bbsComments.bbsIdx, idx));
    expect(rowCount).toHaveLength(2);
    const row = (await req(aliceToken, 'GET', '/api/help/bbs/qna?search_value=Commented')).json().dataset[0];
    expect(row).toMatchObject({ idx, comment_cnt: 2 });
  });

  it('opening a post counts a view; count_view=N reads without counting', async () => {
    const idx = await write(aliceToken, { title: 'Views', content: '<p>x</p>' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json().view_count).toBe(1);
    expect((await req(bobToken, 'GET', `/api/help/bbs/qna/${idx}`)).json().view_count).toBe(2);
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}?count_view=N`)).json().view_count).toBe(2);
    const row = (await req(aliceToken, 'GET', '/api/help/bbs/qna?search_value=Views')).json().dataset[0];
    expect(row).toMatchObject({ idx, view_count: 2 });
  });

  it('title is required and content must have visible text', async () => {
    const noTitle = await req(aliceToken, 'POST', '/api/help/bbs/qna', { title: '   ', content: '<p>x</p>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().issues[0].path).toBe('body.title');
    for (const content of [
      '',
      '<p></p>',
      '<p>&nbsp; </p>',
      '<p><br></p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<hr>',
    ]) {
      const res = await req(aliceToken, 'POST', '/api/help/bbs/qna', { title: 'Empty', content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: "Please fill out 'content'.", issues: [{ path: 'content' }] });
    }
    // NUL characters never reach the database
    expect((await req(aliceToken, 'POST', '/api/help/bbs/qna', { title: 'N\u0000UL', content: '<p>a\u0000b</p>' })).statusCode).toBe(400);
    const idx = await write(aliceToken, { title: 'Kept', content: '<p>kept</p>' });
    expect((await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${idx}`, { title: 'Kept', content: '<p> </p>' })).statusCode).toBe(400);
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json().content).toBe('<p>kept</p>');
  });

  it('lists page in SQL, sort threads by title, search title or author, and carry total_cnt on every row', async () => {
    const c = await t.createCompany({ companyName: 'Paging Co' });
    const tok = await t.login(c.id, c.password);
    for (const title of ['pg-charlie', 'pg-alpha', 'pg-bravo', 'pg-delta 100%', 'pg-echo'])
      await write(tok, { title, content: '<p>x</p>' });
    const page1 = (await req(tok, 'GET', '/api/help/bbs/qna?start=0&length=2&search_value=pg-')).json();
    expect(page1.total_cnt).toBe(5);
    expect(page1.dataset.map((r: { title: string }) => r.title)).toEqual(['pg-alpha', 'pg-bravo']);
    expect(page1.dataset.every((r: { total_cnt: number }) => r.total_cnt === 5)).toBe(true);
    const page2 = (await req(tok, 'GET', '/api/help/bbs/qna?start=2&length=2&search_value=pg-')).json();
    expect(page2.dataset.map((r: { title: string }) => r.title)).toEqual(['pg-charlie', 'pg-delta 100%']);
    // LIKE wildcards in the search are literal
    expect((await req(tok, 'GET', `/api/help/bbs/qna?search_value=${encodeURIComponent('0%')}`)).json().total_cnt).toBe(1);
    expect((await req(tok, 'GET', '/api/help/bbs/qna?search_value=Paging%20Co')).json().total_cnt).toBe(5);
    // length below 1 falls back to 10
    expect((await req(tok, 'GET', '/api/help/bbs/qna?length=0')).json().dataset.length).toBeLessThanOrEqual(10);
  });
});

describe(`posts of a company's users (issue 58, ${process.env.TEST_DB ?? 'pglite'})`, () => {
  it("a user's post shows the user's name beside the company's, and stays the company's", async () => {
    await insertUser(
      t.db,
      { companyIdx: alice.idx, loginId: `${alice.id}-kim`, name: 'Kim Editor', email: '', role: 'editorial' },
      'user-pass-58h',
    );
    const kim = await t.login(`${alice.id}-kim`, 'user-pass-58h');
    const idx = await write(kim, { title: 'From Kim', content: '<p>hello</p>' });
    const post = (await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}?count_view=N`)).json();
    expect(post).toMatchObject({ name: 'Alice Press (Kim Editor)', registrant_type: 'company', registrant_idx: alice.idx });
    // the company's own login writes as the company, as before
    const own = await write(aliceToken, { title: 'From Alice', content: '<p>hi</p>' });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${own}?count_view=N`)).json().name).toBe('Alice Press');
    // the company (any of its users) may edit the user's post: ownership is the company's
    expect((await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${idx}`, { title: 'Edited', content: '<p>x</p>' })).statusCode).toBe(200);
    // a writer search by the company's name finds both
    const found = (await req(aliceToken, 'GET', `/api/help/bbs/qna?search_value=${encodeURIComponent('Alice Press')}`)).json();
    expect(found.dataset.map((p: { idx: number }) => p.idx)).toEqual(expect.arrayContaining([idx, own]));
  });
});

describe(`XSS (${process.env.TEST_DB ?? 'pglite'})`, () => {
  const VECTORS = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<img src=x onerror=alert(1)>',
    '<IMG SRC="javascript:alert(1);">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<body onload=alert(1)>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
    '<embed src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
    '<a href="java\tscript:alert(1)">click</a>',
    '<a href=" javascript:alert(1)">click</a>',
    '<a href="data:text/html,<script>alert(1)</script>">click</a>',
    '<a href="vbscript:msgbox(1)">click</a>',
    '<a href="//evil.example">protocol-relative</a>',
    '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)">ok</a>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<div style="width: expression(alert(1))">expr</div>',
    '<style>@import "javascript:alert(1)";</style>',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<input autofocus onfocus=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<marquee onstart=alert(1)>m</marquee>',
    '<p onmouseover="alert(1)" class="x" id="y">hover</p>',
    '"><script>alert(1)</script>',
    '<!--<script>alert(1)</script>-->',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<template><script>alert(1)</script></template>',
    '<a href="http://ok.example/?q=1&amp;x=javascript:alert(1)">fine link</a>',
  ];

  const EXECUTABLE = [
    /<\s*(script|svg|math|iframe|object|embed|img|style|link|meta|base|form|input|button|video|source|body|details|marquee|template|noscript)\b/i,
    /\son[a-z]+\s*=/i,
    /\sstyle\s*=/i,
    /\sclass\s*=/i,
    /href\s*=\s*"\s*(javascript|data|vbscript):/i,
    /href\s*=\s*"\/\//i,
    /\s(src|srcdoc|action|xlink:href|formaction)\s*=/i,
  ];

  it(`stores and reads back ${VECTORS.length} XSS vectors with nothing executable left`, async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
    let stored = 0;
    for (const vector of VECTORS) {
      const res = await req(aliceToken, 'POST', '/api/help/bbs/qna', { title: vector.slice(0, 200), content: `<p>text</p>${vector}` });
      expect(res.statusCode, vector).toBe(200);
      const post = (await req(aliceToken, 'GET', `/api/help/bbs/qna/${res.json().idx}`)).json();
      for (const re of EXECUTABLE) expect(post.content, `${vector} → ${post.content}`).not.toMatch(re);
      for (const m of post.content.matchAll(/<a\b[^>]*>/g)) expect(m[0]).toMatch(/rel="noopener noreferrer nofollow"/);
      stored++;
    }
    expect(stored).toBe(VECTORS.length);
  });

  it('keeps the formatting the editor produces', async () => {
    const html =
      '<h2>Heading</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s> and <code>code</code>.</p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>x = 1</code></pre><p><a href="https://example.com/a?b=1">link</a><br>line</p><hr>';
    const idx = await write(aliceToken, { title: 'Formatting', content: html });
    const content = (await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json().content;
    expect(content).toBe(
      html
        .replace(
          '<a href="https://example.com/a?b=1">',
          '<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">',
        )
        .replace('<br>', '<br />')
        .replace('<hr>', '<hr />'),
    );
  });

  it('a PATCH is sanitized the same way', async () => {
    const idx = await write(aliceToken, { title: 'Patched', content: '<p>ok</p>' });
    await req(aliceToken, 'PATCH', `/api/help/bbs/qna/${idx}`, {
      title: 'Patched',
      content: '<p onclick="alert(1)">hi<script>alert(2)</script></p>',
    });
    expect((await req(aliceToken, 'GET', `/api/help/bbs/qna/${idx}`)).json().content).toBe('<p>hi</p>');
  });
});

describe(`help files (${process.env.TEST_DB ?? 'pglite'})`, () => {
  const pdf = Buffer.from('%PDF-1.4\n% test file\n');
  beforeAll(async () => {
    const store = createDiskFileStore(t.config.filesDir);
    const add = async (customerType: string, name: string, extension: string, data: Buffer, mime: string) => {
      const storageKey = store.newKey('help', extension);
      const { size } = await store.put(storageKey, data);
      await repo.insertHelpFile(t.db, { customerType, name, extension, size, mime, storageKey });
    };
    await add('company', 'Portal guide', 'pdf', pdf, 'application/pdf');
    await add('company', '정산 안내', 'zip', Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'), 'application/zip');
    await add('user', 'Reader guide', 'pdf', Buffer.from('%PDF-1.4\nuser\n'), 'application/pdf');
  });

  it('lists the files of the company customer type with name, extension and size in bytes', async () => {
    const res = await req(aliceToken, 'GET', '/api/help/getAllFiles?customer_type=company');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { idx: expect.any(Number), name: 'Portal guide', extension: 'pdf', size: pdf.length, total_cnt: 2 },
      { idx: expect.any(Number), name: '정산 안내', extension: 'zip', size: 22, total_cnt: 2 },
    ]);
    expect((await req(aliceToken, 'GET', '/api/help/getAllFiles')).json()).toHaveLength(2);
    expect((await req(aliceToken, 'GET', '/api/help/getAllFiles?customer_type=user')).json()).toEqual([]);
    expect((await req(aliceToken, 'GET', '/api/help/getAllFiles?customer_type=admin')).statusCode).toBe(400);
  });

  it('pages the list in SQL with start and length (an addition), every row carrying the total', async () => {
    const names = async (q: string) =>
      (await req(aliceToken, 'GET', `/api/help/getAllFiles?customer_type=company&${q}`))
        .json()
        .map((f: { name: string; total_cnt: number }) => [f.name, f.total_cnt]);
    expect(await names('start=0&length=1')).toEqual([['Portal guide', 2]]);
    expect(await names('start=1&length=1')).toEqual([['정산 안내', 2]]);
    expect(await names('start=2&length=1')).toEqual([]);
    expect(await names('length=5')).toEqual([
      ['Portal guide', 2],
      ['정산 안내', 2],
    ]);
    // length below 1 falls back to 10 (spec §9); bad values are refused
    expect(await names('start=0&length=0')).toHaveLength(2);
    expect((await req(aliceToken, 'GET', '/api/help/getAllFiles?start=-1&length=5')).statusCode).toBe(400);
    expect((await req(aliceToken, 'GET', '/api/help/getAllFiles?start=x')).statusCode).toBe(400);
  });

  it('downloads a listed file by name.extension with its bytes and a UTF-8 file name', async () => {
    const res = await req(aliceToken, 'POST', '/api/help/fileDownload', { customer_type: 'company', fileName: 'Portal guide.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const ko = await req(aliceToken, 'POST', '/api/help/fileDownload', { customer_type: 'company', fileName: '정산 안내.zip' });
    expect(ko.statusCode).toBe(200);
    expect(ko.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('정산 안내.zip')}`);
  });

  it('answers 404 for traversal attempts and names that are not listed', async () => {
    for (const fileName of [
      '../../../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '/etc/passwd',
      'help/../../etc/passwd',
      '..\\..\\windows\\win.ini',
      'Portal guide.pdf/../../../etc/passwd',
      'Portal guide',
      'portal guide.PDF',
      '%',
      'Reader guide.pdf',
    ]) {
      const res = await req(aliceToken, 'POST', '/api/help/fileDownload', { customer_type: 'company', fileName });
      expect(res.statusCode, fileName).toBe(404);
    }
    const nul = await req(aliceToken, 'POST', '/api/help/fileDownload', {
      customer_type: 'company',
      fileName: 'Portal guide.pdf\u0000.txt',
    });
    expect([400, 404]).toContain(nul.statusCode);
    const other = await req(aliceToken, 'POST', '/api/help/fileDownload', { customer_type: 'user', fileName: 'Reader guide.pdf' });
    expect(other.statusCode).toBe(404);
  });
});
