import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, loginViaApi, loginViaUi, screenshot, test } from './fixtures';

test.describe('[LAYOUT] shell and languages', () => {
  test('[LAYOUT] the layout shows the sidebar menu, top bar and footer', async ({ page }) => {
    await loginViaUi(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const label of ['Dashboard', 'Company settings', 'Sale settlement', 'Copyright books', 'Royalty', 'Help']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('user-menu')).toContainText('한빛 출판사 (Ha…');
    await expect(page.getByText(/© \d{4} Publisher Portal/)).toBeVisible();
    await screenshot(page, 'layout-desktop-en');
    // minimise: icons only, with accessible names
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Royalty' })).toBeVisible();
    await expect(page.getByTestId('sidebar-title')).toHaveCount(0);
    await screenshot(page, 'layout-desktop-minimised');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sidebar-title')).toBeVisible();
  });

  test('[LAYOUT] the sidebar groups are buttons: reached by Tab, toggled by Enter and Space, with aria-expanded', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/copyright/books');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Royalty' })).toBeVisible();
    /** Tab from the page's start until `target` has the focus (at most 40 presses). */
    const tabTo = async (p: Page, target: Locator) => {
      await p.locator('body').focus();
      for (let i = 0; i < 40; i++) {
        await p.keyboard.press('Tab');
        if (await target.evaluate((el) => el === document.activeElement)) return;
      }
      throw new Error('not reachable by Tab');
    };
    for (const [group, child] of [
      ['Company settings', 'Company profile'],
      ['Help', 'Q&A board'],
    ] as const) {
      const button = nav.getByRole('button', { name: group, exact: true });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      const controls = await button.getAttribute('aria-controls');
      expect(controls).toBeTruthy();
      const panel = page.locator(`[id="${controls}"]`);
      await expect(panel.getByRole('link', { name: child })).toBeHidden();
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByRole('link', { name: child })).toBeVisible();
      await expectNoA11yViolations(page, `sidebar with ${group} open`);
      // its links come next in the tab order
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(button).toBeFocused();
      await page.keyboard.press(' ');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(panel.getByRole('link', { name: child })).toBeHidden();
      await page.keyboard.press(' ');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
    }
    await screenshot(page, 'layout-sidebar-groups-open-en');
    // Korean, at 1440 px and 390 px (the drawer)
    await page.evaluate(() => localStorage.setItem('portal.lang', 'ko'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    const ko = page.getByRole('navigation', { name: '주 메뉴' });
    await ko.getByRole('button', { name: '회사 설정' }).press('Enter');
    await ko.getByRole('button', { name: '고객센터' }).press('Enter');
    await expect(ko.getByRole('button', { name: '고객센터' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page, 'the Korean sidebar');
    await screenshot(page, 'layout-sidebar-groups-open-ko-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('nav-burger').click();
    const drawer = page.getByTestId('sidebar');
    await expect(drawer).toBeInViewport();
    const group = drawer.getByRole('button', { name: '회사 설정' });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.press('Enter');
    await expect(drawer.getByRole('link', { name: '회사 정보' })).toBeVisible();
    await screenshot(page, 'layout-sidebar-groups-open-ko-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('portal.lang', 'en'));
    await page.reload();
    // the group of the current page starts open
    await page.goto('/help/bbs/qna');
    await expect(nav.getByRole('button', { name: 'Help', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('button', { name: 'Company settings', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });

  test('[LAYOUT] the group of the current page opens when the page changes without a sidebar click (a link in a page, back, forward)', async ({
    page,
  }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const help = nav.getByRole('button', { name: 'Help', exact: true });
    const company = nav.getByRole('button', { name: 'Company settings', exact: true });
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expectNoA11yViolations(page, 'the dashboard');
    // a link inside the dashboard leads into Help: the group opens and shows the current page
    await page.getByRole('link', { name: 'Go to the Q&A board' }).click();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Q&A board', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, 'the Q&A board');
    // closed by hand, it stays closed while the page stays in it
    await help.press('Enter');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    // back to the dashboard, then forward into Help again: it opens again
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await page.goForward();
    await expect(page).toHaveURL(/\/help\/bbs\/qna$/);
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Q&A board', exact: true })).toBeVisible();
    // Company settings too (reached here by the browser's history)
    await nav.getByRole('button', { name: 'Company settings', exact: true }).press('Enter');
    await nav.getByRole('link', { name: 'Company profile', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/companyEdit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();
    await company.press('Enter');
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    await page.goBack();
    // the app has shown the Q&A board again (the back and the forward of a busy browser can be rendered
    // as one step, and a page that never left its group does not reopen it)
    await expect(nav.getByRole('link', { name: 'Q&A board', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goForward();
    await expect(page).toHaveURL(/\/settings\/companyEdit$/);
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Company profile', exact: true })).toBeVisible();
    // (the pointer left on the link clicked above would hover it)
    await page.mouse.move(1200, 850);
    await expectNoA11yViolations(page, 'the company settings');
    await screenshot(page, 'layout-sidebar-follows-route');
  });

  test('[LAYOUT] the browser language is the default (ko-KR → Korean)', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await context.close();
  });

  test('[LAYOUT] an unsupported browser language falls back to English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await context.close();
  });

  test('[LAYOUT] switching to Korean persists over a reload', async ({ page }) => {
    await loginViaUi(page);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '한국어' }).click();
    await expect(page.getByRole('navigation', { name: '주 메뉴' }).getByText('대시보드')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: '주 메뉴' }).getByText('매출 정산')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal.lang'))).toBe('ko');
    await screenshot(page, 'layout-desktop-ko');
    for (const [lng, name, dashboard] of [
      ['es', 'Español', 'Panel'],
      ['zh', '中文', '仪表板'],
      ['ja', '日本語', 'ダッシュボード'],
    ] as const) {
      await page.getByTestId('language-menu').click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page.locator('nav').getByText(dashboard, { exact: true }).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('portal.lang'))).toBe(lng);
    }
  });

  test('[LAYOUT] below 768 px the sidebar is a drawer (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaUi(page);
    const burger = page.getByTestId('nav-burger');
    await expect(burger).toBeVisible();
    await expect(page.getByTestId('sidebar-toggle')).toBeHidden();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).not.toBeInViewport();
    await expectNoA11yViolations(page);
    await screenshot(page, 'layout-mobile-closed');
    await burger.click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('button', { name: 'Company settings' }).click();
    await expect(sidebar.getByRole('link', { name: 'Company profile' })).toBeVisible();
    await expectNoA11yViolations(page, 'the open drawer at 390 px');
    await screenshot(page, 'layout-mobile-drawer');
    await sidebar.getByRole('link', { name: 'Royalty' }).click();
    await expect(page).toHaveURL(/\/copyright\/royalty$/);
    await expect(sidebar).not.toBeInViewport();
  });

  test('[LAYOUT] at 390 px the header names the portal in full and the footer is one line, in every language', async ({ page }) => {
    test.slow(); // five languages, each a page load
    await page.setViewportSize({ width: 390, height: 844 });
    const names = { en: 'Publisher Portal', ko: '퍼블리셔 포털', es: 'Portal de Editoriales', zh: '出版社门户', ja: '出版社ポータル' };
    await loginViaApi(page, DEMO, 'en');
    await page.goto('/dashboard');
    for (const [lng, name] of Object.entries(names)) {
      await page.evaluate((l) => localStorage.setItem('portal.lang', l), lng);
      await page.goto('/dashboard');
      const title = page.getByRole('banner').getByRole('link', { name, exact: true });
      await expect(title, lng).toBeVisible();
      // shown whole: not cut by its ellipsis
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), lng).toBe(true);
      const footer = page.getByRole('contentinfo');
      await expect(footer, lng).toContainText(name);
      const lines = await footer
        .locator('p')
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, lng).toBe(1);
      if (lng === 'es' || lng === 'ko') await screenshot(page, `layout-header-390-${lng}`);
    }
    await expectNoA11yViolations(page, 'the 390 px header in Japanese');
  });

  test('[LAYOUT] an unknown path inside the app shows not found', async ({ page }) => {
    await loginViaUi(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('[SESSION] warning and extension', () => {
  test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}` });

  test('[SESSION] with a 5.5-minute token the warning appears, and extend refreshes the token', async ({ page }) => {
    await page.clock.install();
    await loginViaUi(page, DEMO);
    const before = await page.evaluate(() => ({
      token: localStorage.getItem('portal.token'),
      exp: Number(localStorage.getItem('portal.expiresAt')),
    }));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // the 30 s check runs; 5.5 minutes minus 31 s leaves less than 5 minutes
    await page.clock.fastForward('00:31');
    const dialog = page.getByRole('dialog', { name: 'Your session is about to end' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'the session warning');
    await screenshot(page, 'session-warning');
    await dialog.getByRole('button', { name: 'Extend login time' }).click();
    await expect(page.getByText('The login time has been extended.')).toBeVisible();
    const after = await page.evaluate(() => ({
      token: localStorage.getItem('portal.token'),
      exp: Number(localStorage.getItem('portal.expiresAt')),
    }));
    expect(after.token).not.toBe(before.token);
    expect(after.exp).toBeGreaterThan(before.exp);
  });

  test('[SESSION] a failed extension says so', async ({ page }) => {
    await page.clock.install();
    await loginViaUi(page, DEMO);
    await page.route('**/api/company/refresh', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.clock.fastForward('00:31');
    await page.getByRole('button', { name: 'Extend login time' }).click();
    await expect(page.getByText('Error in extending login time.')).toBeVisible();
  });

  test('[SESSION] an expired session goes to login, keeping the path', async ({ page }) => {
    await page.clock.install();
    await loginViaUi(page, DEMO);
    await page.goto('/copyright/books');
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.clock.fastForward('06:00');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcopyright%2Fbooks$/);
  });
});
