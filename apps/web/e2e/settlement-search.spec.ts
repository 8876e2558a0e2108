import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';

/**
 * Issue 59 on the sale settlement screen: the search box (invoices by code or title, payments by depositor or
 * exact amount), the "Overdue only" switch and the overdue marker as a screen reader meets it.
 */

const invoicesTable = (page: Page) => page.getByTestId('invoices-table');
const paymentsTable = (page: Page) => page.getByTestId('payments-table');

/** GET an API list as the logged-in page (its bearer token) */
async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

interface InvoiceList {
  dataset: { code: string; title: string; overdue: boolean }[];
  total_cnt: number;
}

const LABELS = {
  en: { keyword: 'Code or title', payment: 'Depositor or amount', overdue: 'Overdue only', marker: 'Overdue', status: 'Payment status' },
  ko: { keyword: '코드 또는 제목', payment: '입금자명 또는 금액', overdue: '연체만', marker: '연체', status: '결제 상태' },
} as const;

for (const lang of ['en', 'ko'] as const) {
  const L = LABELS[lang];
  test.describe(`[SETTLEMENT] search and overdue filter (issue 59, ${lang})`, () => {
    test(`[SETTLEMENT] find an invoice by its code (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const token = await loginViaApi(page, undefined, lang);
      // an invoice far from the first page: the oldest one
      const all = await apiGet<InvoiceList>(page, token, 'calculate/buyInvoiceSend?start=0&length=1');
      const last = await apiGet<InvoiceList>(page, token, `calculate/buyInvoiceSend?start=${all.total_cnt - 1}&length=1`);
      const code = last.dataset[0]!.code;
      await page.goto('/calculate/sale');
      const table = invoicesTable(page);
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      await expect(table.getByTestId('table-row').filter({ hasText: code })).toHaveCount(0);
      await page.getByRole('searchbox', { name: L.keyword }).fill(code.toLowerCase());
      const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyInvoiceSend') && r.url().includes('keyword'));
      await page.getByTestId('search-submit').click();
      expect(decodeURIComponent((await request).url())).toContain(`"keyword":"${code.toLowerCase()}"`);
      await expect(table.getByTestId('table-row')).toHaveCount(1);
      await expect(table.getByTestId('table-row').first()).toContainText(code);
      await expect(page.getByTestId('showing').first()).toHaveText(lang === 'en' ? 'Showing 1 to 1 of 1 entries' : /1/);
      await expectNoA11yViolations(page);
      await screenshot(page, `settlement-search-code-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('searchbox', { name: L.keyword })).toBeVisible();
      await screenshot(page, `settlement-search-code-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      // kept in the screen's saved search (spec §9), then reset
      await page.reload();
      await expect(page.getByRole('searchbox', { name: L.keyword })).toHaveValue(code.toLowerCase());
      await expect(table.getByTestId('table-row')).toHaveCount(1);
      await page.getByRole('button', { name: lang === 'en' ? 'Reset' : '초기화' }).click();
      await expect(page.getByRole('searchbox', { name: L.keyword })).toHaveValue('');
      await expect(table.getByTestId('table-row')).toHaveCount(10);
    });

    test(`[SETTLEMENT] the overdue filter lists what the dashboard counts, each row announced as overdue (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const token = await loginViaApi(page, undefined, lang);
      const counted = await apiGet<number>(page, token, 'company/dashboard/overdueInvoiceCnt');
      expect(counted).toBeGreaterThan(0);
      await page.goto('/calculate/sale');
      const table = invoicesTable(page);
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      const overdue = page.getByRole('switch', { name: L.overdue });
      await overdue.check();
      const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyInvoiceSend') && r.url().includes('overdue'));
      await page.getByTestId('search-submit').click();
      expect(decodeURIComponent((await request).url())).toContain('"overdue":true');
      await expect(page.getByTestId('showing').first()).toContainText(counted.toLocaleString('en-US'));
      const rows = table.getByTestId('table-row');
      await expect(rows.first().getByTestId('invoice-overdue')).toBeVisible();
      const n = await rows.count();
      expect(n).toBe(Math.min(10, counted));
      await expect(table.locator('[data-overdue="N"]')).toHaveCount(0);
      // a screen reader meets the word, in the payment status cell, not a colour: the row's cell reads "Unpaid Overdue"
      const cell = rows
        .first()
        .getByRole('cell')
        .filter({ has: page.getByTestId('invoice-balance') });
      await expect(cell).toMatchAriaSnapshot(`- cell /${L.marker}/`);
      const header = table.getByRole('columnheader', { name: L.status });
      await expect(header).toBeVisible();
      await expectNoA11yViolations(page);
      await screenshot(page, `settlement-overdue-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(overdue).toBeChecked();
      await screenshot(page, `settlement-overdue-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: lang === 'en' ? 'Reset' : '초기화' }).click();
      await expect(overdue).not.toBeChecked();
    });

    test(`[SETTLEMENT] payments by depositor or by the exact amount as typed with separators (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const token = await loginViaApi(page, undefined, lang);
      const first = await apiGet<{ dataset: { d_name: string; d_payment: string; currency_name: string }[] }>(
        page,
        token,
        'calculate/buyPayment?start=0&length=1',
      );
      const { d_payment: amount } = first.dataset[0]!;
      const typed = Number(amount).toLocaleString('en-US'); // "1,234,000" (KRW has no decimals)
      await page.goto('/calculate/sale?tab=payments');
      const table = paymentsTable(page);
      await expect(table.getByTestId('table-row').first()).toBeVisible();
      const box = page.getByRole('searchbox', { name: L.payment });
      await box.fill(typed);
      const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyPayment') && r.url().includes('keyword'));
      await page.getByTestId('search-submit').click();
      await request;
      const amounts = table.getByTestId('payment-amount');
      await expect(amounts.first()).toBeVisible();
      const shown = await amounts.allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      // every payment listed has that amount (as the screen writes it)
      const digits = (s: string) => s.replace(/[^\d.]/g, '').replace(/\.00$/, '');
      expect(new Set(shown.map(digits))).toEqual(new Set([digits(Number(amount).toFixed(2))]));
      await expectNoA11yViolations(page);
      await screenshot(page, `settlement-payments-search-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(box).toBeVisible();
      await screenshot(page, `settlement-payments-search-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: lang === 'en' ? 'Reset' : '초기화' }).click();
    });
  });
}
