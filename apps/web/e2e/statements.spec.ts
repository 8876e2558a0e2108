import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';

// where the downloaded statement is kept for a look (pdftoppm -png test-results/screenshots/statement.pdf)
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

test.describe('[COPYRIGHT] royalty statements', () => {
  test('[COPYRIGHT] the Statements tab of the royalty screen lists statements and downloads a PDF', async ({ page }) => {
    await loginViaApi(page);
    await page.goto('/copyright/royalty');
    await expect(page.getByRole('heading', { level: 1, name: 'Royalty' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Royalty lines', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Statements' }).click();
    await expect(page).toHaveURL(/\?tab=statements$/);
    const table = page.getByTestId('statements-table');
    // the demo start issues the last complete month's statements (one per currency) just after the server
    // listens: a test that runs first may open the tab before they exist, and reloads as a user would
    const rows = table.getByTestId('table-row');
    await expect(async () => {
      if (!(await rows.first().isVisible())) await page.reload();
      await expect(rows.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    for (const h of ['Period', 'Statement no.', 'Royalty of the period', 'Payable', 'Issued on', 'PDF']) {
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    }
    // what is payable in the currency's minor unit, with the rounding that took it there
    await expect(rows.first().getByTestId('statement-payable')).toHaveText(/^(₩[\d,]+|\$[\d,]+\.\d\d|¥[\d,]+)$/);
    await expect(rows.first().getByTestId('statement-rounding')).toHaveText(/^rounding -?[\d,]+\.\d\d$/);
    await expect(rows.first().getByTestId('statement-balance')).toHaveText(/^closing balance [\d,]+\.\d\d$/);
    const number = (await rows.first().getByTestId('statement-number').innerText()).trim();
    expect(number).toMatch(/^RS-\d{6}-\d{6}-[A-Z]{3}-v1$/);
    // every column fits the screen: the download button is not scrolled away
    await expect(rows.first().getByTestId('statement-download')).toBeInViewport();
    await screenshot(page, 'copyright-statements-en');
    await expectNoA11yViolations(page, 'copyright statements');

    const [download] = await Promise.all([page.waitForEvent('download'), rows.first().getByTestId('statement-download').click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = (await download.path())!;
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5000);
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(file, path.join(SHOTS, 'statement.pdf'));

    // the tab is kept in the URL: a reload shows the statements again
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Statements', selected: true })).toBeVisible();
    await expect(table.getByTestId('table-row').first()).toBeVisible();
  });

  test('[COPYRIGHT] the Statements tab filters by currency and period', async ({ page }) => {
    await loginViaApi(page);
    await page.goto('/copyright/royalty?tab=statements');
    const table = page.getByTestId('statements-table');
    const rows = table.getByTestId('table-row');
    // the demo's statements are issued just after the server listens (see above)
    await expect(async () => {
      if (!(await rows.first().isVisible())) await page.reload();
      await expect(rows.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    // RS-<yyyymm>-<company>-<currency>-v<version>: the last row's currency and period
    const number = (await rows.last().getByTestId('statement-number').innerText()).trim();
    const [, yyyymm, currency] = /^RS-(\d{6})-\d{6}-([A-Z]{3})-v\d+$/.exec(number)!;
    const day = `${yyyymm!.slice(0, 4)}-${yyyymm!.slice(4)}-01`;

    const select = page.getByRole('combobox', { name: 'Currency', exact: true });
    await select.focus();
    await select.press('Enter');
    await page.getByRole('option', { name: currency!, exact: true }).click();
    await expect(select).toHaveValue(currency!);
    await page.getByLabel('Periods starting', { exact: true }).fill(`${day} ~ ${day}`);
    const filtered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/copyright/statements' && r.url().includes(encodeURIComponent(`"${currency}"`)),
    );
    await page.getByRole('button', { name: 'Search' }).click();
    const answer = await filtered;
    const sent = new URL(answer.url()).searchParams.get('search_value');
    expect(JSON.parse(sent ?? '{}')).toEqual({ currency, startDate: day, endDate: day });
    const body = (await answer.json()) as { dataset: { number: string; currency: string }[]; total_cnt: number };
    expect(body.total_cnt).toBeGreaterThan(0);
    expect(body.dataset.every((r) => r.currency === currency && r.number.startsWith(`RS-${yyyymm}-`))).toBe(true);
    // the table shows what was answered: that currency's statements of that period only
    await expect(rows).toHaveCount(body.dataset.length);
    for (const n of await rows.getByTestId('statement-number').all())
      await expect(n).toHaveText(new RegExp(`^RS-${yyyymm}-\\d{6}-${currency}-v\\d+$`));
    await expectNoA11yViolations(page, 'copyright statements filtered');
    await screenshot(page, 'copyright-statements-filtered');

    // periods with no statement: an empty table; a range that ends before it starts is not sent
    await page.getByLabel('Periods starting', { exact: true }).fill('2020-01-01 ~ 2020-01-31');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByText('No data available')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByLabel('Periods starting', { exact: true }).fill('2020-02-01 ~ 2020-01-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('The range ends before it starts.')).toBeVisible();
    // the search is kept for the screen: a reload shows the same filter; Reset shows every statement again
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue(currency!);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('All currencies');
  });

  test('[COPYRIGHT] the Statements tab in Korean', async ({ page }) => {
    await loginViaApi(page, undefined, 'ko');
    await page.goto('/copyright/royalty?tab=statements');
    await expect(page.getByRole('tab', { name: '정산서', selected: true })).toBeVisible();
    await expect(page.getByTestId('statements-table').getByRole('columnheader', { name: '정산서 번호', exact: true })).toBeVisible();
    await screenshot(page, 'copyright-statements-ko');
    await expectNoA11yViolations(page, 'copyright statements (ko)');
  });
});
