import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, DEMO2, expect, expectNoA11yViolations, loginViaApi, screenshot, seriousA11yViolations, test } from './fixtures';

// books-300.xlsx is made by python3-openpyxl (src/features/books/reader/__fixtures__/make-fixtures.py):
// a header, 300 ISBN rows (260 in the demo catalogue, 30 valid but unknown, 10 with a bad check digit),
// a blank row and 2 duplicates.
const BOOKS_300 = readFileSync(path.join(import.meta.dirname, 'fixtures/books-300.xlsx'));
const XLS_RENAMED = readFileSync(path.join(import.meta.dirname, '../src/features/books/reader/__fixtures__/libreoffice-xls-renamed.xlsx'));
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const choose = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_MIME, buffer });

async function openUpload(page: Page, who = DEMO, lang = 'en') {
  const token = await loginViaApi(page, who, lang);
  await page.goto('/settings/excelUpload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return token;
}

test.describe('[BOOKS] bulk upload', () => {
  test('[BOOKS] a wrong file name, or a .xls renamed to books.xlsx, shows the alert', async ({ page }) => {
    await openUpload(page);
    let lookups = 0;
    page.on('request', (r) => r.url().includes('excelApiBookInfo') && lookups++);
    await choose(page, 'Books.xlsx', BOOKS_300);
    await expect(page.getByRole('alert').filter({ hasText: 'Please check the file name.' })).toBeVisible();
    await expectNoA11yViolations(page, 'the upload with a file problem');
    await screenshot(page, 'books-wrong-file-name');
    await choose(page, 'books.xlsx', XLS_RENAMED);
    await expect(page.getByTestId('file-problem')).toHaveText('Please check the file name.');
    // a zip bomb is refused from its central directory, before anything is inflated
    await choose(
      page,
      'books.xlsx',
      readFileSync(path.join(import.meta.dirname, '../src/features/books/reader/__fixtures__/zip-bomb.xlsx')),
    );
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
    await expect(summary).toContainText('Not found, fill in by hand: 30');
    await expect(summary).toContainText('Invalid: 10');
    await expect(summary).toContainText('Duplicate rows: 2');
    await expect(summary).toContainText('Header row 1 skipped');
    // the 30 not found are rows to fill in by hand, listed first
    const table = page.getByTestId('review-table');
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 10 of 290 entries');
    await expect(table.getByTestId('status-manual')).toHaveCount(10);
    await expect(table.getByTestId('table-row').first().getByTestId('edit-title')).toHaveAttribute('placeholder', 'Enter the title');
    await expect(page.getByTestId('select-unfilled')).toHaveText('Select the rows without a title (30)');
    // invalid and repeated rows apart, with their reason and row number
    const apart = page.getByTestId('apart-rows');
    await expect(apart.getByTestId('apart-invalid')).toHaveCount(10);
    await expect(apart.getByTestId('apart-duplicate')).toHaveCount(2);
    await expect(apart.getByTestId('apart-invalid').first()).toContainText('Wrong check digit');
    await expect(page.getByTestId('upload-stepper')).toBeVisible();
    await screenshot(page, 'books-review');
    // ISBNs split by the International ISBN Agency's ranges (rows 2 and 3 of the sheet, after the 30 to fill in)
    await table.getByRole('button', { name: 'Page 4', exact: true }).click();
    const isbnCells = table.getByTestId('table-row').locator('td:nth-child(3)');
    await expect(isbnCells.nth(0)).toHaveText('979-11-5839-001-3');
    await expect(isbnCells.nth(1)).toHaveText('978-89-7044-001-9');
    await expect(table.getByTestId('status-found')).toHaveCount(10);
  });

  test('[BOOKS] fill in one not found, drop the others, edit a title, delete a row, save, land on /products/booksList', async ({
    page,
  }) => {
    await openUpload(page, DEMO2);
    await choose(page, 'books.xlsx', BOOKS_300);
    const table = page.getByTestId('review-table');
    await expect(table).toBeVisible();
    const rows = table.getByTestId('table-row');
    // deleting with nothing selected asks for a selection
    await page.getByTestId('delete-rows').click();
    await expect(page.getByText("Please select 'rows'.")).toBeVisible();
    // one book not found is filled in by hand, the 29 others are selected in one go and deleted
    const handIsbn = (await rows.nth(0).locator('td').nth(2).innerText()).replace(/-/g, '');
    await rows.nth(0).getByTestId('edit-title').fill('손으로 입력한 책 E2E');
    await page.getByTestId('select-unfilled').click();
    await page.getByTestId('delete-rows').click();
    // the confirmation names the books (by ISBN when they have no title yet) and says what removing means
    const many = page.getByRole('dialog', { name: /^Remove these 29 books from this upload: “97[89][\d-]+”, .*, and 24 more\?$/ });
    await expect(many).toBeVisible();
    await expect(many).toContainText('Removed books are not registered. To get them back, choose the file again.');
    await expect(page.getByText('Are you sure you want to delete the post?')).toHaveCount(0);
    await expectNoA11yViolations(page, 'the upload rows delete confirmation');
    await page.getByTestId('confirm-delete').click();
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 10 of 261 entries');
    await expect(table.getByTestId('status-manual')).toHaveCount(1);
    await expect(page.getByTestId('select-unfilled')).toHaveCount(0);
    const firstTitle = rows.nth(1).getByTestId('edit-title');
    await firstTitle.fill('편집한 제목 E2E');
    const deletedCell = await rows.nth(2).locator('td').nth(2).innerText();
    const deletedIsbn = deletedCell.replace(/-/g, '');
    const deletedTitle = await rows.nth(2).getByTestId('edit-title').inputValue();
    await rows.nth(2).getByRole('checkbox').check();
    await page.getByTestId('delete-rows').click();
    // one row: named by its title
    await expect(page.getByRole('dialog', { name: `Remove the book “${deletedTitle}” from this upload?` })).toBeVisible();
    await screenshot(page, 'confirm-upload-row-en-1440');
    await page.getByTestId('confirm-delete').click();
    await expect(table.getByTestId('showing')).toHaveText('Showing 1 to 10 of 260 entries');
    await expect(table).not.toContainText(deletedCell);
    // a step advances only when its check passes: an empty title stays on the review
    await rows.nth(3).getByTestId('edit-title').fill('');
    await page.getByTestId('save-books').click();
    await expect(page.getByText('Please enter a title (at most 300 characters).')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/excelUpload$/);
    await screenshot(page, 'books-review-edited');
    await rows.nth(3).getByTestId('edit-title').fill('다시 채운 제목');
    await page.getByTestId('save-books').click();
    await expect(page).toHaveURL(/\/products\/booksList$/);
    await expect(page.getByTestId('save-report')).toContainText('260 books saved.');
    await page.getByTestId('filter-keyword').fill('편집한 제목 E2E');
    await page.getByTestId('search-submit').click();
    const list = page.getByTestId('books-list');
    await expect(list.getByTestId('table-row')).toHaveCount(1);
    await expect(list.getByTestId('table-row')).toContainText('편집한 제목 E2E');
    await expect(list.getByTestId('showing')).toHaveText('Showing 1 to 1 of 1 entries');
    await screenshot(page, 'books-list-after-save');
    // the book filled in by hand was saved under its ISBN
    await page.getByTestId('filter-search-key').click();
    await page.getByRole('option', { name: 'ISBN' }).click();
    await page.getByTestId('filter-keyword').fill(handIsbn);
    await page.getByTestId('search-submit').click();
    await expect(list.getByTestId('table-row')).toHaveCount(1);
    await expect(list.getByTestId('table-row')).toContainText('손으로 입력한 책 E2E');
    // the deleted row was not saved
    await page.getByTestId('filter-keyword').fill(deletedIsbn);
    await page.getByTestId('search-submit').click();
    await expect(list.getByTestId('showing')).toHaveText('Showing 0 to 0 of 0 entries');
  });

  test('[BOOKS] uploading again flags the books already registered during the review and does not send them', async ({ page }) => {
    await openUpload(page, DEMO2);
    await choose(page, 'books.xlsx', BOOKS_300);
    const table = page.getByTestId('review-table');
    await expect(table).toBeVisible();
    await expectNoA11yViolations(page);
    // 260 saved by the previous test (259 found, 1 filled in by hand): flagged before saving
    await expect(page.getByTestId('summary-registered')).toHaveText('Already registered: 260');
    await expect(page.getByTestId('upload-summary')).toContainText('Not found, fill in by hand: 29');
    await page.getByTestId('select-unfilled').click();
    await page.getByTestId('delete-rows').click();
    await page.getByTestId('confirm-delete').click();
    // the first page in sheet order: the row deleted in the previous test is the only new one
    await expect(table.getByTestId('status-registered')).toHaveCount(9);
    await expect(table.getByTestId('status-found')).toHaveCount(1);
    // a registered book is read-only: it is not saved again
    await expect(table.getByTestId('table-row').first().getByTestId('edit-title')).toBeDisabled();
    await screenshot(page, 'books-review-registered');
    const sent = page.waitForRequest((r) => r.url().includes('/api/product/booksExcel'));
    await page.getByTestId('save-books').click();
    expect(((await sent).postDataJSON() as { data: unknown[] }).data).toHaveLength(1);
    await expect(page).toHaveURL(/\/products\/booksList$/);
    // only the row deleted in the previous test is new
    await expect(page.getByTestId('save-report')).toContainText('1 books saved.');
    await expect(page.getByTestId('save-report')).toContainText('260 already registered');
    // 260 saved by the previous test and the 1 new one
    await expect(page.getByTestId('books-list').getByTestId('showing')).toContainText('of 261 entries');
  });

  test('[BOOKS] a lookup failure shows the communication message and keeps the list for a retry', async ({ page }) => {
    await openUpload(page);
    let calls = 0;
    await page.route('**/api/product/excelApiBookInfo?**', async (route) => {
      calls++;
      if (calls === 2)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'provider' }),
        });
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
    await expectNoA11yViolations(page);
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
    await expectNoA11yViolations(page);
    await page.goto('/products/booksList');
    await expect(page.getByTestId('books-list').getByTestId('table-row').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('[BOOKS] registered books cap', () => {
  // the second e2e server caps every company at 100 registered books (BOOKS_MAX_PER_COMPANY)
  test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}` });

  test('[BOOKS] a save past the company cap shows the maximum in the user language and stores nothing', async ({ page }) => {
    await openUpload(page, DEMO, 'ko');
    await choose(page, 'books.xlsx', BOOKS_300);
    await expect(page.getByTestId('review-table')).toBeVisible();
    // the 30 not found are not filled in: dropped before saving
    await page.getByTestId('select-unfilled').click();
    await page.getByTestId('delete-rows').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('review-table').getByTestId('status-manual')).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().includes('/api/product/booksExcel'));
    await page.getByTestId('save-books').click();
    expect((await saved).status()).toBe(409);
    await expect(page.getByText('최대 100개까지 허용됩니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/excelUpload$/);
    await expect(page.getByTestId('review-table')).toBeVisible();
    await screenshot(page, 'books-cap-ko');
    await expectNoA11yViolations(page);
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

/** A books.xlsx with an ISBN header and these ISBNs in the first column, written by exceljs. */
async function sheetOf(isbns: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('books');
  ws.addRow(['ISBN']);
  for (const isbn of isbns) ws.addRow([isbn]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// demo's seeded registrations are catalogue books 0-7; catalogue book 585 is in no other spec;
// 9788936434120 is a real ISBN outside the demo catalogue (no external provider in e2e)
const KNOWN = '9788966180295';
const UNKNOWN = '9788936434120';
const REGISTERED = '9791158390006';

test.describe('[BOOKS] not found and already registered', () => {
  test('[BOOKS] the help desk template finds its books; the upload page passes axe before a file is chosen', async ({ page }) => {
    const token = await openUpload(page);
    // the file field's placeholder had too little contrast (Mantine .m_88bacfd0, axe color-contrast)
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'books-choose-file');
    const res = await page.request.post('/api/help/fileDownload', {
      data: { customer_type: 'company', fileName: 'books.xlsx' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    await choose(page, 'books.xlsx', Buffer.from(await res.body()));
    const summary = page.getByTestId('upload-summary');
    await expect(summary).toContainText('Found: 5');
    await expect(summary).toContainText('Not found, fill in by hand: 0');
    await expect(page.getByTestId('review-table').getByTestId('status-found')).toHaveCount(5);
  });

  test('[BOOKS] one known, one unknown filled in by hand and one already registered: flagged in review, saved', async ({ page }) => {
    await openUpload(page);
    await choose(page, 'books.xlsx', await sheetOf([KNOWN, UNKNOWN, REGISTERED]));
    const table = page.getByTestId('review-table');
    await expect(table.getByTestId('table-row')).toHaveCount(3);
    const summary = page.getByTestId('upload-summary');
    await expect(summary).toContainText('Found: 2');
    await expect(summary).toContainText('Not found, fill in by hand: 1');
    await expect(page.getByTestId('summary-registered')).toHaveText('Already registered: 1');
    const rows = table.getByTestId('table-row');
    // the row to fill in first, then the sheet order; the registered one flagged before saving
    await expect(rows.nth(0)).toContainText('978-89-364-3412-0');
    await expect(rows.nth(0).getByTestId('status-manual')).toHaveText('Fill in by hand');
    await expect(rows.nth(1).getByTestId('status-found')).toHaveText('Found');
    await expect(rows.nth(1).getByTestId('edit-title')).toHaveValue('도시에게 보내는 섬');
    await expect(rows.nth(2).getByTestId('status-registered')).toHaveText('Already registered');
    await expect(rows.nth(2).getByTestId('edit-title')).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // title required, the other fields optional, with the same rules as a found row
    await page.getByTestId('save-books').click();
    await expect(rows.nth(0).getByText('Please enter a title (at most 300 characters).')).toBeVisible();
    await rows.nth(0).getByTestId('edit-title').fill('채식주의자');
    await rows.nth(0).getByTestId('edit-pub_date').fill('2007-13-30');
    await rows.nth(0).getByTestId('edit-list_price').fill('12.345');
    await page.getByTestId('save-books').click();
    await expect(rows.nth(0).getByText('Use YYYY-MM-DD.')).toBeVisible();
    await expect(rows.nth(0).getByText('An amount with at most two decimals.')).toBeVisible();
    await expect(rows.nth(0).getByText('Please enter a title (at most 300 characters).')).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\/excelUpload$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'books-review-hand-filled-error');
    await rows.nth(0).getByTestId('edit-pub_date').fill('2007-10-30');
    await rows.nth(0).getByTestId('edit-author').fill('한강');
    await rows.nth(0).getByTestId('edit-pub_nm').fill('창비');
    await rows.nth(0).getByTestId('edit-list_price').fill('12,000');
    await rows.nth(0).getByTestId('edit-PAGE').fill('247');
    const sent = page.waitForRequest((r) => r.url().includes('/api/product/booksExcel'));
    await page.getByTestId('save-books').click();
    // the registered book is not sent again
    expect(((await sent).postDataJSON() as { data: { isbn13: string }[] }).data.map((r) => r.isbn13)).toEqual([UNKNOWN, KNOWN]);
    await expect(page).toHaveURL(/\/products\/booksList$/);
    await expect(page.getByTestId('save-report')).toContainText('2 books saved.');
    await expect(page.getByTestId('save-report')).toContainText('1 already registered, not saved again: 979-11-5839-000-6');
    await page.getByTestId('filter-keyword').fill('채식주의자');
    await page.getByTestId('search-submit').click();
    const list = page.getByTestId('books-list');
    await expect(list.getByTestId('table-row')).toHaveCount(1);
    await expect(list.getByTestId('table-row')).toContainText('978-89-364-3412-0');
    await expect(list.getByTestId('table-row')).toContainText('한강');
    await expect(list.getByTestId('table-row')).toContainText('₩KRW 12,000');
    await screenshot(page, 'books-list-hand-filled');
  });

  for (const width of [1440, 390]) {
    test(`[BOOKS] the review with rows to fill in and registered rows, in Korean at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await openUpload(page, DEMO, 'ko');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `books-choose-file-ko-${width}`);
      // after the previous test: KNOWN and UNKNOWN are registered now, as is REGISTERED
      await choose(page, 'books.xlsx', await sheetOf([KNOWN, UNKNOWN, REGISTERED, '9791200000013']));
      const table = page.getByTestId('review-table');
      await expect(table.getByTestId('table-row')).toHaveCount(4);
      await expect(page.getByTestId('summary-registered')).toHaveText('이미 등록됨: 3');
      await expect(table.getByTestId('status-manual')).toHaveText('직접 입력');
      // a registered book that no provider knows shows what the company registered
      await expect(table.getByRole('textbox', { name: `도서명 ${UNKNOWN}` })).toHaveValue('채식주의자');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `books-review-ko-${width}`);
    });
  }
});
