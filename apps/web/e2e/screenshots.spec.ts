import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, runAxe, test } from './fixtures';

/**
 * Every screen of the app as the demo company, in Korean and English, at a desktop (1440x900) and a
 * phone (390x844) size: full-page PNGs in test-results/screens/<lng>-<width>-<screen>.png for people
 * to look at, and axe (WCAG 2 A/AA, no serious or critical violation) on each screen. One login per
 * language and size; each screen is taken once it has settled (no skeleton, no busy table, no
 * loader), never after a fixed sleep.
 */
const SCREENS_DIR = path.resolve(import.meta.dirname, '../../../test-results/screens');

const LANGS = ['ko', 'en'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Whatever still loads: skeleton rows, a busy table, a loader. */
const LOADING = '[data-testid="table-skeleton"], [aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root';

interface Screen {
  name: string;
  path: string;
  /** what shows once the screen has its data (besides the heading) */
  ready?: (page: Page) => Locator;
  /** a part drawn only when it comes into view (data-testid; the dashboard's map): scrolled to first */
  reveal?: string;
}

const firstRow = (testId: string) => (page: Page) => page.getByTestId(testId).getByTestId('table-row').first();

// neighbours are different page components, so each screen mounts a new heading (see go())
const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/dashboard', ready: (p) => p.getByTestId('map-country').first(), reveal: 'world-map-slot' },
  { name: 'company-edit', path: '/settings/companyEdit', ready: (p) => p.getByTestId('address-table').getByTestId('table-row').first() },
  // (issue 58) the user's own account: who is logged in, its sessions
  { name: 'account', path: '/settings/account', ready: (p) => p.getByTestId('session-row').first() },
  { name: 'excel-upload', path: '/settings/excelUpload', ready: (p) => p.getByTestId('books-file') },
  { name: 'books-list', path: '/products/booksList', ready: firstRow('books-list') },
  { name: 'sale-invoices', path: '/calculate/sale', ready: firstRow('invoices-table') },
  { name: 'copyright-books', path: '/copyright/books', ready: (p) => p.getByTestId('table-row').first() },
  { name: 'sale-payments', path: '/calculate/sale?tab=payments', ready: firstRow('payments-table') },
  { name: 'royalty', path: '/copyright/royalty', ready: (p) => p.getByTestId('table-row').first() },
  { name: 'board-notice', path: '/help/bbs/notice', ready: (p) => p.getByTestId('table-row').first() },
  { name: 'help-faq', path: '/help/faq' },
  { name: 'board-qna', path: '/help/bbs/qna', ready: (p) => p.getByTestId('table-row').first() },
  { name: 'help-files', path: '/help/files', ready: (p) => p.getByTestId('table-row').first() },
  { name: 'board-qna-write', path: '/help/bbs/qna/edit', ready: (p) => p.locator('.ProseMirror') },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'lock', path: '/lock', ready: (p) => p.getByTestId('placeholder-page') },
];

/**
 * In-app navigation (the router follows popstate), much cheaper than reloading the app for every
 * screen. The old heading is marked first, so the new screen is the one with an unmarked heading.
 */
async function go(page: Page, to: string) {
  await page.evaluate((path) => {
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-stale', ''));
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  await expect(page.locator('h1:not([data-stale])').first()).toBeVisible();
}

async function settle(page: Page, ready?: (page: Page) => Locator, reveal?: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (reveal) await page.getByTestId(reveal).scrollIntoViewIfNeeded();
  if (ready) await expect(ready(page)).toBeVisible();
  await expect(page.locator(LOADING)).toHaveCount(0);
}

/**
 * In a full-page picture the fixed footer would sit one viewport down, over the content: there it
 * goes to the end of the page, into the room the layout keeps for it.
 */
const FULL_PAGE_CSS =
  'html { position: relative; } .mantine-AppShell-footer { position: absolute !important; top: auto !important; bottom: 0 !important; }';

async function capture(page: Page, file: string, problems: string[], axe: boolean) {
  await page.screenshot({ path: path.join(SCREENS_DIR, `${file}.png`), fullPage: true, style: FULL_PAGE_CSS });
  if (!axe) return;
  const { violations } = await runAxe(page);
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    problems.push(
      `${file}: ${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
    );
}

for (const lng of LANGS) {
  for (const size of SIZES) {
    test(`[SCREENS] every screen as demo in ${lng} at ${size.width}x${size.height}`, async ({ browser }) => {
      // under a minute on a quiet machine; generous for a busy one
      test.setTimeout(240_000);
      mkdirSync(SCREENS_DIR, { recursive: true });
      const context = await browser.newContext({ viewport: size, locale: lng === 'ko' ? 'ko-KR' : 'en-US' });
      const problems: string[] = [];
      const at = (name: string) => `${lng}-${size.width}-${name}`;
      // axe checks every screen at both sizes in Korean (the other specs run it in English at desktop
      // size); the English passes only take pictures, since axe is most of this spec's time
      const axe = lng === 'ko';

      // the screens without a session first, before the session is stored
      const anon = await context.newPage();
      await anon.addInitScript((l) => localStorage.setItem('portal.lang', l), lng);
      await anon.goto('/login');
      await expect(anon.getByRole('button', { name: lng === 'ko' ? '로그인' : 'Log in' })).toBeVisible();
      await capture(anon, at('login'), problems, axe);
      await anon.goto('/register');
      await expect(anon.getByTestId('placeholder-page')).toBeVisible();
      await capture(anon, at('register'), problems, axe);
      await anon.close();

      const page = await context.newPage();
      const token = await loginViaApi(page, DEMO, lng);
      for (const [i, s] of SCREENS.entries()) {
        // the first screen loads the app; the others are reached inside it
        if (i === 0) await page.goto(s.path);
        else await go(page, s.path);
        await settle(page, s.ready, s.reveal);
        await capture(page, at(s.name), problems, axe);
      }

      // a post and the review of an upload are reached from their screens
      await go(page, '/help/bbs/qna');
      await settle(page, (p) => p.getByTestId('table-row').first());
      await page.getByTestId('post-link').first().click();
      await expect(page).toHaveURL(/\/help\/bbs\/qna\/view\/\d+/);
      await settle(page, (p) => p.getByTestId('post-content').first());
      await capture(page, at('board-qna-view'), problems, axe);

      await go(page, '/settings/excelUpload');
      await settle(page, (p) => p.getByTestId('books-file'));
      const template = await page.request.post('/api/help/fileDownload', {
        data: { customer_type: 'company', fileName: 'books.xlsx' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(template.status()).toBe(200);
      await page.locator('input[type=file]').setInputFiles({
        name: 'books.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await template.body()),
      });
      await settle(page, (p) => p.getByTestId('review-table').getByTestId('table-row').first());
      await capture(page, at('excel-upload-review'), problems, axe);

      await context.close();
      expect(problems).toEqual([]);
    });
  }
}
