import { DEMO2, expect, expectNoA11yViolations, screenshot, test } from './fixtures';
import { smtpInbox } from './smtp-inbox';

/** Mails the main e2e server delivered through SMTP. */
const received = smtpInbox();

test.describe('[AUTH] forgotten password', () => {
  test('[AUTH] forgotten password: the mailed link sets a new password, used once', async ({ page }) => {
    const newPassword = 'fresh-pass-2026';
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Author ID').fill(DEMO2.id);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText('If this ID is registered');
    await screenshot(page, 'auth-password-reset-request');

    // the server's outbox worker delivers the mail to the SMTP server above
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const mail = received[0]!;
    expect(mail.to.sort()).toEqual(['hello@maple.example.com']);
    expect(mail.subject).toBe('Reset your Publisher Portal password');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/password-reset\/confirm\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm the new password').fill('something-else');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Confirm the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page.getByTestId('reset-done')).toContainText('Your password has been changed.');
    await screenshot(page, 'auth-password-reset-done');

    // the link works once: opened again, the page says so at once, before anything is typed, and offers a new one
    await page.goto(link!);
    await expect(page.getByRole('alert')).toContainText('This link is invalid, was already used or has expired.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/password-reset');
    await expectNoA11yViolations(page);
    await screenshot(page, 'auth-password-reset-used');

    // the new password logs in; the old one no longer does
    await page.getByRole('link', { name: 'Back to the login' }).click();
    await page.getByLabel('Author ID').fill(DEMO2.id);
    await expectNoA11yViolations(page);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const old = await page.request.post('/api/company/login', {
      data: { id: DEMO2.id, password: DEMO2.password, company_division: 'AUT' },
    });
    expect(old.status()).toBe(401);

    // put the demo password back for the other specs
    const login = await page.request.post('/api/company/login', { data: { id: DEMO2.id, password: newPassword, company_division: 'AUT' } });
    const { access_token } = (await login.json()) as { access_token: string };
    const back = await page.request.patch('/api/company/passwordUpdate', {
      headers: { authorization: `Bearer ${access_token}` },
      data: { password_current: newPassword, password_change: DEMO2.password },
    });
    expect(back.status()).toBe(200);
  });
});
