import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, screenshot, seriousA11yViolations, test } from './fixtures';

/**
 * Issue 14, defect 8: Korean words are never broken between syllables ("폐|기", "신소|율"); a
 * narrow screen scrolls a wide table sideways instead of squeezing its headers letter by letter.
 */

interface Screen {
  name: string;
  path: string;
  /** shown once the screen has its data */
  ready: (page: Page) => Locator[];
  /** the tables (data-testid) of the screen */
  tables: string[];
  /** a part drawn only when it comes into view (data-testid; the dashboard's map): scrolled to first */
  reveal?: string;
}

const rowOf = (page: Page, table: string) => page.getByTestId(table).getByTestId('table-row').first();

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: (p) => [p.getByTestId('global-sales-name').first(), p.getByTestId('monthly-bar').first(), p.getByTestId('map-country').first()],
    tables: [],
    reveal: 'world-map-slot',
  },
  {
    name: 'company',
    path: '/settings/companyEdit',
    ready: (p) => [rowOf(p, 'address-table'), rowOf(p, 'contact-table')],
    tables: ['address-table', 'contact-table'],
  },
  { name: 'books-list', path: '/products/booksList', ready: (p) => [rowOf(p, 'books-list')], tables: ['books-list'] },
  { name: 'invoices', path: '/calculate/sale', ready: (p) => [rowOf(p, 'invoices-table')], tables: ['invoices-table'] },
  { name: 'payments', path: '/calculate/sale?tab=payments', ready: (p) => [rowOf(p, 'payments-table')], tables: ['payments-table'] },
  {
    name: 'copyright-books',
    path: '/copyright/books',
    ready: (p) => [rowOf(p, 'copyright-books-table')],
    tables: ['copyright-books-table'],
  },
  { name: 'royalty', path: '/copyright/royalty', ready: (p) => [rowOf(p, 'royalty-table')], tables: ['royalty-table'] },
  { name: 'faq', path: '/help/faq', ready: (p) => [p.locator('[data-testid^="faq-"]').first()], tables: [] },
  { name: 'files', path: '/help/files', ready: (p) => [rowOf(p, 'files-table')], tables: ['files-table'] },
  { name: 'notice', path: '/help/bbs/notice', ready: (p) => [rowOf(p, 'board-table')], tables: ['board-table'] },
  { name: 'qna', path: '/help/bbs/qna', ready: (p) => [rowOf(p, 'board-table')], tables: ['board-table'] },
];

/**
 * Every place on the page where a line ends between two Hangul syllables of one word (no space
 * between them): the text around the break, e.g. "폐|기". Visually hidden text (1 px wide) is skipped.
 */
function splitWords(page: Page) {
  return page.evaluate(() => {
    const hangul = /[\uAC00-\uD7A3]/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || !hangul.test(text) || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.getBoundingClientRect().width <= 2) continue;
      let prev: { ch: string; top: number; i: number } | undefined;
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (/\s/.test(ch)) {
          prev = undefined;
          continue;
        }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.height === 0) continue;
        if (prev && rect.top > prev.top + rect.height / 2 && hangul.test(prev.ch) && hangul.test(ch)) {
          found.push(`${text.slice(0, i)}|${text.slice(i)}`.trim());
        }
        prev = { ch, top: rect.top, i };
      }
    }
    return found;
  });
}

/** Amounts ("₩ 2,039,774") and dates ("2026. 12. 02.") that take more than one line: the sign apart from its number, a day apart from its month. */
function wrappedAmounts(page: Page) {
  return page.evaluate(() => {
    const money = /^[₩$¥€£]\s*(?:[A-Z]{3})?\s*-?[\d,]+(?:\.\d+)?$/;
    const date = /^\d{4}[./-]\s*\d{1,2}[./-]\s*\d{1,2}\.?$|^\d{1,2}\/\d{1,2}\/\d{4}$/;
    const unit = (text: string) => money.test(text) || date.test(text);
    return [...document.querySelectorAll('td')]
      .filter((el) => unit((el.textContent ?? '').trim()) && el.checkVisibility())
      .filter((el) => {
        // the tops of its visible text (a visually hidden currency code, 1 px wide, does not count)
        const lines = new Set<number>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement!.getBoundingClientRect().width <= 2) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
        }
        return lines.size > 1;
      })
      .map((el) => (el.textContent ?? '').trim());
  });
}

/** Badges whose word is cut (an ellipsis or clipped text). */
function cutBadges(page: Page) {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((els) =>
      els.filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''),
    );
}

/** The header cells of a table whose text takes more than one line. */
function wrappedHeaders(table: Locator) {
  return table.locator('thead th').evaluateAll((ths) =>
    ths
      .map((th) => {
        // the lines of the header's words: its text nodes' boxes (a sort button's icon sits beside the words, not on a
        // line of its own, and its hidden description has no box)
        const lines = new Set<number>();
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
        }
        return { text: (th as HTMLElement).innerText.trim(), lines: lines.size };
      })
      .filter((h) => h.text && h.lines > 1)
      .map((h) => `${h.text} (${h.lines} lines)`),
  );
}

async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  if (screen.reveal) await page.getByTestId(screen.reveal).scrollIntoViewIfNeeded({ timeout: 20_000 });
  for (const part of screen.ready(page)) await expect(part).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
}

