import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  DEMO,
  DEMO2,
  expect,
  expectNoA11yViolations,
  loginViaApi,
  offScreenTotals,
  screenshot,
  seriousA11yViolations,
  test,
} from './fixtures';

const showing = /^Showing (\d+) to (\d+) of ([\d,]+) entries$/;
const totalOf = async (text: string | null) => Number(showing.exec(text ?? '')?.[3]?.replace(/,/g, '') ?? NaN);

test.describe('[COPYRIGHT] copyright books', () => {
  test('[COPYRIGHT] the book list shows covers, §3 fields and filters by title', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/books');
    await expect(page.getByRole('heading', { level: 1, name: 'Copyright books' })).toBeVisible();
    const table = page.getByTestId('copyright-books-table');
    await expect(table.getByTestId('table-row')).toHaveCount(10);
    await expect(page.getByTestId('showing')).toHaveText('Showing 1 to 10 of 60 entries');
    for (const h of ['Cover', 'Title', 'ISBN', 'Publication date', 'Pages', 'List price', 'Pay type', 'Rate', 'Created at']) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    // covers come from our own server and load (CSP img-src 'self')
    const img = table.locator('img').first();
    await expect(img).toHaveAttribute('src', /^\/api\/copyright\/cover\/\d{13}\.svg$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'copyright-books-en');
    // ISBNs split by the agency's ranges: demo's books are 979-11 registrant 00 (00–21: two digits)
    const isbns = await table.getByTestId('cell-isbn').allTextContents();
    expect(isbns).toHaveLength(10);
    for (const isbn of isbns) expect(isbn).toMatch(/^979-11-00-\d{5}-\d$/);

    await page.getByTestId('filter-keyword').fill('Seoul');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('showing')).toHaveText(/^Showing 1 to \d of \d entries$/);
    const titles = await table.getByTestId('cell-title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.includes('Seoul') || t.includes('서울'))).toBe(true);

    // ISBN search key takes digits only
    await page.getByTestId('filter-search-key').click();
    await page.getByRole('option', { name: 'ISBN' }).click();
    await page.getByTestId('filter-keyword').fill('97911-x');
    await page.getByTestId('search-submit').click();
    await expect(page.getByText('Digits only.')).toBeVisible();
  });

  test('[COPYRIGHT] the book list exports an xlsx of the filtered books', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/books');
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-books').click();
    await page.getByTestId('export-books-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('CopyrightBooks.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    expect(wb.worksheets[0]!.rowCount).toBe(61);
  });
});

