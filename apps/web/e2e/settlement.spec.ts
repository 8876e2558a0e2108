import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO2, expect, expectNoA11yViolations, loginViaApi, offScreenTotals, screenshot, seriousA11yViolations, test } from './fixtures';

/** a token of another company, for API checks */
async function loginToken(page: Page, who: { id: string; password: string }) {
  const res = await page.request.post('/api/company/login', { data: { id: who.id, password: who.password, company_division: 'AUT' } });
  return ((await res.json()) as { access_token: string }).access_token;
}

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
    // paid rows are further down (the newest invoices are unpaid): from the last page back until one shows
    // (how many unpaid ones the last page holds depends on what other specs added: the console's import)
    const showing = page.getByTestId('showing').first();
    await table.getByRole('button', { name: 'Last page' }).click();
    await expect(showing).not.toHaveText(/^Showing 1 to 10 of/);
    const paid = table.locator('[data-paid="Y"]').first();
    for (let back = 0; back < 5; back++) {
      await expect(showing).toHaveText(/^Showing \d+ to \d+ of \d+ entries$/);
      if (await paid.count()) break;
      const before = await showing.textContent();
      await table.getByRole('button', { name: 'Previous page' }).click();
      await expect(showing).not.toHaveText(before ?? '');
    }
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
        await page.request.get(`/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=${p.idx}`, {
          headers: { authorization: `Bearer ${token}` },
        })
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
    await expectNoA11yViolations(page);
    // the payment detail names its currency in words (미국 달러 (USD $)), not only by its code
    await page.getByTestId('payment-detail-open').first().click();
    const modal = page.getByRole('dialog', { name: '결제 상세' });
    await expect(modal.getByTestId('detail-invoice-row').first()).toBeVisible();
    await expect(modal.getByTestId('detail-currency')).toHaveText(/^[가-힣 ]+ \([A-Z]{3} \S+\)$/);
    await screenshot(page, 'settlement-payment-detail-ko-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'settlement-payment-detail-ko-390');
  });
});

/** decimal string → integer cents (exact) */
const cents = (a: string) => sumCents([a]);
/** "₩KRW 1,234" / "$USD 1,234.50" (icon, hidden currency name, amount) → integer cents */
const shownCents = (text: string) => {
  const m = /([\d,]+)(?:\.(\d\d))?\s*$/.exec(text.trim());
  if (!m) throw new Error(`no amount in ${text}`);
  return BigInt(m[1]!.replace(/,/g, '')) * 100n + BigInt(m[2] ?? '0');
};

