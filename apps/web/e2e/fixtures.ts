import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import axeCore, { type AxeResults, type RunOptions } from 'axe-core';

export const DEMO = { id: 'demo', password: 'demo1234' };
export const DEMO2 = { id: 'demo2', password: 'demo1234' };

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** Logs in through the login screen and waits for the dashboard (or the redirect target). */
export async function loginViaUi(page: Page, who = DEMO, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Author ID').fill(who.id);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Logs in through the API and stores the session the way the app does: fast set-up for other specs. */
export async function loginViaApi(page: Page, who = DEMO, lang = 'en') {
  const res = await page.request.post('/api/company/login', {
    data: { id: who.id, password: who.password, company_division: 'AUT' },
  });
  expect(res.status()).toBe(200);
  const { access_token, expires_in } = (await res.json()) as { access_token: string; expires_in: number };
  await page.addInitScript(
    ([token, exp, lng]) => {
      if (!sessionStorage.getItem('e2e.session.set')) {
        localStorage.setItem('portal.token', token);
        localStorage.setItem('portal.expiresAt', String(Date.now() + exp * 1000));
        localStorage.setItem('portal.lang', lng);
        sessionStorage.setItem('e2e.session.set', '1');
      }
    },
    [access_token, expires_in, lang] as const,
  );
  return access_token;
}

/** A full-page screenshot kept under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The words of a totals footer (tfoot) that lie outside its table's scrolled viewport as it is now:
 * read "text left–right" for each; empty when every label and amount can be read without scrolling.
 */
export function offScreenTotals(tfoot: Locator) {
  return tfoot.evaluate((foot) => {
    const view = (foot.closest('[role="region"]') ?? document.documentElement).getBoundingClientRect();
    const right = Math.min(view.right, window.innerWidth);
    const walker = document.createTreeWalker(foot, NodeFilter.SHOW_TEXT);
    const out: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (!text || n.parentElement?.closest('.mantine-VisuallyHidden-root, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.left < view.left - 1 || r.right > right + 1)
        out.push(`${text} ${Math.round(r.left)}–${Math.round(r.right)} (view ${Math.round(view.left)}–${Math.round(right)})`);
    }
    return out;
  });
}

/** The screens (path names) each page has been axe-checked on, for the end-of-test check below. */
const checkedScreens = new WeakMap<Page, Set<string>>();

/**
 * The page as axe last saw it: its document, address and the DOM changes counted in it (the page fixture's
 * MutationObserver). The check at a test's end skips a scan when the page has not changed since the test's own
 * last one, as 6 of the 18 tests of auth.spec.ts end (counted 2026-12-07).
 */
const lastScan = new WeakMap<Page, string>();
const domState = (page: Page) =>
  page
    .evaluate(() => `${performance.timeOrigin} ${location.href} ${(window as { __e2eChanges?: number }).__e2eChanges ?? 'none'}`)
    .catch(() => null);
const screenOf = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol.startsWith('http') ? u.pathname : null;
  } catch {
    return null;
  }
};

/**
 * Waits (up to 3 s each) until nothing on the page is fading: a dialog or notification still fading in
 * or out blends its colours with the page behind it (axe read 1.01:1 on a closing modal's label, 1.09:1
 * on a notification closing by itself).
 */
async function settled(page: Page) {
  // finite transitions and animations that are running now
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // a dialog or notification opened just now may not have started its transition when the check above
  // ran (no animation yet): wait until each one and what holds it are fully opaque (axe read 3.09:1 on a
  // confirm button fading in)
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"], .mantine-Notification-root')].every((d) => {
          for (let e: Element | null = d; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
          return true;
        }),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] };
type WithAxe = Window & { axe?: typeof axeCore };