test.describe('[COPYRIGHT] royalty', () => {
  test('[COPYRIGHT] demo sees the sale info column and demo2 does not', async ({ browser }) => {
    for (const [who, visible] of [
      [DEMO, true],
      [DEMO2, false],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await loginViaApi(page, who);
      await page.goto('/copyright/royalty');
      const table = page.getByTestId('royalty-table');
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Royalty', exact: true })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Title / ISBN' })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Sale info' })).toHaveCount(visible ? 1 : 0);
      // ISBNs split by the agency's ranges (979-11, registrant 00 of two digits)
      await expect(table.getByTestId('cell-isbn').first()).toHaveText(/^979-11-00-\d{5}-\d$/);
      await screenshot(page, `copyright-royalty-${who.id}`);
      await context.close();
    }
  });

  test('[COPYRIGHT] royalty is sorted by title and shows amounts, status and per-currency totals', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/royalty');
    const table = page.getByTestId('royalty-table');
    await expect(table.getByTestId('table-row')).toHaveCount(10);
    const titles = await table.getByTestId('cell-title').allTextContents();
    expect([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(titles);
    await expect(page.getByTestId('total-KRW')).toContainText(/₩KRW [\d,]+\.\d\d$/);
    await expect(page.getByTestId('total-USD')).toContainText(/\$USD [\d,]+\.\d\d$/);
    await expect(page.getByTestId('total-JPY')).toBeVisible();
    // the calculated filter shows only calculated lines
    await page.getByTestId('filter-invoice').click();
    await page.getByRole('option', { name: 'Uncalculated' }).click();
    await page.getByTestId('search-submit').click();
    await expect(table.getByTestId('status-calculated')).toHaveCount(0);
    await expect(table.getByTestId('status-uncalculated').first()).toBeVisible();
  });

  test("[COPYRIGHT] filtering by customer narrows the list and the 'Showing x to y of z entries' text", async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/royalty');
    const table = page.getByTestId('royalty-table');
    await expect(page.getByTestId('showing')).toHaveText(showing);
    const all = await totalOf(await page.getByTestId('showing').textContent());
    expect(all).toBeGreaterThan(4000);
    await page.getByTestId('filter-customer').fill('waterstones');
    await page.getByTestId('search-submit').click();
    await expect.poll(async () => totalOf(await page.getByTestId('showing').textContent())).toBeLessThan(all);
    const narrowed = await totalOf(await page.getByTestId('showing').textContent());
    expect(narrowed).toBeGreaterThan(0);
    await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 10 of ${narrowed.toLocaleString('en-US')} entries`);
    const customers = await table.getByTestId('cell-customer').allTextContents();
    expect(customers.every((c) => c.startsWith('Waterstones'))).toBe(true);
    await screenshot(page, 'copyright-royalty-customer-filter');
    // the last search is stored per screen and rerun on opening
    await page.reload();
    await expect(page.getByTestId('filter-customer')).toHaveValue('waterstones');
    await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 10 of ${narrowed.toLocaleString('en-US')} entries`);
    // a bad range is refused before anything is sent
    await page.getByTestId('date-range').fill('2026-02-01 ~ 2026-01-01');
    await page.getByTestId('search-submit').click();
    await expect(page.getByText('The range ends before it starts.')).toBeVisible();
  });

  test('[COPYRIGHT] the export shows progress, downloads Royalty.xlsx, and its rows match the screen', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/royalty');
    await page.getByTestId('filter-customer').fill('Foyles');
    await page.getByTestId('search-submit').click();
    const table = page.getByTestId('royalty-table');
    await expect(table.getByTestId('table-row').first()).toContainText('Foyles');
    await page.getByTestId('per-page').click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(page.getByTestId('showing')).toHaveText(/^Showing 1 to \d+ of \d+ entries$/);
    const total = await totalOf(await page.getByTestId('showing').textContent());
    expect(total).toBeGreaterThan(0);
    await expect(table.getByTestId('table-row')).toHaveCount(Math.min(total, 50));
    const screenRows = await table.getByTestId('table-row').evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = (id: string) => tr.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
        return {
          no: tr.querySelector('td')?.textContent?.trim() ?? '',
          title: cell('cell-title'),
          isbn: cell('cell-isbn'),
          customer: cell('cell-customer'),
          country: cell('cell-customer-country'),
          saleInfo: cell('cell-sale-info'),
          royalty: cell('cell-royalty').replace(/[^\d.]/g, ''),
        };
      }),
    );
    const screenTotal = (await page.getByTestId('total-USD').locator('td').first().textContent())?.replace(/[^\d.]/g, '');

    // hold the answer a moment so the progress shown while it builds can be seen
    await page.route('**/api/copyright/exportRoyalty', async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 700));
      await route.fulfill({ response });
    });
    const download = page.waitForEvent('download');
    await page.getByTestId('export-royalty').click();
    await page.getByTestId('export-royalty-xlsx').click();
    await expect(page.getByTestId('export-royalty-progress')).toBeVisible();
    await screenshot(page, 'copyright-royalty-export-progress');
    const file = await download;
    expect(file.suggestedFilename()).toBe('Royalty.xlsx');
    await expect(page.getByTestId('export-royalty-progress')).toHaveCount(0);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => header.indexOf(name) + 1;
    const lines: ExcelJS.Row[] = [];
    ws.eachRow((row, n) => {
      if (n > 1 && typeof row.getCell(1).value === 'number') lines.push(row);
    });
    // every filtered line is in the file, and the screen's rows are its first rows, in order
    expect(lines).toHaveLength(total);
    screenRows.forEach((screen, i) => {
      const row = lines[i]!;
      expect(String(row.getCell(col('No.')).value)).toBe(screen.no);
      expect(row.getCell(col('Title')).value).toBe(screen.title);
      expect(String(row.getCell(col('ISBN')).value).replace(/-/g, '')).toBe(screen.isbn.replace(/-/g, ''));
      expect(screen.customer).toContain(String(row.getCell(col('Customer')).value));
      // the country by its name in the screen's language (Foyles: GBR)
      expect(row.getCell(col('Country')).value).toBe('United Kingdom');
      expect(screen.country).toBe('United Kingdom');
      expect(row.getCell(col('Sale info')).value).toBe(screen.saleInfo);
      expect(Number(row.getCell(col('Royalty')).value).toFixed(2)).toBe(screen.royalty);
    });
    const totalRow = ws.getRows(1, ws.rowCount)!.find((r) => String(r.getCell(col('Title')).value).startsWith('Total USD ('));
    expect(Number(totalRow!.getCell(col('Royalty')).value).toFixed(2)).toBe(screenTotal);
  });

  for (const [lang, width, calculated, detailTitle] of [
    ['en', 1440, 'Calculated', 'Invoice detail'],
    ['ko', 390, '정산 완료', '청구서 상세'],
    ['ko', 1440, '정산 완료', '청구서 상세'],
    ['en', 390, 'Calculated', 'Invoice detail'],
  ] as const) {
    test(`[COPYRIGHT] a calculated line names the invoice it was settled on by its code and opens that invoice (${lang}, ${width} px)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await loginViaApi(page, DEMO, lang);
      await page.goto('/copyright/royalty');
      const table = page.getByTestId('royalty-table');
      await page.getByTestId('filter-invoice').click();
      await page.getByRole('option', { name: calculated, exact: true }).click();
      await page.getByTestId('search-submit').click();
      await expect(table.getByTestId('status-uncalculated')).toHaveCount(0);
      const links = table.getByTestId('cell-invoice');
      await expect(links).toHaveCount(10);
      // the code of one of the company's invoices (BI<day>-<company><n>), not an internal number
      const codes = await links.allTextContents();
      for (const code of codes) expect(code).toMatch(/^BI\d{8}-\d+$/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `copyright-royalty-invoice-${lang}-${width}`);

      const code = codes[0]!;
      await links.first().click();
      await expect(page).toHaveURL(/\/calculate\/sale\?invoice=\d+$/);
      const detail = page.getByRole('dialog', { name: detailTitle });
      await expect(detail).toBeVisible();
      await expect(detail.getByTestId('invoice-code')).toHaveText(code);
      await expect(detail.getByTestId('invoice-line').first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `copyright-royalty-invoice-opened-${lang}-${width}`);
      // closing leaves the invoices tab, without the invoice in the address
      await detail.getByRole('button', { name: lang === 'en' ? 'Close' : '닫기' }).click();
      await expect(detail).toHaveCount(0);
      await expect(page).toHaveURL(/\/calculate\/sale$/);
      await expect(page.getByTestId('invoices-table').getByTestId('table-row').first()).toBeVisible();
      await context.close();
    });
  }

  for (const [lang, label] of [
    ['en', /^Total KRW \([\d,]+ lines\)/],
    ['ko', /^KRW 합계 \([\d,]+건\)/],
  ] as const) {
    test(`[COPYRIGHT] at 390 px the royalty totals are read without scrolling the table sideways (${lang})`, async ({ page }) => {
      await loginViaApi(page, DEMO, lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/copyright/royalty');
      const table = page.getByTestId('royalty-table');
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      for (const currency of ['KRW', 'USD', 'JPY']) await expect(table.getByTestId(`total-${currency}`)).toContainText(/[\d,]+\.\d\d/);
      await expect(table.getByTestId('total-KRW')).toContainText(label);
      expect(await offScreenTotals(table.getByTestId('royalty-totals'))).toEqual([]);
      await screenshot(page, `copyright-royalty-totals-390-${lang}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('[COPYRIGHT] the royalty screen in Korean and English: country names and sale info in words, not codes; its export in Korean', async ({
    page,
  }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto('/copyright/royalty');
    await expect(page.getByRole('heading', { level: 1, name: '인세' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '판매 정보' })).toBeVisible();
    const table = page.getByTestId('royalty-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();
    const words = async (testId: string) => (await table.getByTestId(testId).allTextContents()).map((x) => x.trim());
    const KO_SALE_INFO = ['온라인 서점', '오프라인 서점', '전자책', '도서관 납품', '도서전'];
    await expect.poll(() => words('cell-customer-country')).not.toContainEqual(expect.stringMatching(/^[A-Z]{3}$/));
    const koCountries = await words('cell-customer-country');
    expect(koCountries.length).toBe(10);
    // Hangul names from Intl.DisplayNames (일본, 영국, 미국…)
    for (const c of koCountries) expect(c).toMatch(/^[가-힣 ]+$/);
    for (const info of await words('cell-sale-info')) expect(KO_SALE_INFO).toContain(info);
    await expectNoA11yViolations(page);
    await screenshot(page, 'copyright-royalty-ko');
    // the Excel file speaks the screen's language: headers, status, sheet name; real dates and amounts
    await page.getByTestId('filter-customer').fill('Kyobo');
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('table-row').first()).toContainText('Kyobo');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-royalty').click();
    await page.getByTestId('export-royalty-xlsx').click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await (await download).path());
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('인세');
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 5)).toEqual(['번호', '제목', 'ISBN', '거래처', '국가']);
    const col = (name: string) => header.indexOf(name) + 1;
    const first = ws.getRow(2);
    expect(first.getCell(col('국가')).value).toBe('대한민국');
    expect(['정산 완료', '미정산']).toContain(first.getCell(col('정산 상태')).value);
    expect(first.getCell(col('판매일')).value).toBeInstanceOf(Date);
    expect(typeof first.getCell(col('인세')).value).toBe('number');
    expect(first.getCell(col('인세')).numFmt).toBe('"₩"#,##0.00');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'copyright-royalty-ko-390');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Royalty' })).toBeVisible();
    // English names now: no code, no Hangul
    await expect
      .poll(async () => (await words('cell-customer-country')).filter((c) => /^[A-Z]{3}$/.test(c) || /[가-힣]/.test(c) || !c))
      .toEqual([]);
    for (const info of await words('cell-sale-info'))
      expect(['Online bookstore', 'Offline bookstore', 'E-book', 'Library supply', 'Book fair']).toContain(info);
    await screenshot(page, 'copyright-royalty-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'copyright-royalty-en-1440');
  });
});

