import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, loginViaUi, test } from './fixtures';

/** (issue 58) 2-step login: enrol from My account, log out, log in with a code computed here. */

const OPERATOR = { id: 'operator', password: 'operator-demo-1' };
const DEMO_2STEP = { id: 'demo-2step', password: 'demo1234' };
const SHOTS = '/tmp/shots-b';

const step = (at = Date.now()) => Math.floor(at / 30_000);
/**
 * The code an authenticator app shows (RFC 6238: HMAC-SHA-1 of the 30-second step, 6 digits), written here from the
 * RFC rather than with the server's library, so the test also checks that the server speaks the standard.
 */
function codeOf(secret: string, at = Date.now()) {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += ALPHABET.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step(at)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A new company of its own (so no other spec's demo login gets 2-step login), its password already chosen by it. */
async function newCompany(request: APIRequestContext) {
  const op = await request.post('/api/admin/login', { data: OPERATOR });
  expect(op.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await op.json()).access_token}` };
  const id = `e2e2s${Date.now().toString(36)}`;
  const initial = 'Initial-pass-58';
  const created = await request.post('/api/admin/companies', {
    headers,
    data: { id, company_name: '2단계 출판 (2-step Books)', country: 'KOR', password: initial },
  });
  expect(created.status()).toBe(200);
  // the distributor's password must be changed first: the company does so, as its first login would
  const login = await request.post('/api/company/login', { data: { id, password: initial, company_division: 'AUT' } });
  const token = (await login.json()).access_token as string;
  const password = 'Own-pass-58';
  const changed = await request.patch('/api/company/passwordUpdate/', {
    headers: { authorization: `Bearer ${token}` },
    data: { password_current: initial, password_change: password },
  });
  expect(changed.status()).toBe(200);
  return { id, password };
}

/** The screen as a person sees it (a dialog over the page: the viewport, not the whole page behind it). */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('[AUTH] 2-step login (issue 58)', () => {
  test('enrol from My account, then log in with a code of the authenticator', async ({ page }) => {
    const who = await newCompany(page.request);
    await loginViaUi(page, who, '/login?redirect=%2Fsettings%2Faccount');
    await expect(page).toHaveURL(/\/settings\/account$/);
    const section = page.getByTestId('two-step-section');
    await expect(section.getByTestId('two-step-state')).toHaveText('Off');
    await expectNoA11yViolations(page);

    await section.getByTestId('two-step-enrol').click();
    const dialog = page.getByRole('dialog', { name: 'Set up 2-step login' });
    await expect(dialog.getByTestId('two-step-qr')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
    await expectNoA11yViolations(page, 'the 2-step set-up dialog');
    await shot(page, 'enrol-en-1280');
    const secret = (await dialog.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // a wrong code says so and turns nothing on
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    await dialog.getByLabel('6-digit code').fill(wrong);
    await dialog.getByTestId('two-step-confirm').click();
    await expect(dialog.getByText('The code is not valid.', { exact: false })).toBeVisible();

    const enrolledStep = step();
    await dialog.getByLabel('6-digit code').fill(codeOf(secret, enrolledStep * 30_000));
    await dialog.getByTestId('two-step-confirm').click();
    const recovery = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const codes = (await recovery.getByTestId('two-step-recovery-codes').innerText()).split(/\s+/).filter(Boolean);
    expect(codes).toHaveLength(10);
    await expectNoA11yViolations(page, 'the recovery codes');
    await shot(page, 'recovery-en-1280');
    await recovery.getByTestId('two-step-done').click();
    await expect(section.getByTestId('two-step-state')).toHaveText('On');
    await expectNoA11yViolations(page);

    // log out; the password alone now asks for the code
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Author ID').fill(who.id);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const code = page.getByLabel('Code from your authenticator app');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoA11yViolations(page, 'the login code step');

    // each code once: the enrolment spent this step's, so the login takes the next step's, which the server accepts a
    // step early (RFC 6238's allowed drift) instead of waiting up to 30 s for the authenticator to show it
    await code.fill(codeOf(secret, (enrolledStep + 1) * 30_000));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/settings/account');
    await expect(page.getByTestId('two-step-state')).toHaveText('On');
    await expectNoA11yViolations(page);
  });

  for (const lang of ['en', 'ko'] as const)
    for (const width of [1280, 390])
      test(`the set-up dialog and the login code step in ${lang} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.addInitScript((lng) => localStorage.setItem('portal.lang', lng), lang);
        // the code step: demo-2step's password is right and its login asks for the code (nothing is spent)
        await page.goto('/login');
        await page.locator('input[name="id"]').fill(DEMO_2STEP.id);
        await page.locator('input[name="password"]').fill(DEMO_2STEP.password);
        await page.locator('button[type="submit"]').click();
        await expect(page.getByTestId('login-code')).toBeVisible();
        await expect(page.getByTestId('login-code')).toHaveAttribute('inputmode', 'numeric');
        await expectNoA11yViolations(page, `the login code step (${lang}, ${width})`);
        await shot(page, `code-step-${lang}-${width}`);

        // the set-up dialog of a new company's login (a pending set-up changes nothing until confirmed)
        const who = await newCompany(page.request);
        await page.goto('/login?redirect=%2Fsettings%2Faccount');
        await page.locator('input[name="id"]').fill(who.id);
        await page.locator('input[name="password"]').fill(who.password);
        await page.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(/\/settings\/account$/);
        await expectNoA11yViolations(page);
        await page.getByTestId('two-step-enrol').click();
        await expect(page.getByTestId('two-step-qr')).toBeVisible();
        await expectNoA11yViolations(page, `the 2-step set-up dialog (${lang}, ${width})`);
        await shot(page, `enrol-${lang}-${width}`);
      });

  test('[ADMIN] an operator with 2-step login logs in to the console with its code', async ({ page }) => {
    const login = await page.request.post('/api/admin/login', { data: OPERATOR });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
    const setup = await page.request.post('/api/admin/two-step/setup', { headers });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const enrolledStep = step();
    const enable = { code: codeOf(secret, enrolledStep * 30_000) };
    expect((await page.request.post('/api/admin/two-step/enable', { headers, data: enable })).status()).toBe(200);
    try {
      await page.goto('/admin/login');
      await page.getByLabel('Operator ID').fill(OPERATOR.id);
      await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const code = page.getByLabel('2-step login code');
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expectNoA11yViolations(page, 'the console login code step');
      await code.fill(codeOf(secret, (enrolledStep + 1) * 30_000));
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).not.toHaveURL(/\/admin\/login/);
      await expectNoA11yViolations(page);
    } finally {
      // the demo operator logs in with its password alone again (admin.spec.ts)
      const off = await page.request.post('/api/admin/two-step/disable', { headers, data: { password: OPERATOR.password } });
      expect(off.status()).toBe(200);
    }
  });
});
