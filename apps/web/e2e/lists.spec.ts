import type { Page, Route } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';

/** List screens and the call that fills each table (issue 14: skeleton while loading, error state with retry). */
const LISTS = [
  { name: 'invoices', path: '/calculate/sale', call: '/api/calculate/buyInvoiceSend', table: 'invoices-table' },
  { name: 'royalty', path: '/copyright/royalty', call: '/api/copyright/royalty', table: 'royalty-table' },
  { name: 'board', path: '/help/bbs/qna', call: '/api/help/bbs/qna', table: 'board-table' },
  { name: 'help files', path: '/help/files', call: '/api/help/getAllFiles', table: 'files-table' },
] as const;

/** Holds every matching call until released. */
async function holdCalls(page: Page, urlPart: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route((u) => u.pathname === urlPart, handler);
  return { release: () => release() };
}

test.describe('[LISTS] loading and failure', () => {
  for (const list of LISTS) {
    test(`[LISTS] ${list.name}: a skeleton while loading, never "Showing 0 to 0 of 0"`, async ({ page }) => {
      await loginViaApi(page, DEMO);
      const held = await holdCalls(page, list.call);
      await page.goto(list.path);
      const table = page.getByTestId(list.table);
      await expect(table.getByTestId('table-skeleton').first()).toBeVisible();
      await expect(table.getByTestId('showing')).toHaveText('Loading…');
      await expect(table.getByText(/Showing 0 to 0 of 0/)).toHaveCount(0);
      await screenshot(page, `lists-${list.name.replace(' ', '-')}-skeleton`);
      held.release();
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      await expect(table.getByTestId('table-skeleton')).toHaveCount(0);
      await expect(table.getByTestId('showing')).toHaveText(/^Showing 1 to \d+ of [\d,]+ entries$/);
    });

    test(`[LISTS] ${list.name}: a failed fetch shows an error with a retry that loads the list`, async ({ page }) => {
      await loginViaApi(page, DEMO);
      let failing = true;
      await page.route(
        (u) => u.pathname === list.call,
        (route) =>
          failing
            ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"boom"}' })
            : route.continue(),
      );
      await page.goto(list.path);
      const table = page.getByTestId(list.table);
      const error = table.getByTestId('table-error');
      await expect(error).toBeVisible({ timeout: 20_000 });
      await expect(error).toContainText('The list could not be loaded.');
      await expect(table.getByTestId('showing')).toHaveText('');
      await expect(table.getByText(/Showing 0 to 0 of 0/)).toHaveCount(0);
      await screenshot(page, `lists-${list.name.replace(' ', '-')}-error`);
      await expectNoA11yViolations(page);
      failing = false;
      await table.getByRole('button', { name: 'Retry' }).click();
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      await expect(error).toHaveCount(0);
    });
  }

  test('[LISTS] the error state in Korean', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.route(
      (u) => u.pathname === '/api/calculate/buyPayment',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    await page.goto('/calculate/sale?tab=payments');
    const error = page.getByTestId('payments-table').getByTestId('table-error');
    await expect(error).toContainText('목록을 불러오지 못했습니다.', { timeout: 20_000 });
    await expect(error.getByRole('button', { name: '다시 시도' })).toBeVisible();
    await screenshot(page, 'lists-payments-error-ko');
  });
});

