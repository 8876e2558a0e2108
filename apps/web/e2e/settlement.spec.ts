import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO2, expect, loginViaApi, screenshot, test } from './fixtures';

const invoicesTable = (page: Page) => page.getByTestId('invoices-table');
const paymentsTable = (page: Page) => page.getByTestId('payments-table');

async function openSale(page: Page, tab: 'invoices' | 'payments' = 'invoices') {
  await page.goto(tab === 'payments' ? '/calculate/sale?tab=payments' : '/calculate/sale');
  const table = tab === 'payments' ? paymentsTable(page) : invoicesTable(page);
  await expect(table.getByTestId('table-row').first()).toBeVisible();
  return table;
}

/** exact sum of decimal strings with 2 decimals, in integer cents */
const sumCents = (amounts: string[]) =>
  amounts.reduce((s, a) => {
    const [i = '0', f = ''] = a.split('.');
    return s + BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  }, 0n);
const centsText = (c: bigint) => `${(c / 100n).toLocaleString('en-US')}.${String(c % 100n).padStart(2, '0')}`;

test.describe('[SETTLEMENT] invoices sent', () => {
  test('[SETTLEMENT] unpaid invoice shows in bold red, paid does not', async ({ page }) => {
    await loginViaApi(page);
    const table = await openSale(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sale settlement' })).toBeVisible();
    await expect(page.getByTestId('showing').first()).toHaveText(/^Showing 1 to 10 of 12\d entries$/);
    const unpaid = table.locator('[data-paid="N"]').first();
    await expect(unpaid).toHaveText('Unpaid');
    const style = await unpaid.evaluate((el) => {
      const s = getComputedStyle(el);
      return { weight: Number(s.fontWeight), color: s.color };
    });
    expect(style.weight).toBeGreaterThanOrEqual(700);
    const [r, g, b] = style.color.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    // paid rows are further down (the newest invoices are unpaid): go to the last page
    await table.getByRole('button', { name: 'Last page' }).click();
    const paid = table.locator('[data-paid="Y"]').first();
    await expect(paid).toHaveText('Paid');
    expect(Number(await paid.evaluate((el) => getComputedStyle(el).fontWeight))).toBeLessThan(700);
    await table.getByRole('button', { name: 'First page' }).click();
    await expect(page.getByTestId('showing').first()).toHaveText(/^Showing 1 to 10 of/);
    await screenshot(page, 'settlement-invoices');
  });

  test('[SETTLEMENT] the PDF downloads as <code>.pdf and starts with %PDF', async ({ page }) => {
    await loginViaApi(page);
    const table = await openSale(page);
    const row = table.getByTestId('table-row').first();
    const code = (await row.locator('td').nth(1).innerText()).trim();
    expect(code).toMatch(/^BI\d{8}-/);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('pdf-download').click()]);
    expect(download.suggestedFilename()).toBe(`${code}.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
  });

  test('[SETTLEMENT] the last search is restored after a reload', async ({ page }) => {
    await loginViaApi(page);
    await openSale(page);
    const total = await page.getByTestId('showing').first().innerText();
    await page.getByTestId('date-range').fill('20250101~20991231');
    await expect(page.getByTestId('date-range')).toHaveValue('2025-01-01 ~ 2099-12-31');
    await page.getByRole('checkbox', { name: 'Credit only' }).check();
    const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyInvoiceSend') && r.url().includes('orderTypes'));
    await page.getByTestId('search-submit').click();
    expect(decodeURIComponent((await request).url())).toContain('"orderTypes":["onCredit"]');
    await expect(page.getByTestId('showing').first()).not.toHaveText(total);
    const filtered = await page.getByTestId('showing').first().innerText();

    const rerun = page.waitForRequest((r) => r.url().includes('/api/calculate/buyInvoiceSend'));
    await page.reload();
    expect(decodeURIComponent((await rerun).url())).toContain('"startDate":"2025-01-01","endDate":"2099-12-31","orderTypes":["onCredit"]');
    await expect(page.getByTestId('date-range')).toHaveValue('2025-01-01 ~ 2099-12-31');
    await expect(page.getByRole('checkbox', { name: 'Credit only' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Including consignment' })).not.toBeChecked();
    await expect(page.getByTestId('showing').first()).toHaveText(filtered);
    const items = await invoicesTable(page).getByTestId('table-row').locator('td:nth-child(6)').allInnerTexts();
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items)).toEqual(new Set(['On credit']));
    await screenshot(page, 'settlement-search-restored');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('showing').first()).toHaveText(total);
  });

  test("[SETTLEMENT] 'Including consignment' lists credit and consignment invoices, on both tabs", async ({ page }) => {
    await loginViaApi(page);
    await openSale(page);
    const showing = page.getByTestId('showing').first();
    const totalOf = async () => Number((await showing.innerText()).replace(/,/g, '').match(/of (\d+) entries/)![1]);
    await page.getByTestId('per-page').first().click();
    await page.getByRole('option', { name: '50' }).click();
    await page.getByRole('checkbox', { name: 'Credit only' }).check();
    await page.getByTestId('search-submit').click();
    await expect(showing).not.toHaveText(/of 12\d entries/);
    const creditOnly = await totalOf();
    await page.getByRole('checkbox', { name: 'Credit only' }).uncheck();
    await page.getByRole('checkbox', { name: 'Including consignment' }).check();
    await page.getByTestId('search-submit').click();
    await expect.poll(totalOf).toBeGreaterThan(creditOnly);
    const items = await invoicesTable(page).getByTestId('table-row').locator('td:nth-child(6)').allInnerTexts();
    expect(new Set(items)).toEqual(new Set(['On credit', 'Consignment']));
    await screenshot(page, 'settlement-including-consignment');
    // the payment tab asks the same choice of the invoices its payments covered
    await page.getByRole('tab', { name: 'Payment complete' }).click();
    await expect(paymentsTable(page).getByTestId('table-row').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Including consignment' }).check();
    const request = page.waitForRequest((r) => r.url().includes('/api/calculate/buyPayment?') && r.url().includes('orderTypes'));
    await page.getByTestId('search-submit').click();
    expect(decodeURIComponent((await request).url())).toContain('"orderTypes":["consignment"]');
    await expect(paymentsTable(page).getByTestId('table-row').first()).toBeVisible();
  });

  test('[SETTLEMENT] order-type checkboxes follow the company flags; demo2 sees none', async ({ page, browser }) => {
    await loginViaApi(page);
    await openSale(page);
    await expect(page.getByRole('checkbox', { name: 'Credit only' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Including consignment' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Prepayment' })).toHaveCount(0);

    const other = await browser.newPage();
    await loginViaApi(other, DEMO2);
    await openSale(other);
    await expect(other.getByTestId('date-range')).toBeVisible();
    await expect(other.getByTestId('order-types')).toHaveCount(0);
    await expect(other.getByRole('checkbox')).toHaveCount(0);
    await other.getByRole('tab', { name: 'Payment complete' }).click();
    await expect(paymentsTable(other).getByTestId('table-row').first()).toBeVisible();
    await expect(other.getByTestId('order-types')).toHaveCount(0);
    await screenshot(other, 'settlement-demo2-no-order-types');
    await other.close();
  });
});

test.describe('[SETTLEMENT] payment complete', () => {
  test('[SETTLEMENT] the payment modal lists its invoices and the selected total follows the boxes', async ({ page }) => {
    const token = await loginViaApi(page);
    const table = await openSale(page, 'payments');
    await expect(table.getByTestId('payment-amount').first()).toHaveText(/^[₩$] \d{1,3}(,\d{3})*(\.\d{2})?$/);
    // a payment covering several invoices, from the API
    const list = await (
      await page.request.get('/api/calculate/buyPayment?start=0&length=10', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    let chosen: { row: number; invoices: { code: string; amount: string }[] } | undefined;
    for (const [row, p] of (list.dataset as { idx: number }[]).entries()) {
      const invoices = await (
        await page.request.get(`/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=${p.idx}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      if (invoices.length >= 2) {
        chosen = { row, invoices };
        break;
      }
    }
    expect(chosen).toBeDefined();
    await table.getByTestId('payment-detail-open').nth(chosen!.row).click();
    const modal = page.getByRole('dialog', { name: 'Payment detail' });
    await expect(modal.getByTestId('detail-invoice-row')).toHaveCount(chosen!.invoices.length);
    for (const inv of chosen!.invoices) await expect(modal.getByText(inv.code)).toBeVisible();
    const total = modal.getByTestId('selected-total');
    const all = sumCents(chosen!.invoices.map((i) => i.amount));
    await expect(total).toContainText(centsText(all));
    await expect(modal.getByTestId('detail-amount')).toBeVisible();
    await screenshot(page, 'settlement-payment-modal');

    await modal.getByRole('checkbox', { name: `Select invoice ${chosen!.invoices[0]!.code}` }).uncheck();
    const rest = sumCents(chosen!.invoices.slice(1).map((i) => i.amount));
    await expect(total).toContainText(centsText(rest));
    await expect(total).not.toContainText(centsText(all));
    // the header box (now indeterminate) selects all again, then none
    await modal.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(total).toContainText(centsText(all));
    await modal.getByRole('checkbox', { name: 'Select all rows' }).uncheck();
    await expect(total).toHaveText('No invoice selected');
  });

  test('[SETTLEMENT] attached files of a payment download', async ({ page }) => {
    await loginViaApi(page);
    const table = await openSale(page, 'payments');
    const buttons = table.getByTestId('payment-detail-open');
    const n = await buttons.count();
    for (let i = 0; i < n; i++) {
      await buttons.nth(i).click();
      const modal = page.getByRole('dialog', { name: 'Payment detail' });
      await expect(modal.getByTestId('detail-invoice-row').first()).toBeVisible();
      const files = modal.getByTestId('detail-files');
      await expect(files.or(modal.getByText('No attached files'))).toBeVisible();
      if (await files.isVisible()) {
        const link = files.getByRole('button').first();
        const name = (await link.innerText()).trim();
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toBe(name);
        await screenshot(page, 'settlement-payment-files');
        return;
      }
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
    }
    throw new Error('no payment with attachments on the first page');
  });

  test('[SETTLEMENT] Korean screen', async ({ page }) => {
    await loginViaApi(page, undefined, 'ko');
    await openSale(page, 'payments');
    await expect(page.getByRole('tab', { name: '결제 완료' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '입금자명' })).toBeVisible();
    await screenshot(page, 'settlement-payments-ko');
  });
});
