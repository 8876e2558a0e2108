import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, DEMO2, expect, loginViaApi, screenshot, seriousA11yViolations, test } from './fixtures';

// books-300.xlsx is made by python3-openpyxl (src/features/books/reader/__fixtures__/make-fixtures.py):
// a header, 300 ISBN rows (260 in the demo catalogue, 30 valid but unknown, 10 with a bad check digit),
// a blank row and 2 duplicates.
const BOOKS_300 = readFileSync(path.join(import.meta.dirname, 'fixtures/books-300.xlsx'));
const XLS_RENAMED = readFileSync(
  path.join(import.meta.dirname, '../src/features/books/reader/__fixtures__/libreoffice-xls-renamed.xlsx'),
);
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const choose = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_MIME, buffer });

async function openUpload(page: Page, who = DEMO, lang = 'en') {
  await loginViaApi(page, who, lang);
  await page.goto('/settings/excelUpload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('[BOOKS] bulk upload', () => {
  test('[BOOKS] a wrong file name, or a .xls renamed to books.xlsx, shows the alert', async ({ page }) => {
    await openUpload(page);
    let lookups = 0;
    page.on('request', (r) => r.url().includes('excelApiBookInfo') && lookups++);
    await choose(page, 'Books.xlsx', BOOKS_300);
    await expect(page.getByRole('alert').filter({ hasText: 'Please check the file name.' })).toBeVisible();
    await screenshot(page, 'books-wrong-file-name');
    await choose(page, 'books.xlsx', XLS_RENAMED);
    await expect(page.getByTestId('file-problem')).toHaveText('Please check the file name.');
    // a zip bomb is refused from its central directory, before anything is inflated
    await choose(page, 'books.xlsx', readFileSync(path.join(import.meta.dirname, '../src/features/books/reader/__fixtures__/zip-bomb.xlsx')));
    await expect(page.getByTestId('file-problem')).toHaveText('The workbook would expand to an unsafe size, so it was not opened.');
    expect(lookups).toBe(0);
    // the stepper stays on the first step
    await expect(page.getByTestId('review-table')).toHaveCount(0);
  });

  test('[BOOKS] a real books.xlsx of 300 ISBNs shows the progress, the found rows and the invalid ones', async ({ page }) => {
    await openUpload(page);
    const batches: number[] = [];
    // slow each batch a little so the progress across batches can be seen
    await page.route('**/api/product/excelApiBookInfo?**', async (route) => {
      batches.push(new URL(route.request().url()).searchParams.get('isbns')!.split(',').length);
      // batches run in parallel: stagger their answers so the progress moves batch by batch
      await new Promise((r) => setTimeout(r, 500 * batches.length));
      await route.continue();
    });
    await choose(page, 'books.xlsx', BOOKS_300);
    const progress = page.getByTestId('lookup-progress');
    await expect(progress).toBeVisible();
    await expect(page.getByText(/Looking up books: (100|200) of 290/)).toBeVisible();
    await screenshot(page, 'books-lookup-progress');
    await expect(page.getByTestId('review-table')).toBeVisible();
    expect(batches).toEqual([100, 100, 90]);
    const summary = page.getByTestId('upload-summary');
    await expect(summary).toContainText('Found: 260');
    await expect(summary).toContainText('Not found: 30');
    await expect(summary).toContainText('Invalid: 10');
    await expect(summary).toContainText('Duplicate rows: 2');
    await expect(summary).toContainText('Header row 1 skipped');
    await expect(page.getByTestId('review-table').getByTestId('showing')).toHaveText('Showing 1 to 10 of 260 entries');
    // not found and invalid rows apart, with their reason and row number
    const apart = page.getByTestId('apart-rows');
    await expect(apart.getByTestId('apart-notFound')).toHaveCount(30);
    await expect(apart.getByTestId('apart-invalid')).toHaveCount(10);
    await expect(apart.getByTestId('apart-invalid').first()).toContainText('Wrong check digit');
    await expect(apart.getByTestId('apart-notFound').first()).toContainText('Not found in the catalogue');
    await expect(page.getByTestId('upload-stepper')).toBeVisible();
    // ISBNs split by the International ISBN Agency's ranges (rows 2 and 3 of the sheet)
    const isbnCells = page.getByTestId('review-table').getByTestId('table-row').locator('td:nth-child(3)');
    await expect(isbnCells.nth(0)).toHaveText('979-11-5839-001-3');
    await expect(isbnCells.nth(1)).toHaveText('978-89-7044-001-9');
    await screenshot(page, 'books-review');
  });

  test('[BOOKS] edit a title, delete a row, save, land on /products/booksList with the edited title', async ({ page }) => {
    await openUpload(page, DEMO2);
    await choose(page, 'books.xlsx', BOOKS_300);
    const table = page.getByTestId('review-table');
    await expect(table).toBeVisible();
    const rows = table.getByTestId('table-row');
    const firstTitle = rows.nth(0).getByTestId('edit-title');
    await firstTitle.fill('편집한 제목 E2E');
    const deletedCell = await rows.nth(1).locator('td').nth(2).innerText();
    const deletedIsbn = deletedCell.replace(/-/g, '');
    // deleting with nothing selected asks for a selection
    await page.getByTestId('delete-rows').click();
    await expect(page.getByText("Please select 'rows'.")).toBeVisible();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByTestId('delete-rows').click();
    await expect(page.getByText('Are you sure you want to delete the post?')).toBeVisible();
    await page.getByTestId('confirm-delete').click();
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 10 of 259 entries');
    await expect(table).not.toContainText(deletedCell);
    // a step advances only when its check passes: an empty title stays on the review
    await rows.nth(2).getByTestId('edit-title').fill('');
    await page.getByTestId('save-books').click();
    await expect(page.getByText('Please enter a title (at most 300 characters).')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/excelUpload$/);
    await screenshot(page, 'books-review-edited');
    await rows.nth(2).getByTestId('edit-title').fill('다시 채운 제목');
    await page.getByTestId('save-books').click();
    await expect(page).toHaveURL(/\/products\/booksList$/);
    await expect(page.getByTestId('save-report')).toContainText('259 books saved.');
    await page.getByTestId('filter-keyword').fill('편집한 제목 E2E');
    await page.getByTestId('search-submit').click();
    const list = page.getByTestId('books-list');
    await expect(list.getByTestId('table-row')).toHaveCount(1);
    await expect(list.getByTestId('table-row')).toContainText('편집한 제목 E2E');
    await expect(list.getByTestId('showing')).toHaveText('Showing 1 to 1 of 1 entries');
    await screenshot(page, 'books-list-after-save');
    // the deleted row was not saved
    await page.getByTestId('filter-search-key').click();
    await page.getByRole('option', { name: 'ISBN' }).click();
    await page.getByTestId('filter-keyword').fill(deletedIsbn);
    await page.getByTestId('search-submit').click();
    await expect(list.getByTestId('showing')).toHaveText('Showing 0 to 0 of 0 entries');
  });

  test('[BOOKS] uploading again reports the books already registered instead of duplicating them', async ({ page }) => {
    await openUpload(page, DEMO2);
    await choose(page, 'books.xlsx', BOOKS_300);
    await expect(page.getByTestId('review-table')).toBeVisible();
    await page.getByTestId('save-books').click();
    await expect(page).toHaveURL(/\/products\/booksList$/);
    // 259 saved by the previous test: only the row deleted there is new
    await expect(page.getByTestId('save-report')).toContainText('1 books saved.');
    await expect(page.getByTestId('save-report')).toContainText('259 already registered');
    await expect(page.getByTestId('books-list').getByTestId('showing')).toContainText('of 260 entries');
  });

  test('[BOOKS] a lookup failure shows the communication message and keeps the list for a retry', async ({ page }) => {
    await openUpload(page);
    let calls = 0;
    await page.route('**/api/product/excelApiBookInfo?**', async (route) => {
      calls++;
      if (calls === 2)
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'provider' }) });
      return route.continue();
    });
    await choose(page, 'books.xlsx', BOOKS_300);
    const err = page.getByTestId('lookup-error');
    await expect(err).toContainText('An error occurred during API communication. Please contact the administrator.');
    await expect(err).toContainText('The 290 ISBNs read from the file are kept');
    await expect(page.getByTestId('kept-isbns')).toBeVisible();
    await screenshot(page, 'books-lookup-failure');
    await page.getByTestId('lookup-retry').click();
    await expect(page.getByTestId('review-table')).toBeVisible();
    await expect(page.getByTestId('upload-summary')).toContainText('Found: 260');
    // batches 1-3 in parallel (2 fails), then the retry resumes at batch 2: 2 and 3 again
    expect(calls).toBe(5);
  });

  test('[BOOKS] the screens in Korean, and the list in the sidebar under company settings', async ({ page }) => {
    await openUpload(page, DEMO, 'ko');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('도서 일괄 등록');
    await choose(page, 'books.xlsx', BOOKS_300);
    await expect(page.getByTestId('upload-summary')).toContainText('찾음: 260');
    await screenshot(page, 'books-review-ko');
    await page.goto('/products/booksList');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('등록 도서');
    await expect(page.getByTestId('books-list').getByTestId('table-row')).toHaveCount(8); // demo's seeded books
    await screenshot(page, 'books-list-ko');
  });

  test('[BOOKS] the review and list screens have no serious accessibility violations', async ({ page }) => {
    await openUpload(page);
    await choose(page, 'books.xlsx', BOOKS_300);
    await expect(page.getByTestId('review-table')).toBeVisible();
    const serious = async () =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    await page.goto('/products/booksList');
    await expect(page.getByTestId('books-list').getByTestId('table-row').first()).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});