test.describe('[LISTS] date range calendar', () => {
  const monthName = (d: Date, locale: string) => d.toLocaleString(locale, { month: 'long' });

  test('[LISTS] the calendar button picks a range into the typed field, and the search uses it', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/calculate/sale');
    await expect(page.getByTestId('invoices-table').getByTestId('table-row').first()).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Registration date' });
    await expect(field).toHaveValue('');
    const open = page.getByRole('button', { name: 'Choose the dates on a calendar: Registration date' });
    await open.click();
    const calendar = page.getByRole('dialog', { name: 'Choose the dates on a calendar: Registration date' });
    await expect(calendar).toBeVisible();
    // this month (no range yet): days are buttons named "D Month YYYY"
    const now = new Date();
    const ym = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const day = (d: number) => calendar.getByRole('button', { name: `${monthName(now, 'en-US')} ${d}, ${now.getFullYear()}`, exact: true });
    await day(1).click();
    await expect(field).toHaveValue(`${ym}-01 ~`);
    await screenshot(page, 'lists-calendar-en');
    await expectNoA11yViolations(page);
    await day(15).click();
    await expect(field).toHaveValue(`${ym}-01 ~ ${ym}-15`);
    await expect(calendar).toHaveCount(0);
    const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyInvoiceSend') && r.url().includes('startDate'));
    await page.getByTestId('search-submit').click();
    expect(decodeURIComponent((await request).url())).toContain(`"startDate":"${ym}-01","endDate":"${ym}-15"`);

    // typed text and calendar are one value: a typed range shows selected on the calendar
    await field.fill('20260301~20260310');
    await expect(field).toHaveValue('2026-03-01 ~ 2026-03-10');
    await open.click();
    await expect(calendar.getByRole('button', { name: 'March 5, 2026', exact: true })).toHaveAttribute('data-in-range', 'true');
    await expect(calendar.getByRole('button', { name: 'March 1, 2026', exact: true })).toHaveAttribute('data-selected', 'true');
    // Escape closes it and gives the focus back to the button
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test('[LISTS] the calendar speaks the UI language (Korean)', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto('/copyright/royalty');
    await expect(page.getByTestId('royalty-table').getByTestId('table-row').first()).toBeVisible();
    await page.getByRole('button', { name: '달력에서 날짜 선택: 판매일' }).click();
    const calendar = page.getByRole('dialog', { name: '달력에서 날짜 선택: 판매일' });
    const now = new Date();
    // Korean month in the header and Korean weekday names
    await expect(calendar.getByRole('button', { name: '월 선택' })).toHaveText(`${now.getFullYear()}년 ${now.getMonth() + 1}월`);
    await expect(calendar.getByRole('button', { name: `${now.getFullYear()}년 ${now.getMonth() + 1}월 1일`, exact: true })).toBeVisible();
    await expect(calendar.locator('thead')).toContainText('일');
    await expect(calendar.locator('thead')).toContainText('화');
    await screenshot(page, 'lists-calendar-ko');
    await expectNoA11yViolations(page);
  });

  test('[LISTS] the login page loads no calendar code', async ({ page }) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) bodies.push(r.text());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const code = await Promise.all(bodies);
    expect(code.length).toBeGreaterThan(0);
    // the component names of @mantine/dates survive minification
    expect(code.filter((c) => c.includes('@mantine/dates/'))).toEqual([]);
    // nor its stylesheet
    const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? ''));
    expect(sheets.some((h) => /\/assets\/style-/.test(h))).toBe(true);
    expect(sheets.filter((h) => /\/assets\/styles-/.test(h))).toEqual([]);
  });
});

/** The royalty amounts of the table's rows as numbers (the sign and separators dropped). */
const royalties = async (page: Page) =>
  (await page.getByTestId('royalty-table').getByTestId('cell-royalty').allTextContents()).map((s) => Number(s.replace(/[^\d.]/g, '')));
const sortedBy = (xs: number[], dir: 'asc' | 'desc') => [...xs].sort((a, b) => (dir === 'asc' ? a - b : b - a));

