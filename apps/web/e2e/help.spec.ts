import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO2, expect, expectNoA11yViolations, expectRedirected, loginViaApi, screenshot, test } from './fixtures';

const api = (request: APIRequestContext, token: string) => ({
  get: (url: string) => request.get(`/api${url}`, { headers: { authorization: `Bearer ${token}` } }),
  post: (url: string, data: object) => request.post(`/api${url}`, { headers: { authorization: `Bearer ${token}` }, data }),
});

async function writeViaApi(request: APIRequestContext, token: string, title: string, content = '<p>Written by the test.</p>') {
  const res = await api(request, token).post('/help/bbs/qna', { title, content });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { idx: number }).idx;
}

const search = async (page: Page, text: string) => {
  await page.getByTestId('board-search').fill(text);
};

test.describe('[HELP] boards', () => {
  test('[HELP] a post outside the division redirects to the list', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    // the seed writes the partner-only post last: one above the highest idx AUT can see
    let max = 0;
    for (const board of ['notice', 'qna']) {
      for (let start = 0; ; start += 100) {
        const body = (await (await api(page.request, token).get(`/help/bbs/${board}?start=${start}&length=100`)).json()) as {
          dataset: { idx: number }[];
        };
        for (const r of body.dataset) max = Math.max(max, r.idx);
        if (body.dataset.length < 100) break;
      }
    }
    const hidden = max + 1;
    expect((await api(page.request, token).get(`/help/bbs/qna/${hidden}`)).status()).toBe(404);
    await page.goto(`/help/bbs/qna/view/${hidden}`);
    await expectRedirected(page, `/help/bbs/qna/view/${hidden}`, /\/help\/bbs\/qna$/);
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    await expect(page.getByText('Partners only')).toHaveCount(0);
  });

  test('[HELP] the notice board has no write button and is sorted by title', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/bbs/notice');
    await expect(page.getByRole('heading', { level: 1, name: 'Notice board' })).toBeVisible();
    await expect(page.getByTestId('table-row')).toHaveCount(10);
    await expect(page.getByTestId('write-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByTestId('showing')).toHaveText('Showing 1 to 10 of 30 entries');
    const titles = await page.getByTestId('post-link').allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expectNoA11yViolations(page);
    await screenshot(page, 'help-notice-list');
    // the write screen of the notice board is not reachable either
    await page.goto('/help/bbs/notice/edit');
    await expectRedirected(page, '/help/bbs/notice/edit', /\/help\/bbs\/notice$/);
    // a notice opens read-only: no reply form, no comment box
    await page.getByTestId('post-link').first().click();
    await expect(page.getByTestId('post-content')).toBeVisible();
    await expect(page.getByTestId('reply-toggle')).toHaveCount(0);
    await expect(page.getByLabel('Comment', { exact: true })).toHaveCount(0);
  });

  test('[HELP] write, edit and delete a Q&A post', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/bbs/qna');
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    // replies show an indent arrow; per-page select changes the page size
    await expect(page.getByTestId('reply-arrow').first()).toBeVisible();
    await expect(page.getByTestId('comment-count').first()).toBeVisible();
    await page.getByTestId('per-page').click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page.getByTestId('table-row')).toHaveCount(25);
    await screenshot(page, 'help-qna-list');

    await page.getByTestId('write-button').click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna\/edit$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("Please fill out 'Title'.").first()).toBeVisible();
    await expect(page.getByText("Please fill out 'Content'.").first()).toBeVisible();
    await expectNoA11yViolations(page, 'the write screen with its errors');
    await page.getByLabel('Title').fill('E2E question about invoices');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Where can I find the invoice of March?');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Thanks!');
    await screenshot(page, 'help-qna-write');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);

    await search(page, 'E2E question about');
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    const row = page.getByTestId('table-row').first();
    await expect(row).toContainText('E2E question about invoices');
    await expect(row).toContainText('Hanbit Demo Press');
    await row.getByRole('button', { name: 'Edit E2E question about invoices' }).click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna\/edit\/\d+$/);
    await expect(page.getByLabel('Title')).toHaveValue('E2E question about invoices');
    await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Where can I find the invoice of March?');
    // a screen of its own (on a slow machine it stays past the fixture's 1.5 s pass-through bound)
    await expectNoA11yViolations(page, 'the edit screen of a post');
    await page.getByLabel('Title').fill('E2E question about invoices (edited)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);
    await search(page, 'E2E question about');
    await expect(page.getByTestId('table-row').first()).toContainText('E2E question about invoices (edited)');

    await page
      .getByTestId('table-row')
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await expect(page.getByText('Are you sure you want to delete the post?')).toBeVisible();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText("It's been deleted!")).toBeVisible();
    await screenshot(page, 'help-qna-deleted');
    await expect(page.getByText("It's been deleted!")).toBeHidden({ timeout: 5000 });
    await expect(page.getByTestId('table-row')).toHaveCount(0);
    await expect(page.getByText('No data available')).toBeVisible();
  });

  test('[HELP] the edit screen opens inside the app every time (view → edit, list → edit, edit → back → edit)', async ({ page }) => {
    // The crash came when the editor's code arrived after the screen had rendered (the first edit
    // after a page load): so each round starts from a fresh page load, then moves inside the app.
    test.setTimeout(240_000);
    const token = await loginViaApi(page, DEMO);
    const title = 'E2E edit again and again';
    const idx = await writeViaApi(page.request, token, title, '<p>The body to edit.</p>');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const editorReady = async (round: string) => {
      await expect(page.getByRole('textbox', { name: 'Content' }).or(page.getByTestId('route-error'))).toBeVisible();
      await expect(page.getByTestId('route-error'), round).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/help/bbs/qna/edit/${idx}$`));
      await expect(page.getByRole('textbox', { name: 'Content' }), round).toContainText('The body to edit.');
      await expect(page.getByLabel('Title')).toHaveValue(title);
      // the editor is alive: typing changes it
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      await expect(page.getByRole('textbox', { name: 'Content' }), round).toContainText('The body to edit.!');
      expect(problems, round).toEqual([]);
    };
    for (let i = 0; i < 6; i++) {
      // a view page loaded afresh → Edit
      await page.goto(`/help/bbs/qna/view/${idx}`);
      await expect(page.getByTestId('post-title')).toHaveText(title);
      if (i === 0) await expectNoA11yViolations(page, 'the view of the post');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await editorReady(`view → edit, round ${i}`);
      if (i === 0) await expectNoA11yViolations(page, 'the edit screen');
      // edit → back → edit
      await page.goBack();
      await expect(page.getByTestId('post-title')).toHaveText(title);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await editorReady(`edit → back → edit, round ${i}`);
      // the list loaded afresh → pencil
      await page.goto('/help/bbs/qna');
      await search(page, title);
      if (i === 0) await expectNoA11yViolations(page, 'the searched list');
      await page
        .getByTestId('table-row')
        .first()
        .getByRole('button', { name: `Edit ${title}` })
        .click();
      await editorReady(`list → edit, round ${i}`);
      // the list loaded afresh → post → Edit
      await page.goto('/help/bbs/qna');
      await search(page, title);
      await page.getByTestId('table-row').first().getByTestId('post-link').click();
      await expect(page.getByTestId('post-title')).toHaveText(title);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await editorReady(`list → view → edit, round ${i}`);
      // edit → List → pencil, inside the app
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await search(page, title);
      await page
        .getByTestId('table-row')
        .first()
        .getByRole('button', { name: `Edit ${title}` })
        .click();
      await editorReady(`edit → list → edit, round ${i}`);
    }
  });

  test("[HELP] deleting a post that demo2 answered keeps it as 'Deleted post' with demo2's reply and comment", async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const demo2 = (await (await page.request.post('/api/company/login', { data: { ...DEMO2, company_division: 'AUT' } })).json())
      .access_token;
    const title = 'E2E answered question';
    const idx = await writeViaApi(page.request, token, title, '<p>My question text.</p>');
    const reply = await api(page.request, demo2).post('/help/bbs/qna', {
      title: `Re: ${title}`,
      content: '<p>The answer of demo2.</p>',
      parentIdx: idx,
    });
    const replyIdx = ((await reply.json()) as { idx: number }).idx;
    expect(
      (await api(page.request, demo2).post('/help/bbs_comment/qna', { bbs_idx: replyIdx, content: 'A comment of demo2' })).status(),
    ).toBe(200);

    await page.goto('/help/bbs/qna');
    await search(page, title);
    const rows = page.getByTestId('table-row');
    await expect(rows).toHaveCount(2);
    await rows
      .first()
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    // the confirmation says the post stays as a placeholder
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete the post?');
    await expect(dialog).toContainText('Other companies have replied or commented below this post.');
    await expect(dialog).toContainText('"Deleted post"');
    await expectNoA11yViolations(page, 'the placeholder delete confirmation');
    await screenshot(page, 'help-qna-delete-placeholder-confirm');
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText("It's been deleted!")).toBeVisible();

    // the list: the placeholder without title or author, demo2's reply under it, no owner icons
    await search(page, '');
    await search(page, `Re: ${title}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Maple Leaf Books');
    await page.goto('/help/bbs/qna');
    const placeholderRow = rows.filter({ has: page.getByTestId('deleted-post') }).first();
    await page.getByTestId('per-page').click();
    await page.getByRole('option', { name: '50' }).click();
    await expect(placeholderRow).toContainText('Deleted post');
    await expect(placeholderRow.getByRole('button')).toHaveCount(0);
    await screenshot(page, 'help-qna-list-placeholder');
    // the view: the label, the explanation, no reply form; demo2's reply opens with its comment
    await page.goto(`/help/bbs/qna/view/${idx}`);
    await expect(page.getByTestId('post-title')).toHaveText('Deleted post');
    await expect(page.getByTestId('post-content')).toHaveText('Its author deleted this post. The replies and comments below it are kept.');
    await expect(page.getByTestId('reply-toggle')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page, 'the placeholder view');
    await screenshot(page, 'help-qna-view-placeholder');
    await page.goto(`/help/bbs/qna/view/${replyIdx}`);
    await expect(page.getByTestId('post-content')).toHaveText('The answer of demo2.');
    await expect(page.getByTestId('comment')).toContainText('A comment of demo2');
    await expectNoA11yViolations(page, 'the reply view');
    // the dashboard's Q&A tab labels it too
    await page.goto('/dashboard');
    await expect(page.getByTestId('board-qna').getByTestId('deleted-post').first()).toHaveText('Deleted post');
    await expectNoA11yViolations(page);

    // a post nobody else wrote under: the spec's confirmation, and it is gone
    const alone = await writeViaApi(page.request, token, 'E2E lonely question');
    await page.goto(`/help/bbs/qna/view/${alone}`);
    await expect(page.getByTestId('post-title')).toHaveText('E2E lonely question');
    await expectNoA11yViolations(page, 'a post without replies');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toContainText('Are you sure you want to delete the post?');
    await expect(dialog).toContainText('It cannot be recovered when deleted.');
    await expect(dialog).not.toContainText('Other companies');
    await page.getByTestId('confirm-delete').click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);
    await search(page, 'E2E lonely question');
    await expect(page.getByText('No data available')).toBeVisible();
  });

  test('[HELP] reply to a post from the view screen', async ({ page }) => {
    const token = await loginViaApi(page, DEMO2);
    const demoToken = (await (await page.request.post('/api/company/login', { data: { ...DEMO, company_division: 'AUT' } })).json())
      .access_token;
    const idx = await writeViaApi(page.request, demoToken, 'E2E reply target');
    expect(token).toBeTruthy();
    await page.goto(`/help/bbs/qna/view/${idx}`);
    await expect(page.getByTestId('post-title')).toHaveText('E2E reply target');
    // not the owner: no edit/delete
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByLabel('Title')).toHaveCount(0);
    await page.getByTestId('reply-toggle').click();
    await expect(page.getByLabel('Title')).toHaveValue('Re: E2E reply target');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("Please fill out 'Content'.").first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Here is an answer from Maple Leaf Books.');
    await screenshot(page, 'help-qna-reply-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);
    await search(page, 'E2E reply target');
    const rows = page.getByTestId('table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('E2E reply target');
    await expect(rows.nth(0).getByTestId('reply-arrow')).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('Re: E2E reply target');
    await expect(rows.nth(1).getByTestId('reply-arrow')).toBeVisible();
    await expect(rows.nth(1)).toContainText('Maple Leaf Books');
    await expectNoA11yViolations(page, 'the list with the reply under its post');
    // the toggle closes the form again
    await rows.nth(0).getByTestId('post-link').click();
    await page.getByTestId('reply-toggle').click();
    await expect(page.getByLabel('Title')).toBeVisible();
    await page.getByTestId('reply-toggle').click();
    await expect(page.getByLabel('Title')).toHaveCount(0);
  });

  test('[HELP] a comment shows before the server answers, and a refused one is rolled back', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const idx = await writeViaApi(page.request, token, 'E2E comments');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/help/bbs_comment/qna', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await page.goto(`/help/bbs/qna/view/${idx}`);
    await expect(page.getByText('No comments yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByText("Please fill out 'Comments'.").first()).toBeVisible();
    await page.getByLabel('Comment', { exact: true }).fill('Optimistic hello');
    await page.getByRole('button', { name: 'Add comment' }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'Optimistic hello' });
    await expect(comment).toBeVisible();
    await expect(comment).toContainText('Sending…');
    await screenshot(page, 'help-comment-pending');
    release();
    await expect(comment).not.toContainText('Sending…');
    await expect(comment).toContainText('Hanbit Demo Press');
    await page.unroute('**/api/help/bbs_comment/qna');

    // the server refuses: the comment disappears again, with a message, and the text is kept
    await page.route('**/api/help/bbs_comment/qna', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await new Promise((r) => setTimeout(r, 500));
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FORBIDDEN', message: 'no permission' }),
      });
    });
    await page.getByLabel('Comment', { exact: true }).fill('This one is refused');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: 'This one is refused' })).toBeVisible();
    await expect(page.getByText('The comment could not be saved: no permission')).toBeVisible();
    await expect(page.getByTestId('comment').filter({ hasText: 'This one is refused' })).toHaveCount(0);
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('This one is refused');
    await expect(page.getByTestId('comment')).toHaveCount(1);
    await screenshot(page, 'help-comment-rolled-back');
  });

  test("[HELP] demo2 cannot open demo's edit screen", async ({ page }) => {
    await loginViaApi(page, DEMO2);
    const demoToken = (await (await page.request.post('/api/company/login', { data: { ...DEMO, company_division: 'AUT' } })).json())
      .access_token;
    const idx = await writeViaApi(page.request, demoToken, "E2E demo's own post");
    await page.goto(`/help/bbs/qna/edit/${idx}`);
    await expectRedirected(page, `/help/bbs/qna/edit/${idx}`, /\/help\/bbs\/qna$/);
    await search(page, "E2E demo's own post");
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await expect(page.getByTestId('table-row').first().getByRole('button')).toHaveCount(0);
  });

  test('[HELP] an XSS post renders without running script', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const content =
      '<p>Harmless text</p><script>alert("script")</script><img src=x onerror="alert(\'img\')">' +
      '<svg onload="alert(\'svg\')"></svg><a href="javascript:alert(\'link\')">click me</a>' +
      '<iframe srcdoc="<script>alert(\'iframe\')</script>"></iframe><p onmouseover="alert(\'hover\')">hover me</p>' +
      '<details open ontoggle="alert(\'toggle\')"><summary>x</summary></details>';
    const idx = await writeViaApi(page.request, token, '<img src=x onerror=alert("title")>', content);
    await page.goto(`/help/bbs/qna/view/${idx}`);
    await expect(page.getByTestId('post-content')).toContainText('Harmless text');
    await expect(page.getByTestId('post-title')).toHaveText('<img src=x onerror=alert("title")>');
    await expectNoA11yViolations(page);
    await page.getByText('hover me').hover();
    await page.getByText('click me').click();
    await page.waitForTimeout(500);
    const html = await page.getByTestId('post-content').innerHTML();
    expect(html).not.toMatch(/<script|onerror|onload|onmouseover|ontoggle|javascript:|<iframe|<svg/i);
    await page.goto('/help/bbs/qna');
    await search(page, 'onerror');
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    expect(dialogs).toEqual([]);
    await screenshot(page, 'help-xss-list');
  });
});

