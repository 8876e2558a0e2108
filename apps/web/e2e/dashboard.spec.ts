import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';

const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test.describe('[DASHBOARD] figures, board tabs, chart and map', () => {
  test('[DASHBOARD] the counters end at the API values and link to their lists', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const [reports, books, unpaid, overdue] = (await Promise.all(
      ['copyrightReportCnt', 'copyrightBooksCnt', 'unpaidInvoiceCnt', 'overdueInvoiceCnt'].map((c) =>
        apiGet<number>(page, token, `company/dashboard/${c}`),
      ),
    )) as [number, number, number, number];
    expect(books).toBeGreaterThan(0);
    // the demo has unpaid invoices past their due date (its list marks them overdue)
    expect(overdue).toBeGreaterThan(0);
    expect(overdue).toBeLessThanOrEqual(unpaid);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('counter-reports-value')).toHaveText(fmt(reports));
    await expect(page.getByTestId('counter-books-value')).toHaveText(fmt(books));
    await expect(page.getByTestId('counter-unpaid-value')).toHaveText(fmt(unpaid));
    await expect(page.getByTestId('counter-overdue-value')).toHaveText(fmt(overdue));
    await expect(page.getByTestId('counter-overdue')).toContainText('Overdue invoices');
    await expect(page.getByTestId('counter-overdue')).toHaveAttribute('href', '/calculate/sale?overdue=Y');
    await expect(page.getByTestId('counter-reports')).toHaveAttribute('href', '/copyright/royalty');
    await expect(page.getByTestId('counter-books')).toHaveAttribute('href', '/copyright/books');
    await expect(page.getByTestId('counter-unpaid')).toHaveAttribute('href', '/calculate/sale');
    await expectNoA11yViolations(page);
    await page.getByTestId('counter-unpaid').click();
    await expect(page).toHaveURL(/\/calculate\/sale$/);
    // the overdue counter opens the invoices with the overdue filter on: the list's total is the counter's figure
    await page.goto('/dashboard');
    await page.getByTestId('counter-overdue').click();
    await expect(page).toHaveURL(/\/calculate\/sale$/);
    await expect(page.getByRole('switch', { name: 'Overdue only' })).toBeChecked();
    await expect(page.getByTestId('showing').first()).toContainText(`of ${fmt(overdue)}`);
    await expect(page.getByTestId('table-row').first().getByTestId('invoice-overdue')).toBeVisible();
    await expect(page.locator('[data-overdue="N"]')).toHaveCount(0);
  });

  test('[DASHBOARD] the monthly chart is 300 px high with 12 bars matching the API', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const months = await apiGet<{ month: string; qty: number }[]>(page, token, 'company/dashboard/monthlySaleQty');
    await page.goto('/dashboard');
    const chart = page.getByTestId('monthly-chart');
    await expect(chart.getByTestId('monthly-bar')).toHaveCount(12);
    expect((await chart.boundingBox())!.height).toBe(300);
    const qtys = await chart.getByTestId('monthly-bar').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-qty'))));
    expect(qtys).toEqual(months.map((m) => m.qty));
    // hovering a bar shows its figure
    await chart.getByTestId('monthly-bar').last().hover();
    await expect(page.getByTestId('monthly-tooltip')).toContainText(fmt(months[11]!.qty));
  });

  test('[DASHBOARD] the top-sales table and the map show the same leading country', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const top = await apiGet<{ global_sales: { code_3: string; cnt: number; percent: number }[] }>(
      page,
      token,
      'company/dashboard/globalSaleTop',
    );
    expect(top.global_sales.length).toBeGreaterThanOrEqual(15);
    await page.goto('/dashboard');
    const table = page.getByTestId('global-sales-table');
    const firstName = (await table.getByTestId('global-sales-name').first().textContent())!;
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-code', top.global_sales[0]!.code_3);
    await expect(table.locator('tbody tr').first()).toContainText(fmt(top.global_sales[0]!.cnt));
    // 2 decimals
    await expect(table.locator('tbody tr').first()).toContainText(`${top.global_sales[0]!.percent.toFixed(2)}%`);
    expect((await table.boundingBox())!.height).toBeLessThanOrEqual(300);

    // the map is drawn when it comes into view (features/dashboard/components/when-in-view.tsx)
    await page.getByTestId('world-map-slot').scrollIntoViewIfNeeded();
    const leader = page.locator('[data-testid="map-country"][data-rank="1"]');
    await expect(leader).toHaveAttribute('data-name', firstName);
    await expect(leader).toHaveAttribute('data-code', top.global_sales[0]!.code_3);
    await expect(page.getByTestId('map-leader')).toContainText(firstName);
    // keyboard focus shows the figure
    await leader.focus();
    await expect(page.getByTestId('map-tooltip')).toContainText(firstName);
    await expect(page.getByTestId('map-tooltip')).toContainText(fmt(top.global_sales[0]!.cnt));
  });

  test('[DASHBOARD] a notice opens from its tab', async ({ page }) => {
    const token = await loginViaApi(page, DEMO);
    const board = await apiGet<{ notice: { idx: number; title: string }[] }>(page, token, 'dashboard/board');
    expect(board.notice.length).toBeGreaterThan(0);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Notices' }).click();
    const table = page.getByTestId('board-notice');
    await expect(table.getByRole('link').first()).toHaveText(board.notice[0]!.title);
    await expectNoA11yViolations(page, 'the dashboard with the notices tab');
    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/help/bbs/notice/view/${board.notice[0]!.idx}$`));
  });

  test('[DASHBOARD] a failing call blanks only its own part', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.route('**/api/company/dashboard/globalSaleTop', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.route('**/api/company/dashboard/unpaidInvoiceCnt', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/dashboard');
    const global = page.getByRole('region', { name: 'Global top sales' });
    await expect(global.getByText('This part could not be loaded.')).toBeVisible();
    await expect(global.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByTestId('counter-unpaid')).toContainText('This part could not be loaded.');
    await expect(page.getByTestId('monthly-bar')).toHaveCount(12);
    await expect(page.getByTestId('counter-books-value')).toHaveText(/^\d[\d,]*$/);
  });

  test('[DASHBOARD] screenshots at 1440 px and 390 px (stacked), and in Korean', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/dashboard');
    await page.getByTestId('world-map-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('map-country').first()).toBeVisible();
    await expect(page.getByTestId('monthly-bar')).toHaveCount(12);
    await page.waitForTimeout(900); // counters finish their 800 ms
    await page.evaluate(() => window.scrollTo(0, 0)); // back from the map, so the fixed top bar is at the top of the picture
    await screenshot(page, 'dashboard-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('world-map-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('map-country').first()).toBeVisible();
    await page.waitForTimeout(900);
    await page.evaluate(() => window.scrollTo(0, 0)); // back from the map, so the fixed top bar is at the top of the picture
    // stacked: the map is below the table, the chart below the board
    const table = (await page.getByTestId('global-sales-table').boundingBox())!;
    const map = (await page.getByTestId('world-map').boundingBox())!;
    expect(map.y).toBeGreaterThanOrEqual(table.y + table.height);
    expect(map.width).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-390');

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.evaluate(() => localStorage.setItem('portal.lang', 'ko'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeVisible();
    await page.getByTestId('world-map-slot').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('map-country').first()).toBeVisible();
    await page.waitForTimeout(900);
    await page.evaluate(() => window.scrollTo(0, 0)); // back from the map, so the fixed top bar is at the top of the picture
    await screenshot(page, 'dashboard-1440-ko');
  });
});