test.describe('[LISTS] sorting by a column (issue 59)', () => {
  test('[LISTS] royalty: sorted by royalty descending, then ascending, then back to title; kept on reload', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/royalty');
    const table = page.getByTestId('royalty-table');
    const th = (name: string) => table.getByRole('columnheader', { name, exact: true });
    await expect(table.getByTestId('table-row')).toHaveCount(10);
    // the spec's default: title order, said by the title header
    await expect(th('Title / ISBN')).toHaveAttribute('aria-sort', 'ascending');
    await expect(th('Royalty')).not.toHaveAttribute('aria-sort');
    const button = th('Royalty').getByRole('button', { name: 'Royalty' });
    await expect(button).toHaveAccessibleDescription('sort descending');

    const asked = page.waitForRequest((r) => r.url().includes('/api/copyright/royalty') && r.url().includes('sort=royalty'));
    await button.click();
    expect(new URL((await asked).url()).searchParams.get('dir')).toBe('desc');
    await expect(th('Royalty')).toHaveAttribute('aria-sort', 'descending');
    await expect(th('Title / ISBN')).not.toHaveAttribute('aria-sort');
    await expect
      .poll(async () => {
        const xs = await royalties(page);
        return xs.length === 10 && JSON.stringify(xs) === JSON.stringify(sortedBy(xs, 'desc'));
      })
      .toBe(true);
    const highest = (await royalties(page))[0]!;
    // the largest royalty of the whole list is on page 1: no line of the list's API answer in title order has more
    const all = await page.request.get('/api/copyright/royalty?start=0&length=100', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('portal.token'))}` },
    });
    const listed = (await all.json()) as { dataset: { royalty: string }[]; total_cnt: number };
    if (listed.total_cnt <= 100) expect(Math.max(...listed.dataset.map((r) => Number(r.royalty)))).toBe(highest);
    await expect(button).toHaveAccessibleDescription('sort ascending');
    await expectNoA11yViolations(page, 'royalty sorted by royalty');
    await screenshot(page, 'lists-sort-royalty-desc-en');

    // again: ascending, from the keyboard
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(th('Royalty')).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(async () => {
        const xs = await royalties(page);
        return xs.length === 10 && JSON.stringify(xs) === JSON.stringify(sortedBy(xs, 'asc'));
      })
      .toBe(true);
    expect((await royalties(page))[0]).toBeLessThanOrEqual(highest);

    // the order is kept with the screen's saved search: a reload asks for it again
    await page.reload();
    await expect(page.getByTestId('royalty-table').getByRole('columnheader', { name: 'Royalty', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // and back to the spec's order
    await page.getByTestId('royalty-table').getByRole('button', { name: 'Title / ISBN' }).click();
    await expect(page.getByTestId('royalty-table').getByRole('columnheader', { name: 'Title / ISBN', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByTestId('royalty-table').getByRole('columnheader', { name: 'Royalty', exact: true })).not.toHaveAttribute(
      'aria-sort',
    );
  });

  test('[LISTS] notice board: title order by default, newest first one click away', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/help/bbs/notice');
    const table = page.getByTestId('board-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Title', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    const token = await page.evaluate(() => localStorage.getItem('portal.token'));
    const newest = await page.request.get('/api/help/bbs/notice?start=0&length=10&sort=created_at&dir=desc', {
      headers: { authorization: `Bearer ${token}` },
    });
    const want = ((await newest.json()) as { dataset: { title: string; created_at: string }[] }).dataset;
    expect(want.map((r) => r.created_at)).toEqual([...want.map((r) => r.created_at)].sort().reverse());
    await table.getByRole('button', { name: 'Date' }).click();
    await expect(table.getByRole('columnheader', { name: 'Date', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByTestId('post-link')).toHaveText(want.map((r) => r.title));
    await expectNoA11yViolations(page, 'notice board newest first');
    await screenshot(page, 'lists-sort-notice-newest-en');
  });

  test('[LISTS] invoices: sorted by amount, largest first', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/calculate/sale');
    const table = page.getByTestId('invoices-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Registration date', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await table.getByRole('button', { name: 'Amount' }).click();
    await expect(table.getByRole('columnheader', { name: 'Amount', exact: true })).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => {
        const xs = (await table.getByTestId('invoice-amount').allTextContents()).map((s) => Number(s.replace(/[^\d.]/g, '')));
        return xs.length > 1 && JSON.stringify(xs) === JSON.stringify(sortedBy(xs, 'desc'));
      })
      .toBe(true);
    await expectNoA11yViolations(page, 'invoices by amount');
  });

  // the changed screens (a sort button in the sortable headers) in English and Korean, wide and at phone width
  for (const lang of ['en', 'ko'] as const)
    for (const width of [1440, 390])
      test(`[LISTS] sortable headers on every list screen (${lang}, ${width} px)`, async ({ page }) => {
        // seven screens, each sorted and checked by axe: about three minutes on a loaded 2-core machine
        test.setTimeout(360_000);
        await page.setViewportSize({ width, height: 900 });
        await loginViaApi(page, DEMO, lang);
        for (const [name, path, table, sortKey] of [
          ['royalty', '/copyright/royalty', 'royalty-table', 'royalty'],
          ['copyright-books', '/copyright/books', 'copyright-books-table', 'title'],
          ['invoices', '/calculate/sale', 'invoices-table', 'balance_state'],
          ['notice', '/help/bbs/notice', 'board-table', 'created_at'],
          ['registered-books', '/products/booksList', 'books-list', 'title'],
          ['help-files', '/help/files', 'files-table', 'no'],
        ] as const) {
          await page.goto(path);
          const t = page.getByTestId(table);
          await expect(t.getByTestId('table-row').first()).toBeVisible();
          await t.getByTestId(`sort-${sortKey}`).click();
          await expect(t.locator('th[aria-sort]')).toHaveCount(1);
          await expect(t.getByTestId(`sort-${sortKey}`).locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', /ascending|descending/);
          await expectNoA11yViolations(page, `${name} sorted (${lang}, ${width})`);
          await screenshot(page, `lists-sort-${name}-${lang}-${width}`);
        }
        await page.goto('/calculate/sale');
        await page.getByRole('tab', { name: lang === 'ko' ? '결제 완료' : 'Payment complete' }).click();
        const payments = page.getByTestId('payments-table');
        await expect(payments.getByTestId('table-row').first()).toBeVisible();
        await payments.getByTestId('sort-d_payment').click();
        await expect(payments.getByTestId('sort-d_payment').locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', 'descending');
        await expectNoA11yViolations(page, `payments sorted (${lang}, ${width})`);
        await screenshot(page, `lists-sort-payments-${lang}-${width}`);
      });
});
