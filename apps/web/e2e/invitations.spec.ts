import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, expectNoA11yViolations, loginViaApi, screenshot, test } from './fixtures';
import { smtpInbox } from './smtp-inbox';

/** where the brief's screenshots go besides test-results (looked at in ko and en, 1280 and 390 px) */
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Mails the main e2e server delivered through SMTP. */
const received = smtpInbox();

/** The screenshot of the page at 1280 and 390 px wide (test-results/screenshots, and E2E_SHOTS_DIR when set). */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Switches the UI language the way the language menu keeps it, and reloads. */
async function useLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang);
  await page.reload();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  return context.newPage();
}

test.describe('[USERS] invitations', () => {
  test('[USERS] an owner invites a user (link from the SMTP inbox), who accepts, logs in and sees only the accounting screens', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const email = `new.accountant.${Date.now()}@example.com`;
    const loginId = `acc${Date.now().toString(36)}`;
    const password = 'invited-pass-2026';

    await loginViaApi(page, DEMO, 'en');
    await page.goto('/dashboard');
    // the sidebar's company settings group holds the users screen (closed groups keep their links in the DOM)
    await expect(page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/settings/users"]')).toHaveCount(1);
    await expectNoA11yViolations(page);
    await page.goto('/settings/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const users = page.getByTestId('users-table');
    await expect(users.getByRole('row', { name: /demo-accounting/ })).toBeVisible();
    await expect(users.getByRole('row', { name: /Company login/ })).toContainText('demo');

    // the last owner cannot be suspended: the server's refusal in the UI language
    await page.getByRole('button', { name: 'Suspend demo', exact: true }).click();
    await expect(page.getByText('The company needs an active owner')).toBeVisible();

    // invite: e-mail, name, role (keyboard on the role select)
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Nam Accountant');
    const role = page.getByRole('combobox', { name: /^Role\W*$/ });
    await role.focus();
    await role.press('Enter');
    await page.getByRole('option', { name: 'Accounting', exact: true }).click();
    await expect(role).toHaveValue('Accounting');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('invitations-table').getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText(
      'Accounting',
    );
    await expectNoA11yViolations(page);
    await shots(page, 'users-en');
    await useLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: '사용자', level: 1 })).toBeVisible();
    await expect(page.getByTestId('invitations-table')).toContainText('회계');
    await expectNoA11yViolations(page);
    await shots(page, 'users-ko');
    await useLanguage(page, 'en');

    // the mail, delivered to the SMTP server above
    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.subject).toContain('invited you to');
    expect(mail.text).toContain('as accounting');
    expect(mail.text).toContain('72 hours');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    // the invited person, in a browser of its own
    const guest = await freshPage(browser);
    await guest.goto(link!);
    await expect(guest.getByTestId('invitation-intro')).toContainText('as Accounting');
    await expect(guest.getByLabel('Your name')).toHaveValue('Nam Accountant');
    await expectNoA11yViolations(guest);
    await shots(guest, 'invitation-en');
    await useLanguage(guest, 'ko');
    await expect(guest.getByRole('heading', { name: '초대 수락' })).toBeVisible();
    await expect(guest.getByTestId('invitation-intro')).toContainText('회계');
    await expectNoA11yViolations(guest);
    await shots(guest, 'invitation-ko');
    await useLanguage(guest, 'en');

    await guest.getByLabel('Login ID').fill('no spaces allowed');
    await guest.getByLabel(/^Password\W*$/).fill(password);
    await guest.getByLabel(/^Confirm password/).fill('something-else');
    await guest.getByRole('button', { name: 'Create my login' }).click();
    await expect(guest.getByText('Use letters, digits and . _ - @ only.')).toBeVisible();
    await expect(guest.getByText('The passwords do not match.')).toBeVisible();
    await expectNoA11yViolations(guest);
    // the company's own id is taken
    await guest.getByLabel('Login ID').fill(DEMO.id);
    await guest.getByLabel(/^Confirm password/).fill(password);
    await guest.getByRole('button', { name: 'Create my login' }).click();
    await expect(guest.getByText('This login ID is taken.')).toBeVisible();
    await guest.getByLabel('Login ID').fill(loginId);
    await guest.getByRole('button', { name: 'Create my login' }).click();
    await expect(guest).toHaveURL(/\/login$/);
    await expect(guest.getByTestId('login-invited')).toContainText('Your login was created.');
    await expectNoA11yViolations(guest);

    // logs in with the new id on the same login page: the accounting screens only
    await guest.getByLabel('Author ID').fill(loginId);
    await guest.getByLabel(/^Password\W*$/).fill(password);
    await guest.getByRole('button', { name: 'Log in' }).click();
    await expect(guest).toHaveURL(/\/dashboard/);
    const nav = guest.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Sale settlement' })).toBeVisible();
    await expect(nav.locator('a[href="/copyright/books"]')).toHaveCount(0);
    await expect(nav.locator('a[href="/copyright/royalty"]')).toHaveCount(0);
    await expect(nav.locator('a[href="/settings/users"]')).toHaveCount(0);
    await expectNoA11yViolations(guest);

    // the link works once
    await guest.goto(link!);
    await expect(guest.getByTestId('invitation-refused')).toContainText('not valid');
    await expectNoA11yViolations(guest);
    await guest.context().close();

    // the owner sees the new user with its role, and no pending invitation
    await page.reload();
    await expect(users.getByRole('row', { name: new RegExp(loginId) })).toContainText('Nam Accountant');
    await expect(page.getByRole('combobox', { name: `Role of ${loginId}` })).toHaveValue('Accounting');
    await expect(page.getByText('No invitations are pending.')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