/**
 * axe (WCAG 2 A/AA) on the page as it is now: `axe.run` in the page, axe-core's source put in once per
 * document. AxeBuilder's analyze() puts the 0.5 MB source in again on each call and finishes every run
 * in a new blank page; on one screen that took 3.4x as long (9.4 s against 2.8 s a scan at load 33,
 * docs/decisions/ci-time.md), and axe was 55–65 % of a test's time. A page with frames still goes
 * through AxeBuilder, which runs axe in each frame. `resultTypes: ['violations']`: the other results
 * name one node each (the violations are complete).
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options(AXE_OPTIONS).analyze();
  // (functions given to page.evaluate run in the page: they cannot share a helper of this file)
  if (!(await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function'))) await page.evaluate(axeCore.source);
  return page.evaluate((options) => (window as WithAxe).axe!.run(document, options), AXE_OPTIONS);
}

const seriousOf = (result: AxeResults) =>
  result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary ?? ''})`)
          .join(', ')}`,
    );

/**
 * axe (WCAG 2 A/AA) on the page as it is now: the serious and critical violations, as readable lines.
 * A notification may start to close by itself (2.5 s after it opened) while axe runs: what axe found is
 * confirmed by a second run once the page has settled, so a violation is one that stays, not a frame of a fade.
 */
export async function seriousA11yViolations(page: Page) {
  await settled(page);
  let found = seriousOf(await runAxe(page));
  if (found.length) {
    await page.waitForTimeout(500);
    await settled(page);
    found = seriousOf(await runAxe(page));
  }
  const state = await domState(page);
  if (state) lastScan.set(page, state);
  const screen = screenOf(page.url());
  if (screen) {
    if (!checkedScreens.has(page)) checkedScreens.set(page, new Set());
    checkedScreens.get(page)!.add(screen);
  }
  return found;
}

/** Fails the test when axe finds a serious or critical violation on the page as it is now. */
export async function expectNoA11yViolations(page: Page, what = screenOf(page.url()) ?? page.url()) {
  expect(await seriousA11yViolations(page), `axe: serious/critical violations on ${what}`).toEqual([]);
}

const passedThrough = new WeakMap<Page, Set<string>>();

/**
 * Asserts that opening `from` sent the page on to `to` (a guard's redirect). The screen of `from` is
 * then a pass-through, not a screen the test looked at, however long the redirect took on a busy machine.
 */
export async function expectRedirected(page: Page, from: string, to: RegExp) {
  await expect(page).toHaveURL(to);
  const screen = screenOf(new URL(from, page.url()).href);
  if (!screen) return;
  if (!passedThrough.has(page)) passedThrough.set(page, new Set());
  passedThrough.get(page)!.add(screen);
}

/** A screen left within this time is a redirect or a pass-through, not a screen the test looked at. */
const TRANSIENT_MS = 1500;

/**
 * Every spec's `test`: axe runs on the screen each test ends on, and a test fails when it stayed on
 * a screen (of its `page`) that no axe check covered (call expectNoA11yViolations there). So every screen
 * a spec visits is checked for serious and critical violations.
 */
export const test = base.extend<{ axeEveryScreen: void }>({
  /**
   * A page whose navigations resolve once the app has taken over: /login and the pages of the app
   * layout arrive with their screen already drawn (rendered by the build, apps/web/src/app/prerender.tsx),
   * inert until React replaces it. A person cannot use that picture; a locator would find it (Playwright
   * does not take `inert` as hidden) and read ids the live screen does not have.
   */
  page: async ({ page }, use) => {
    const live = () => page.waitForFunction(() => !document.querySelector('#root > [inert]'));
    // every change of the DOM counted, so that a scan of an unchanged page can be skipped (lastScan)
    await page.addInitScript(() => {
      const w = window as { __e2eChanges?: number };
      w.__e2eChanges = 0;
      new MutationObserver((records) => (w.__e2eChanges! += records.length)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const res = await goto(...args);
      await live();
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await live();
      return res;
    };
    await use(page);
  },
  axeEveryScreen: [
    async ({ page }, use, testInfo) => {
      const stays: { screen: string; since: number; until?: number }[] = [];
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        const screen = screenOf(frame.url());
        const last = stays.at(-1);
        if (last && last.screen === screen) return;
        const now = Date.now();
        if (last) last.until = now;
        if (screen) stays.push({ screen, since: now });
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !screenOf(page.url())) return;
      const state = await domState(page);
      if (!state || state !== lastScan.get(page)) await expectNoA11yViolations(page);
      const checked = new Set([...(checkedScreens.get(page) ?? []), ...(passedThrough.get(page) ?? [])]);
      const unchecked = [
        ...new Set(
          stays.filter((s) => s.until !== undefined && s.until - s.since >= TRANSIENT_MS && !checked.has(s.screen)).map((s) => s.screen),
        ),
      ];
      expect(unchecked, 'screens this test stayed on without an axe check (call expectNoA11yViolations there)').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