test.describe('[BOOKS] registered books cap', () => {
  // the second e2e server caps every company at 100 registered books (BOOKS_MAX_PER_COMPANY)
  test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}` });

  test('[BOOKS] a save past the company cap shows the maximum in the user language and stores nothing', async ({ page }) => {
    await openUpload(page, DEMO, 'ko');
    await choose(page, 'books.xlsx', BOOKS_300);
    await expect(page.getByTestId('review-table')).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().includes('/api/product/booksExcel'));
    await page.getByTestId('save-books').click();
    expect((await saved).status()).toBe(409);
    await expect(page.getByText('최대 100개까지 허용됩니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/excelUpload$/);
    await expect(page.getByTestId('review-table')).toBeVisible();
    await screenshot(page, 'books-cap-ko');
    const serious = (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => v.id)).toEqual([]);
    await page.goto('/products/booksList');
    await expect(page.getByTestId('books-list').getByTestId('table-row')).toHaveCount(8); // only demo's seeded books
  });
});

test.describe('[BOOKS] registered books', () => {
  test('[BOOKS] registered books show the list price with its currency', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/products/booksList');
    const prices = page.getByTestId('books-list').getByTestId('cell-list-price');
    await expect(prices.first()).toBeVisible();
    // icon, the currency name for screen readers, the amount
    for (const text of await prices.allTextContents()) expect(text).toMatch(/^₩KRW \d{1,3}(,\d{3})*$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