test.describe('[HELP] FAQ and files', () => {
  test('[HELP] the FAQ has Bugs and Shipping tabs with collapsible items', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/faq');
    await expect(page.getByRole('tab', { name: 'Bugs' })).toBeVisible();
    const q = page.getByRole('button', { name: 'The invoice PDF does not download. What can I do?' });
    await q.click();
    await expect(page.getByText('Allow downloads from the portal')).toBeVisible();
    await q.click();
    await expect(page.getByText('Allow downloads from the portal')).toBeHidden();
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await page.getByRole('button', { name: 'When are orders shipped?' }).click();
    await expect(page.getByText('leave the warehouse the same working day')).toBeVisible();
    await screenshot(page, 'help-faq-en');
  });

  test('[HELP] the FAQ shows Korean in ko', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '오류' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '배송' })).toBeVisible();
    await page.getByRole('button', { name: '세금계산서 PDF가 다운로드되지 않습니다. 어떻게 하나요?' }).click();
    await expect(page.getByText('브라우저에서 포털의 다운로드를 허용한 뒤')).toBeVisible();
    await screenshot(page, 'help-faq-ko');
  });

  test('[HELP] the files list shows sizes with separators and a file downloads', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/files');
    const rows = page.getByTestId('files-table').getByTestId('table-row');
    await expect(rows).toHaveCount(10);
    const xlsx = rows.filter({ hasText: 'Royalty statement template' });
    await expect(xlsx).toContainText('XLSX');
    await expect(xlsx.locator('td').nth(3)).toHaveText(/^\d{1,3}(,\d{3})+$/);
    await screenshot(page, 'help-files');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Royalty statement template.xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Royalty statement template.xlsx');
    const size = (await xlsx.locator('td').nth(3).textContent())!.replace(/,/g, '');
    const path = await download.path();
    const { statSync } = await import('node:fs');
    expect(statSync(path).size).toBe(Number(size));
  });

  test("[HELP] the files list pages with a per-page choice and 'Showing x to y of z entries'", async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/files');
    const table = page.getByTestId('files-table');
    const rows = table.getByTestId('table-row');
    await expect(rows).toHaveCount(10);
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 10 of 10 entries');
    // the page is asked of the server
    const request = page.waitForRequest((r) => r.url().includes('/api/help/getAllFiles') && r.url().includes('length=5'));
    await table.getByTestId('per-page').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    expect(new URL((await request).url()).searchParams.get('start')).toBe('0');
    await expect(rows).toHaveCount(5);
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 5 of 10 entries');
    await table.getByRole('button', { name: 'Page 2' }).click();
    await expect(table.getByTestId('showing')).toHaveText('Showing 6 to 10 of 10 entries');
    await expect(rows.first().locator('td').first()).toHaveText('6');
    await screenshot(page, 'help-files-paged');
    // the choice is kept for the screen
    await page.reload();
    await expect(table.getByTestId('showing')).toHaveText('Showing 6 to 10 of 10 entries');
  });

  test('[HELP] the files list says so when it cannot load', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.route('**/api/help/getAllFiles**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'x' }) }),
    );
    await page.goto('/help/files');
    await expect(page.getByTestId('files-error')).toContainText(
      'An error occurred during API communication. Please contact the administrator.',
    );
    await screenshot(page, 'help-files-error');
  });
});

test('[HELP] the help screens have no serious accessibility violations', async ({ page }) => {
  await loginViaApi(page, DEMO);
  for (const [url, ready] of [
    ['/help/faq', 'tab'],
    ['/help/files', 'table-row'],
    ['/help/bbs/qna', 'table-row'],
    ['/help/bbs/qna/edit', 'editor'],
  ] as const) {
    await page.goto(url);
    if (ready === 'tab') await expect(page.getByRole('tab').first()).toBeVisible();
    else if (ready === 'editor') await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
    else await expect(page.getByTestId(ready).first()).toBeVisible();
    await expectNoA11yViolations(page, url);
  }
  await page.goto('/help/bbs/qna');
  await page.getByTestId('post-link').first().click();
  await expect(page.getByTestId('post-content')).toBeVisible();
  await expectNoA11yViolations(page, 'a post view');
});