test.describe('[I18N] Korean line breaking', () => {
  for (const width of [390, 1440]) {
    test(`[I18N] no Korean word or amount is broken and no table header wraps on any list screen at ${width} px`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      await loginViaApi(page, DEMO, 'ko');
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await open(page, screen);
        await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
        for (const split of await splitWords(page)) problems.push(`${screen.name}: ${split}`);
        for (const badge of await cutBadges(page)) problems.push(`${screen.name} badge: ${badge}`);
        for (const amount of await wrappedAmounts(page)) problems.push(`${screen.name} amount or date: ${amount}`);
        for (const table of screen.tables) {
          for (const h of await wrappedHeaders(page.getByTestId(table))) problems.push(`${screen.name} header: ${h}`);
        }
        await screenshot(page, `ko-text-${screen.name}-ko-${width}`);
        for (const v of await seriousA11yViolations(page)) problems.push(`${screen.name} axe: ${v}`);
      }
      expect(problems).toEqual([]);
    });
  }

  test('[I18N] at 390 px a wide table scrolls sideways inside its own region, the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaApi(page, DEMO, 'ko');
    await open(
      page,
      SCREENS.find((s) => s.name === 'royalty')!,
    );
    const region = page.getByRole('region', { name: '인세 금액이 포함된 인세 내역' });
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the header "증정 / 폐기" is one line: its text is no higher than one line
    const header = page.getByRole('columnheader', { name: '증정 / 폐기' });
    const text = await header.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return { height: range.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
    });
    expect(text.height).toBeLessThan(text.lineHeight * 1.5);
  });

  test('[I18N] the screens in English at 390 and 1440 px: headers and amounts on one line, axe clean', async ({ page }) => {
    test.setTimeout(240_000);
    await loginViaApi(page, DEMO, 'en');
    const problems: string[] = [];
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of SCREENS) {
        await open(page, screen);
        for (const badge of await cutBadges(page)) problems.push(`${screen.name} badge: ${badge}`);
        for (const amount of await wrappedAmounts(page)) problems.push(`${screen.name} amount or date: ${amount}`);
        for (const table of screen.tables) {
          for (const h of await wrappedHeaders(page.getByTestId(table))) problems.push(`${screen.name} header: ${h}`);
        }
        await screenshot(page, `ko-text-${screen.name}-en-${width}`);
        if (width === 390) for (const v of await seriousA11yViolations(page)) problems.push(`${screen.name} axe: ${v}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe('[I18N] names in the upload review', () => {
  // books-300.xlsx: 260 ISBNs of the demo catalogue, whose publishers include "도서출판 새벽별"
  const BOOKS_300 = readFileSync(path.join(import.meta.dirname, 'fixtures/books-300.xlsx'));

  for (const [lang, width] of [
    ['ko', 390],
    ['ko', 1440],
    ['en', 390],
    ['en', 1440],
  ] as const) {
    test(`[I18N] the review shows every title, author and publisher whole (${lang}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginViaApi(page, DEMO, lang);
      await page.goto('/settings/excelUpload');
      await page.locator('input[type=file]').setInputFiles({
        name: 'books.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: BOOKS_300,
      });
      const table = page.getByTestId('review-table');
      await expect(table.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
      // 50 rows: the 30 to fill in by hand come first, then found books of every one of the catalogue's 20 publishers
      await table.getByTestId('per-page').click();
      await page.getByRole('option', { name: '50', exact: true }).click();
      await expect(table.getByTestId('table-row')).toHaveCount(50);
      const fields = table.locator('[data-testid="edit-title"], [data-testid="edit-author"], [data-testid="edit-pub_nm"]');
      await expect(fields).toHaveCount(150);
      const cut = await fields.evaluateAll((els) =>
        (els as HTMLInputElement[])
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          .map((el) => `${el.dataset.testid}: ${el.value}`),
      );
      expect(cut).toEqual([]);
      const publishers = await table.getByTestId('edit-pub_nm').evaluateAll((els) => (els as HTMLInputElement[]).map((el) => el.value));
      expect(publishers).toContain('도서출판 새벽별');
      if (lang === 'ko') expect(await splitWords(page)).toEqual([]);
      expect(await wrappedHeaders(table)).toEqual([]);
      await screenshot(page, `ko-text-review-${lang}-${width}`);
      if (width === 390) {
        // the table scrolled sideways to the publishers
        await table.getByTestId('edit-pub_nm').nth(32).scrollIntoViewIfNeeded();
        await screenshot(page, `ko-text-review-${lang}-${width}-publishers`);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

test.describe('[I18N] Korean particles', () => {
  test('[I18N] the login form in Korean: "저자 아이디를 입력해 주세요", not "저자 아이디을(를)"', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText('저자 아이디를 입력해 주세요')).toBeVisible();
    await expect(page.getByText('비밀번호를 입력해 주세요')).toBeVisible();
    await expect(page.getByText(/\((을|를|이|가)\)/)).toHaveCount(0);
    await screenshot(page, 'ko-text-login-validation-ko');
    await context.close();
  });

  test('[I18N] the company form in Korean: "회사명을 입력해 주세요", "대표자 이름을 입력해 주세요"', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto('/settings/companyEdit');
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel('회사명')).toHaveValue(/Hanbit/);
    await form.getByLabel('회사명').fill('');
    await form.getByLabel('대표자 이름').fill('');
    await form.getByRole('button', { name: '저장' }).click();
    await expect(form.getByText('회사명을 입력해 주세요')).toBeVisible();
    await expect(form.getByText('대표자 이름을 입력해 주세요')).toBeVisible();
    await expect(form.getByText(/\((을|를|이|가)\)/)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ko-text-company-validation-ko');
  });
});
