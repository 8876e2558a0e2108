import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** What a printed page must not show, and that the table is whole (every column inside the page). */
async function expectPrintable(page: Page, table: Locator) {
  await page.emulateMedia({ media: 'print' });
  for (const part of [
    page.getByTestId('sidebar'),
    page.getByRole('banner'),
    page.getByRole('contentinfo'),
    page.getByRole('navigation', { name: 'Pagination' }),
  ]) {
    await expect(part).toBeHidden();
  }
  // no button (links stay as text, a sortable header's words stay without their icon), no per-page select
  const visibleButtons = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null && !b.classList.contains('mantine-Anchor-root') && !b.hasAttribute('data-sort-header'))
      .map((b) => b.outerHTML.slice(0, 80)),
  );
  expect(visibleButtons).toEqual([]);
  expect(
    await page.locator('[data-sort-header] svg').evaluateAll((icons) => icons.filter((i) => i.getBoundingClientRect().width > 0).length),
  ).toBe(0);
  await expect(page.getByTestId('per-page')).toBeHidden();
  // the whole table fits the page: nothing scrolled away, the caption printed as its title
  const box = await table
    .locator('table')
    .first()
    .evaluate((t) => {
      const r = t.getBoundingClientRect();
      const scroller = t.closest('.mantine-Table-scrollContainer');
      return {
        right: r.right,
        width: document.documentElement.clientWidth,
        clipped: scroller ? scroller.scrollWidth > scroller.clientWidth + 1 : false,
      };
    });
  expect(box.clipped).toBe(false);
  expect(box.right).toBeLessThanOrEqual(box.width + 1);
}

async function pdf(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.pdf`);
  await page.pdf({ path: file, format: 'A4', landscape: true, printBackground: false, preferCSSPageSize: true });
  return file;
}

test.describe('[PRINT] lists and details print cleanly', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('[PRINT] the invoice list prints without sidebar, buttons or paging, every column shown', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/calculate/sale');
    const table = page.getByTestId('invoices-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await expectPrintable(page, table);
    // the PDF column (downloads) is left out; the totals stay
    await expect(table.getByRole('columnheader', { name: 'PDF' })).toBeHidden();
    await expect(table.getByTestId('filter-total-KRW')).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
    await screenshot(page, 'print-invoices');
    await expect(table.locator('caption').first()).toBeVisible();
    await pdf(page, 'print-invoices');
  });

  test('[PRINT] the payment detail prints alone, with its invoices and total', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/calculate/sale?tab=payments');
    await page.getByTestId('payments-table').getByTestId('payment-detail-open').first().click();
    const modal = page.getByRole('dialog', { name: 'Payment detail' });
    await expect(modal.getByTestId('detail-invoice-row').first()).toBeVisible();
    await expect(modal.getByTestId('print')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.emulateMedia({ media: 'print' });
    // only the dialog: the page behind it is not printed
    await expect(page.getByTestId('payments-table')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    await expect(modal.getByTestId('detail-amount')).toBeVisible();
    await expect(modal.getByTestId('selected-total')).toBeVisible();
    await expect(modal.getByTestId('print')).toBeHidden();
    await expect(modal.getByRole('button', { name: 'Close' })).toBeHidden();
    const fits = await modal
      .getByTestId('detail-invoices')
      .evaluate((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
    expect(fits).toBe(true);
    await screenshot(page, 'print-payment-detail');
    await pdf(page, 'print-payment-detail');
  });

  test('[PRINT] the royalty list prints whole, with its totals', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/royalty');
    const table = page.getByTestId('royalty-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await expectPrintable(page, table);
    await expect(table.getByTestId('total-KRW')).toBeVisible();
    await screenshot(page, 'print-royalty');
    await expect(table.locator('caption').first()).toBeVisible();
    await pdf(page, 'print-royalty');
  });
});