test.describe('[COPYRIGHT] royalty sales date', () => {
  for (const [lang, name] of [
    ['en', 'Sales date'],
    ['ko', '판매일'],
  ] as const) {
    test(`[COPYRIGHT] the sales-date filter and the column it filters carry the same name (${lang})`, async ({ page }) => {
      await loginViaApi(page, DEMO, lang);
      await page.goto('/copyright/royalty');
      const table = page.getByTestId('royalty-table');
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      await expect(page.getByRole('textbox', { name, exact: true })).toBeVisible();
      await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});

/** The records of a downloaded CSV (UTF-8 with a BOM, RFC 4180: quoted fields may hold commas, quotes and line breaks). */
async function csvRecords(file: Download) {
  const text = (await readFile(await file.path())).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  return records;
}
const digits = (s: string | null | undefined) => (s ?? '').replace(/[^\d]/g, '');

test.describe('[COPYRIGHT] CSV export (issue 59)', () => {
  for (const lang of ['en', 'ko'] as const) {
    test(`[COPYRIGHT] the book list downloads a CSV whose header and first row are the screen's (${lang})`, async ({ page }) => {
      await loginViaApi(page, DEMO, lang);
      await page.goto('/copyright/books');
      const table = page.getByTestId('copyright-books-table');
      await expect(table.getByTestId('table-row')).toHaveCount(10);
      const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
      const first = table.getByTestId('table-row').first();
      const screen = {
        title: await first.getByTestId('cell-title').innerText(),
        isbn: digits(await first.getByTestId('cell-isbn').innerText()),
        cells: (await first.locator('td').allInnerTexts()).map((c) => c.trim()),
      };
      const download = page.waitForEvent('download');
      await page.getByTestId('export-books').click();
      await expect(page.getByRole('menuitem', { name: 'CSV (.csv)' })).toBeVisible();
      await expectNoA11yViolations(page, `copyright books, export menu open (${lang})`);
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('CopyrightBooks.csv');
      const [header, row] = await csvRecords(file);
      // every column the screen shows but the cover is in the file, under the screen's header (a unit may follow: "Rate (%)")
      const shown = headers.filter((_h, i) => i !== 1);
      expect(shown).toHaveLength(9);
      const at = shown.map((h) => header!.findIndex((c) => c === h || c.startsWith(`${h} (`)));
      expect(
        at.every((i) => i >= 0),
        `${shown} in ${header}`,
      ).toBe(true);
      expect(header![0]).toBe(shown[0]);
      // its first row is the screen's first row: number, title, ISBN, pages, list price, pay type, rate
      expect(row![0]).toBe(screen.cells[0]);
      expect(row![at[1]!]).toBe(screen.title);
      expect(row![at[2]!]).toBe(screen.isbn);
      expect(digits(row![at[4]!])).toBe(digits(screen.cells[5]));
      expect(Number(row![at[5]!])).toBe(Number(screen.cells[6]!.replace(/[^\d.]/g, '')));
      expect(row![at[6]!]).toBe(screen.cells[7]);
      expect(Number(row![at[7]!])).toBe(Number(screen.cells[8]!.replace(/[^\d.]/g, '')));
    });

    test(`[COPYRIGHT] the royalty list downloads a CSV whose header and first row are the screen's (${lang})`, async ({ page }) => {
      await loginViaApi(page, DEMO, lang);
      await page.goto('/copyright/royalty');
      const table = page.getByTestId('royalty-table');
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
      const first = table.getByTestId('table-row').first();
      const cell = (id: string) => first.getByTestId(id).innerText();
      const screen = {
        no: (await first.locator('td').first().innerText()).trim(),
        title: await cell('cell-title'),
        isbn: digits(await cell('cell-isbn')),
        // the customer's name (its country is shown under it, a column of its own in the file)
        customer: (await cell('cell-customer')).split('\n')[0]!.trim(),
        royalty: (await cell('cell-royalty')).replace(/[^\d.]/g, ''),
      };
      const download = page.waitForEvent('download');
      await page.getByTestId('export-royalty').click();
      await page.getByTestId('export-royalty-csv').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('Royalty.csv');
      const [header, row] = await csvRecords(file);
      const col = (name: string) => header!.findIndex((c) => c === name || c.startsWith(`${name} (`));
      // every column the screen shows is in the file under the screen's words (a shared header such as
      // "Title / ISBN" is two columns there)
      const parts = headers.filter((h) => h && !['Cover', '표지'].includes(h)).flatMap((h) => h.split(' / '));
      expect(parts.length).toBeGreaterThanOrEqual(11);
      expect(
        parts.filter((h) => col(h) < 0),
        `${parts} in ${header}`,
      ).toEqual([]);
      expect(header![0]).toBe(parts[0]);
      expect(row![0]).toBe(screen.no);
      expect(row![1]).toBe(screen.title);
      expect(row![2]).toBe(screen.isbn);
      expect(row![3]).toBe(screen.customer);
      expect(Number(row![col(headers.find((h) => ['Royalty', '인세'].includes(h))!)])).toBe(Number(screen.royalty));
    });

    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      test(`[COPYRIGHT] the export menu of the copyright screens at ${width} px (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await loginViaApi(page, DEMO, lang);
        for (const [path, id, name] of [
          ['/copyright/books', 'export-books', 'books'],
          ['/copyright/royalty', 'export-royalty', 'royalty'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByTestId('table-row').first()).toBeVisible();
          const button = page.getByTestId(id);
          await expect(button).toBeInViewport();
          await button.click();
          await expect(page.getByTestId(`${id}-csv`)).toBeVisible();
          await expectNoA11yViolations(page, `${path} export menu (${lang}, ${width} px)`);
          await screenshot(page, `copyright-${name}-export-menu-${lang}-${width}`);
          await page.keyboard.press('Escape');
        }
      });
    }
  }
});
