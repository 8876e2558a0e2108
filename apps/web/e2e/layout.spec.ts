import { DEMO, expect, loginViaUi, screenshot, test } from './fixtures';

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
    await screenshot(page, 'layout-mobile-closed');
    await burger.click();
    await expect(sidebar).toBeInViewport();
    await screenshot(page, 'layout-mobile-drawer');
    await sidebar.getByRole('link', { name: 'Royalty' }).click();
    await expect(page).toHaveURL(/\/copyright\/royalty$/);
    await expect(sidebar).not.toBeInViewport();
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
    await page.clock.fastForward('06:00');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcopyright%2Fbooks$/);
  });
});