test.describe('[SETTLEMENT] invoice amounts, totals and detail', () => {
  test('[SETTLEMENT] invoices show the amount with its currency, and per-currency totals of the page and of the search', async ({
    page,
  }) => {
    const token = await loginViaApi(page);
    const table = await openSale(page);
    const api = await (
      await page.request.get('/api/calculate/buyInvoiceSend?start=0&length=10', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const rows = api.dataset as { amount: string; currency_name: string; currency_icon: string }[];
    // the amount column: icon, then the amount of the row
    const shown = await table.getByTestId('invoice-amount').allInnerTexts();
    expect(shown).toHaveLength(rows.length);
    shown.forEach((text, i) => {
      expect(text.startsWith(rows[i]!.currency_icon), text).toBe(true);
      expect(shownCents(text)).toBe(cents(rows[i]!.amount));
    });
    // page totals: the exact sum of the rows shown, one line per currency
    for (const currency of new Set(rows.map((r) => r.currency_name))) {
      const sum = sumCents(rows.filter((r) => r.currency_name === currency).map((r) => r.amount));
      const line = table.getByTestId(`page-total-${currency}`);
      await expect(line).toContainText(`Page total ${currency}`);
      expect(shownCents(await line.locator('td').first().innerText())).toBe(sum);
    }
    // search totals: every invoice of the filter (the seeded demo has KRW and USD)
    for (const tot of api.totals as { currency: string; cnt: number; amount: string }[]) {
      const line = table.getByTestId(`filter-total-${tot.currency}`);
      await expect(line).toContainText(`Search total ${tot.currency} (invoices: ${tot.cnt})`);
      await expect(line.locator('td').first()).toContainText(centsText(cents(tot.amount)));
    }
    expect((api.totals as { cnt: number }[]).reduce((n, x) => n + x.cnt, 0)).toBe(api.total_cnt);
    // a narrower search narrows the search totals
    await page.getByRole('checkbox', { name: 'Credit only' }).check();
    await page.getByTestId('search-submit').click();
    await expect(table.getByTestId('filter-total-KRW')).toContainText(/\(invoices: \d\d?\)/);
    await screenshot(page, 'settlement-invoices-totals');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('[SETTLEMENT] an invoice opens its detail with the lines adding up to its amount; unpaid stays bold red', async ({ page }) => {
    const token = await loginViaApi(page);
    const table = await openSale(page);
    const row = table.getByTestId('table-row').first();
    const code = (await row.getByTestId('invoice-detail-open').innerText()).trim();
    await row.getByTestId('invoice-detail-open').click();
    const modal = page.getByRole('dialog', { name: 'Invoice detail' });
    await expect(modal.getByTestId('invoice-code')).toHaveText(code);
    const lines = modal.getByTestId('invoice-line');
    await expect(lines.first()).toBeVisible();
    const idx = (
      (await (
        await page.request.get('/api/calculate/buyInvoiceSend?start=0&length=1', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { dataset: { idx: number }[] }
    ).dataset[0]!.idx;
    const detail = await (
      await page.request.get(`/api/calculate/buyInvoiceSend/${idx}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(detail.code).toBe(code);
    await expect(lines).toHaveCount(detail.lines.length);
    // the lines shown add up to the invoice total shown
    const lineCents = (await modal.getByTestId('invoice-line-amount').allInnerTexts()).map(shownCents);
    const total = shownCents(await modal.getByTestId('invoice-lines-total').innerText());
    expect(lineCents.reduce((a, b) => a + b, 0n)).toBe(total);
    expect(total).toBe(cents(detail.amount));
    // the newest invoices are unpaid: bold red in the detail too
    const unpaid = modal.locator('[data-paid="N"]');
    await expect(unpaid).toHaveText('Unpaid');
    expect(Number(await unpaid.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
    await screenshot(page, 'settlement-invoice-detail');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    // another company's invoice is not found
    const other = await page.request.get(`/api/calculate/buyInvoiceSend/${idx}`, {
      headers: { authorization: `Bearer ${await loginToken(page, DEMO2)}` },
    });
    expect(other.status()).toBe(404);
  });

  for (const [lang, pageLabel, filterLabel] of [
    ['en', 'Page total KRW', 'Search total KRW'],
    ['ko', '이 페이지 합계 KRW', '검색 결과 합계 KRW'],
  ] as const) {
    test(`[SETTLEMENT] at 390 px the invoice totals are read without scrolling the table sideways; at 1440 px they stay under the amount column (${lang})`, async ({
      page,
    }) => {
      await loginViaApi(page, undefined, lang);
      await page.setViewportSize({ width: 390, height: 844 });
      const table = await openSale(page);
      const foot = table.getByTestId('invoice-totals');
      await expect(table.getByTestId('page-total-KRW')).toContainText(pageLabel);
      await expect(table.getByTestId('filter-total-KRW')).toContainText(filterLabel);
      await expect(table.getByTestId('filter-total-KRW')).toContainText(/[\d,]+\.\d\d/);
      expect(await offScreenTotals(foot)).toEqual([]);
      await screenshot(page, `settlement-invoices-totals-390-${lang}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // wide: the label right-aligned over the columns before the amount, the amount in its column
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(table.getByTestId('filter-total-KRW').getByRole('rowheader')).toContainText(filterLabel);
      const amountHeader = table.getByRole('columnheader', { name: lang === 'ko' ? '금액' : 'Amount', exact: true });
      const amountCell = table.getByTestId('filter-total-KRW').locator('td').first();
      await expect.poll(async () => Math.abs((await amountCell.boundingBox())!.x - (await amountHeader.boundingBox())!.x)).toBeLessThan(2);
      expect(await offScreenTotals(foot)).toEqual([]);
    });
  }

  for (const lang of ['en', 'ko'] as const) {
    test(`[SETTLEMENT] the invoice detail shows supply value, VAT or the exempt mark per line, and the totals, as the PDF does (${lang})`, async ({
      page,
    }) => {
      // a dozen API and page round trips: slow on a loaded machine
      test.slow();
      const token = await loginViaApi(page, undefined, lang);
      const auth = { headers: { authorization: `Bearer ${token}` } };
      type Detail = {
        code: string;
        amount: string;
        supply_total: string;
        vat_total: string;
        lines: { supply_amount: string; vat_amount: string; vat_exempt: boolean; amount: string; qty: number; unit_price: string }[];
      };
      // a Korean invoice of the first page with a taxable and an exempt line (the demo has several)
      const list = (await (await page.request.get('/api/calculate/buyInvoiceSend?start=0&length=10', auth)).json()) as {
        dataset: { idx: number; issuer: string }[];
      };
      let found: Detail | null = null;
      for (const r of list.dataset.filter((x) => x.issuer === 'KOR')) {
        const d = (await (await page.request.get(`/api/calculate/buyInvoiceSend/${r.idx}`, auth)).json()) as Detail;
        if (d.lines.some((l) => l.vat_exempt) && d.lines.some((l) => !l.vat_exempt)) {
          found = d;
          break;
        }
      }
      expect(found, 'a mixed invoice on the first page').not.toBeNull();
      const detail = found!;
      const table = await openSale(page);
      await table.getByTestId('invoice-detail-open').filter({ hasText: detail.code }).click();
      const modal = page.getByRole('dialog', { name: lang === 'ko' ? '청구서 상세' : 'Invoice detail' });
      const words =
        lang === 'ko'
          ? ['공급가액', '세액', '면세', '공급가액 합계', '세액 합계']
          : ['Supply value', 'VAT', 'VAT-exempt', 'Supply value total', 'VAT total'];
      await expect(modal.getByRole('columnheader', { name: words[0], exact: true })).toBeVisible();
      await expect(modal.getByRole('columnheader', { name: words[1], exact: true })).toBeVisible();
      const lines = modal.getByTestId('invoice-line');
      await expect(lines).toHaveCount(detail.lines.length);
      // each column read at once: supply value = qty × unit price; amount = supply + VAT; an exempt line shows the mark
      const supply = (await lines.getByTestId('invoice-line-supply').allInnerTexts()).map(shownCents);
      const vat = await lines.getByTestId('invoice-line-vat').allInnerTexts();
      const amount = (await lines.getByTestId('invoice-line-amount').allInnerTexts()).map(shownCents);
      for (const [i, l] of detail.lines.entries()) {
        expect(supply[i]).toBe(cents(l.supply_amount));
        expect(cents(l.supply_amount)).toBe(cents(l.unit_price) * BigInt(l.qty));
        if (l.vat_exempt) expect(vat[i]!.toLowerCase()).toBe(words[2]!.toLowerCase());
        else expect(shownCents(vat[i]!)).toBe(cents(l.vat_amount));
        expect(amount[i]).toBe(cents(l.supply_amount) + cents(l.vat_amount));
      }
      await expect(modal.getByRole('rowheader', { name: words[3], exact: true })).toBeVisible();
      await expect(modal.getByRole('rowheader', { name: words[4], exact: true })).toBeVisible();
      expect(shownCents(await modal.getByTestId('invoice-supply-total').innerText())).toBe(cents(detail.supply_total));
      expect(shownCents(await modal.getByTestId('invoice-vat-total').innerText())).toBe(cents(detail.vat_total));
      expect(cents(detail.supply_total) + cents(detail.vat_total)).toBe(cents(detail.amount));
      // KRW in its minor unit: no decimals, the won sign in front
      await expect(modal.getByTestId('invoice-lines-total')).toHaveText(/^₩[\d,]+$/);
      await screenshot(page, `settlement-invoice-detail-vat-${lang}`);
      await expectNoA11yViolations(page);
    });
  }

  test('[SETTLEMENT] the invoice detail in Korean', async ({ page }) => {
    await loginViaApi(page, undefined, 'ko');
    const table = await openSale(page);
    await expect(table.getByRole('columnheader', { name: '금액' })).toBeVisible();
    await expect(table.getByTestId('filter-total-KRW')).toContainText(/검색 결과 합계 KRW \(\d+건\)/);
    await table.getByTestId('invoice-detail-open').first().click();
    const modal = page.getByRole('dialog', { name: '청구서 상세' });
    await expect(modal.getByRole('columnheader', { name: '단가' })).toBeVisible();
    await expect(modal.getByText('청구서 합계')).toBeVisible();
    await screenshot(page, 'settlement-invoice-detail-ko');
  });
});

/** The demo operator (apps/server/src/db/seed/admin.ts). */
const OPERATOR = { id: 'operator', password: 'operator-demo-1' };

/** Imports a CSV of a kind as the operator, through the API (the console's own call). */
async function operatorImport(page: Page, kind: string, csv: string) {
  const login = await page.request.post('/api/admin/login', { data: OPERATOR });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await page.request.post(`/api/admin/imports/${kind}`, {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { file: { name: `${kind}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  // an import is a job: 202 with its run, then the run is polled until it has finished
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: number };
  let run: { status: string; committed: boolean; report: { errors: unknown[] } | null } | undefined;
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/admin/import-runs/${id}`, { headers: { authorization: `Bearer ${access_token}` } });
        run = (await r.json()) as typeof run;
        return run!.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  expect(run!.report?.errors).toEqual([]);
  expect(run!.committed).toBe(true);
}

test.describe('[SETTLEMENT] balances (issue 55)', () => {
  // three invoices of January 2001 (the last rows of the demo's list): ₩298 of which ₩296 paid, ₩1,100 unpaid
  // and long overdue, ₩1,100 paid in full
  const line = (code: string, price: string) => `demo,${code},Ledger ${code},KOR,onCredit,KRW,2001-01-15,2001-02-14,S,1,Line,1,${price},N,`;
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await operatorImport(
      page,
      'invoices',
      [
        'company_id,code,title,issuer,item,currency,created_day,due_date,state,line_no,description,qty,unit_price,vat_exempt,amount',
        line('E2E-PARTIAL', '271'),
        line('E2E-OVERDUE', '1000'),
        line('E2E-PAID', '1000'),
      ].join('\n'),
    );
    await operatorImport(
      page,
      'payments',
      [
        'company_id,reference,depositor,deposit_date,currency,amount,type,invoice_code,covered_amount',
        'demo,E2E-PAY-PARTIAL,Ledger Depositor,2001-01-20,KRW,296,remittance,E2E-PARTIAL,296',
        'demo,E2E-PAY-FULL,Ledger Depositor,2001-01-21,KRW,1100,remittance,E2E-PAID,',
      ].join('\n'),
    );
    await page.close();
  });

  for (const [lang, partial, paid, overdue, invoiceAmount, covered] of [
    ['en', 'Partially paid · ₩2 outstanding', 'Paid', 'Overdue', 'Invoice amount', 'Covered by this payment'],
    ['ko', '부분 결제 · 미결제 잔액 ₩2', '결제 완료', '연체', '청구 금액', '이 결제의 충당 금액'],
  ] as const) {
    test(`[SETTLEMENT] a partially paid and an overdue invoice read differently from a paid one; the payment detail shows invoice and covered amounts (${lang})`, async ({
      page,
    }) => {
      // two screens with an axe scan each
      test.setTimeout(150_000);
      await loginViaApi(page, undefined, lang);
      await openSale(page);
      await page.getByTestId('date-range').fill('20010101~20010131');
      await page.getByTestId('search-submit').click();
      const table = invoicesTable(page);
      const rowOf = (code: string) => table.getByTestId('table-row').filter({ hasText: code });
      await expect(table.getByTestId('table-row')).toHaveCount(3);
      // in text, not colour alone
      await expect(rowOf('E2E-PARTIAL').getByTestId('payment-state')).toHaveText(partial);
      await expect(rowOf('E2E-PARTIAL').getByTestId('invoice-balance')).toHaveAttribute('data-balance', 'partial');
      await expect(rowOf('E2E-PAID').getByTestId('payment-state')).toHaveText(paid);
      await expect(rowOf('E2E-PAID').getByTestId('invoice-overdue')).toHaveCount(0);
      await expect(rowOf('E2E-OVERDUE').getByTestId('invoice-overdue')).toHaveText(overdue);
      await expect(rowOf('E2E-PARTIAL').getByTestId('invoice-overdue')).toHaveText(overdue);
      // KRW has no minor unit: the amount without decimals
      await expect(rowOf('E2E-PARTIAL').getByTestId('invoice-amount')).toContainText('298');
      await expect(rowOf('E2E-PARTIAL').getByTestId('invoice-amount')).not.toContainText('298.00');
      await expectNoA11yViolations(page);
      await screenshot(page, `settlement-balances-${lang}`);

      await page.goto('/calculate/sale?tab=payments');
      await page.getByTestId('date-range').fill('20010101~20010131');
      await page.getByTestId('search-submit').click();
      const payments = paymentsTable(page);
      await expect(payments.getByTestId('table-row')).toHaveCount(2);
      await payments.getByTestId('table-row').filter({ hasText: '296' }).getByTestId('payment-detail-open').click();
      const detail = page.getByTestId('payment-detail');
      await expect(detail.getByRole('columnheader', { name: invoiceAmount, exact: true })).toBeVisible();
      await expect(detail.getByRole('columnheader', { name: covered, exact: true })).toBeVisible();
      // the invoice's amount, then what this payment covered of it (and what it still owes)
      const cells = detail.getByRole('row').filter({ hasText: 'E2E-PARTIAL' }).getByRole('cell');
      await expect(cells.nth(2)).toHaveText('₩ 298');
      await expect(cells.nth(3)).toContainText('₩ 296');
      await expect(cells.nth(3)).toContainText(lang === 'en' ? '₩2 outstanding' : '미결제 잔액 ₩2');
      await expectNoA11yViolations(page, 'the payment detail');
      await screenshot(page, `settlement-payment-detail-balance-${lang}`);
    });
  }
});

test.describe('[SETTLEMENT] payment totals (issue 59)', () => {
  for (const [lang, label] of [
    ['en', /^Search total (\w{3}) \(payments: ([\d,]+)\)$/],
    ['ko', /^검색 결과 합계 (\w{3}) \(([\d,]+)건\)$/],
  ] as const) {
    test(`[SETTLEMENT] the payment list ends with the per-currency totals of its search, as its export does (${lang})`, async ({
      page,
    }) => {
      await loginViaApi(page, undefined, lang);
      const answer = page.waitForResponse((r) => r.url().includes('/api/calculate/buyPayment?'));
      const table = await openSale(page, 'payments');
      const { totals } = (await (await answer).json()) as { totals: { currency: string; cnt: number; amount: string }[] };
      expect(totals.length).toBeGreaterThan(0);
      const foot = table.getByTestId('payment-totals');
      for (const x of totals) {
        const line = foot.getByTestId(`filter-total-${x.currency}`);
        const text = await line.locator('th, td span').first().innerText();
        const [, currency, count] = label.exec(text.trim()) ?? [];
        expect([currency, Number(count?.replace(/,/g, ''))]).toEqual([x.currency, x.cnt]);
        // the exact sum, 2 decimals (spec §9: totals show 2 decimals)
        expect((await line.innerText()).replace(/[^\d.]/g, '').endsWith(x.amount.replace(/[^\d.]/g, ''))).toBe(true);
      }
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(foot.getByTestId(`filter-total-${totals[0]!.currency}`)).toBeVisible();
        expect(await offScreenTotals(foot)).toEqual([]);
        await expectNoA11yViolations(page, `payments tab with totals (${lang}, ${width} px)`);
        await screenshot(page, `settlement-payments-totals-${lang}-${width}`);
      }
    });
  }
});
