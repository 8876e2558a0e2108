import type { Page } from '@playwright/test';
import { DEMO, DEMO2, expect, expectNoA11yViolations, loginViaApi, loginViaUi, screenshot, test } from './fixtures';

const PAGE = '/settings/companyEdit';
const STUB_ADDRESS = { zonecode: '03154', address: '서울특별시 종로구 세종대로 209' };

/** Replaces the Kakao/Daum widget through the adapter's window seam: a button that "picks" an address. */
async function stubPostcode(page: Page) {
  await page.addInitScript((picked) => {
    (window as unknown as Record<string, unknown>).__portalPostcode = {
      embed(container: HTMLElement, onComplete: (a: typeof picked) => void) {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = `Pick ${picked.address}`;
        b.onclick = () => onComplete(picked);
        container.append(b);
      },
    };
  }, STUB_ADDRESS);
}

/** Picks an option of a Mantine searchable select by typing part of its label. */
async function chooseCountry(page: Page, input: ReturnType<Page['locator']>, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('[COMPANY] company settings', () => {
  test('[COMPANY] edit and save the profile: message shown, values survive a reload', async ({ page }) => {
    const token = await loginViaApi(page, DEMO2);
    await page.goto(PAGE);
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel('Author ID')).toHaveValue('demo2');
    await expect(form.getByLabel('Author ID')).toHaveAttribute('readonly', '');
    // demo2 is in the USA: city and state are shown
    await expect(form.getByLabel('City')).toHaveValue('New York');
    const before = await (await page.request.get('/api/company/loginInfo', { headers: { authorization: `Bearer ${token}` } })).json();
    try {
      await form.getByLabel('Business item').fill('Books and e-books');
      await form.getByLabel('Address line 2').fill('Suite 2001, 20th floor');
      await form.getByRole('button', { name: 'Add e-mail' }).first().click();
      await form.getByLabel('E-mail 2', { exact: true }).fill('rights@maple.example.com');
      await form.getByLabel('Invoice e-mail 1').fill('ap@maple.example.com');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText("It's been modified.")).toBeVisible();
      await screenshot(page, 'company-profile-saved');
      await page.reload();
      await expect(form.getByLabel('Business item')).toHaveValue('Books and e-books');
      await expect(form.getByLabel('Address line 2')).toHaveValue('Suite 2001, 20th floor');
      await expect(form.getByLabel('E-mail 1', { exact: true })).toHaveValue('hello@maple.example.com');
      await expect(form.getByLabel('E-mail 2', { exact: true })).toHaveValue('rights@maple.example.com');
      await expect(form.getByLabel('Invoice e-mail 1')).toHaveValue('ap@maple.example.com');
      // the list is stored comma-separated
      const info = await (
        await page.request.get(`/api/company/getInfo/${before.idx}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      expect(info.email).toBe('hello@maple.example.com,rights@maple.example.com');
    } finally {
      // leave demo2 as the seed had it for the other specs
      const info = await (
        await page.request.get(`/api/company/getInfo/${before.idx}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      await page.request.patch(`/api/company/companyUpdate/${before.idx}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          ...info,
          item: 'Books',
          addressLine2: 'Suite 100',
          email: 'hello@maple.example.com',
          email_invoice: 'billing@maple.example.com',
        },
      });
    }
  });

  test('[COMPANY] each validation message appears on submit, and nothing is sent', async ({ page }) => {
    await loginViaApi(page, DEMO);
    let updates = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/company/companyUpdate')) updates++;
    });
    await page.goto(PAGE);
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel('Company name')).toHaveValue(/Hanbit/);
    // KOR: no city/state
    await expect(form.getByLabel('City')).toHaveCount(0);
    await form.getByLabel('Company name').fill('');
    await form.getByLabel("Representative's first name").fill('');
    await form.getByLabel('Address line 1').fill('가'.repeat(46));
    await form.getByLabel('Telephone').fill('call me');
    await form.getByLabel('Website').fill('demo.example.com');
    // demo has contact@ and books@: a bad first entry and a duplicate (case-insensitive) of the second
    await expect(form.getByLabel('E-mail 2', { exact: true })).toHaveValue('books@demo.example.com');
    await form.getByLabel('E-mail 1', { exact: true }).fill('not-an-email');
    await form.getByRole('button', { name: 'Add e-mail' }).first().click();
    await form.getByLabel('E-mail 3', { exact: true }).fill('BOOKS@demo.example.com');
    await form.getByLabel('Invoice e-mail 1').fill('');
    // a foreign country: city and state appear and become required
    await chooseCountry(page, form.getByTestId('profile-country'), 'United St', 'United States');
    await expect(form.getByLabel('City')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(form.getByText('please enter Company name')).toBeVisible();
    await expect(form.getByText("please enter Representative's first name")).toBeVisible();
    await expect(form.getByText('Maximum 45 characters.')).toBeVisible();
    await expect(form.getByText('Use digits, spaces and + - ( ) only.')).toBeVisible();
    await expect(form.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
    await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(form.getByText('This e-mail address is already in the list.')).toBeVisible();
    await expect(form.getByText('please enter Invoice e-mail addresses')).toBeVisible();
    await expect(form.getByText('please enter City')).toBeVisible();
    await expect(form.getByText('please enter State / province')).toBeVisible();
    await screenshot(page, 'company-profile-validation');
    // 45 Korean characters are fine: the message goes once the line is shortened
    await form.getByLabel('Address line 1').fill('가'.repeat(45));
    await expect(form.getByText('Maximum 45 characters.')).toHaveCount(0);
    // back to KOR: city/state hidden again
    await chooseCountry(page, form.getByTestId('profile-country'), 'South Ko', 'South Korea');
    await expect(form.getByLabel('City')).toHaveCount(0);
    expect(updates).toBe(0);
  });

  test('[COMPANY] the password change works and the new password logs in', async ({ page }) => {
    test.setTimeout(120_000);
    const other = await page.request.post('/api/company/login', { data: { ...DEMO2, company_division: 'AUT' } });
    const otherToken = (await other.json()).access_token as string;
    await loginViaUi(page, DEMO2);
    await page.goto(PAGE);
    // the current password is checked with POST common/passwordCheck: no password in any URL (issue 13 item 2)
    const urls: string[] = [];
    const checks: string[] = [];
    page.on('request', (r) => {
      urls.push(r.url());
      if (r.url().includes('/api/common/passwordCheck')) checks.push(`${r.method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
    });
    try {
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      // every rule on submit
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(dialog.getByText('please enter Current password')).toBeVisible();
      await expect(dialog.getByText('please enter New password')).toBeVisible();
      await expect(dialog.getByText('please enter Confirm new password')).toBeVisible();
      await dialog.getByLabel('Current password').fill('wrong-password');
      await dialog.getByLabel(/^New password/).fill('short');
      await dialog.getByLabel('Confirm new password').fill('other');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(dialog.getByText('Minimum 7 characters.')).toBeVisible();
      await expect(dialog.getByText('The passwords do not match.')).toBeVisible();
      // the current password is checked against the server
      await dialog.getByLabel(/^New password/).fill('maple-new-1');
      await dialog.getByLabel('Confirm new password').fill('maple-new-1');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(dialog.getByText('please check Current password')).toBeVisible();
      await expectNoA11yViolations(page, 'the password modal with its errors');
      await screenshot(page, 'company-password-wrong-current');
      await dialog.getByLabel('Current password').fill(DEMO2.password);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('The password has been changed.')).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(checks).toEqual(['POST /api/common/passwordCheck', 'POST /api/common/passwordCheck']);
      for (const secret of ['wrong-password', DEMO2.password, 'maple-new-1']) expect(urls.filter((u) => u.includes(secret))).toEqual([]);
      // this session goes on; another token of the company no longer works
      await page.reload();
      await expect(page.getByTestId('profile-form')).toBeVisible();
      const refused = await page.request.get('/api/company/loginInfo', { headers: { authorization: `Bearer ${otherToken}` } });
      expect(refused.status()).toBe(401);
      // log out, the old password fails, the new one logs in
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByLabel('Author ID').fill(DEMO2.id);
      await page.getByLabel('Password', { exact: true }).fill(DEMO2.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByTestId('login-error')).toBeVisible();
      await loginViaUi(page, { id: DEMO2.id, password: 'maple-new-1' });
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      // give demo2 its seed password back for the other specs (whenever the new one was set)
      const res = await page.request.post('/api/company/login', {
        data: { id: DEMO2.id, password: 'maple-new-1', company_division: 'AUT' },
      });
      if (res.status() === 200) {
        const tok = (await res.json()).access_token as string;
        const back = await page.request.patch('/api/company/passwordUpdate/', {
          headers: { authorization: `Bearer ${tok}` },
          data: { password_current: 'maple-new-1', password_change: DEMO2.password },
        });
        expect(back.status()).toBe(200);
      }
    }
  });

  test('[COMPANY] add, edit and delete an address; KOR hides city/state; the stubbed postcode widget fills zip and line 1', async ({
    page,
  }) => {
    await stubPostcode(page);
    await loginViaApi(page, DEMO);
    await page.goto(PAGE);
    const table = page.getByTestId('address-table');
    await expect(table.getByText('본사 (Head office)')).toBeVisible();

    await page.getByTestId('address-add').click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await expect(dialog.getByTestId('address-country')).toHaveValue('South Korea');
    await expect(dialog.getByLabel('City')).toHaveCount(0);
    await expect(dialog.getByLabel('State / province')).toHaveCount(0);
    // required fields on submit
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('please enter Address name')).toBeVisible();
    await expect(dialog.getByText('please enter Zip code')).toBeVisible();
    await expect(dialog.getByText('please enter Address line 1')).toBeVisible();
    await expect(dialog.getByText('please enter Telephone')).toBeVisible();
    // the postcode widget (stubbed) fills the zip code and the first line
    await dialog.getByRole('button', { name: 'Search zip code' }).click();
    const widget = page.getByTestId('postcode-widget');
    await expect(widget).toBeVisible();
    await screenshot(page, 'company-postcode-widget');
    await widget.getByRole('button', { name: `Pick ${STUB_ADDRESS.address}` }).click();
    await expect(widget).toBeHidden();
    await expect(dialog.getByLabel('Zip code')).toHaveValue(STUB_ADDRESS.zonecode);
    await expect(dialog.getByLabel('Address line 1')).toHaveValue(STUB_ADDRESS.address);
    await dialog.getByLabel('Address name').fill('광화문 사무소');
    await dialog.getByLabel('Address line 2').fill('나'.repeat(46));
    await dialog.getByLabel('Telephone').fill('02-2100-0000');
    // a foreign country shows city/state and requires them; KOR hides them again
    await chooseCountry(page, dialog.getByTestId('address-country'), 'Japa', 'Japan');
    await expect(dialog.getByLabel('City')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Search zip code' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('please enter City')).toBeVisible();
    await expect(dialog.getByText('Maximum 45 characters.')).toBeVisible();
    await screenshot(page, 'company-address-foreign-validation');
    await chooseCountry(page, dialog.getByTestId('address-country'), 'South Ko', 'South Korea');
    await expect(dialog.getByLabel('City')).toHaveCount(0);
    await dialog.getByLabel('Address line 2').fill('나'.repeat(45));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The address has been saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: '광화문 사무소' });
    await expect(row).toContainText(STUB_ADDRESS.zonecode);
    await expect(row).toContainText(STUB_ADDRESS.address);

    // edit
    await row.getByRole('button', { name: 'Edit address 광화문 사무소' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await expect(edit.getByLabel('Address name')).toHaveValue('광화문 사무소');
    await edit.getByLabel('Address name').fill('광화문 사무소 (본관)');
    await edit.getByLabel('Default address').check();
    await screenshot(page, 'company-address-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const edited = table.getByRole('row').filter({ hasText: '광화문 사무소 (본관)' });
    await expect(edited).toContainText('Default');
    // only one default: the head office lost it
    await expect(table.getByRole('row').filter({ hasText: '본사 (Head office)' })).not.toContainText('Default');

    // delete: nothing selected first, then the confirmation
    await page.getByTestId('address-delete').click();
    await expect(page.getByText("Please select 'address'.")).toBeVisible();
    await edited.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByTestId('address-delete').click();
    // the confirmation names the address, and warns that it is the default one
    const confirm = page.getByRole('dialog', { name: 'Delete the address “광화문 사무소 (본관)”?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('confirm-delete-warning')).toHaveText(
      '“광화문 사무소 (본관)” is the default address. After deleting it the company has no default address until you mark another one as default.',
    );
    await expect(page.getByText('Are you sure you want to delete the post?')).toHaveCount(0);
    await expectNoA11yViolations(page, 'the address delete confirmation');
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText("It's been deleted!")).toBeVisible();
    await expect(table.getByText('광화문 사무소 (본관)')).toHaveCount(0);
    await screenshot(page, 'company-address-deleted');

    // leave the seed's default as it was
    await table
      .getByRole('row')
      .filter({ hasText: '본사 (Head office)' })
      .getByRole('button', { name: /^Edit address/ })
      .click();
    const restore = page.getByRole('dialog', { name: 'Edit address' });
    await restore.getByLabel('Default address').check();
    await restore.getByRole('button', { name: 'Save' }).click();
    await expect(restore).toBeHidden();
  });

  test('[COMPANY] offline: the postcode search says it cannot load and the address is typed by hand', async ({ page }) => {
    await page.route('https://t1.daumcdn.net/**', (route) => route.abort('internetdisconnected'));
    await loginViaApi(page, DEMO);
    await page.goto(PAGE);
    await page.getByTestId('address-add').click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByRole('button', { name: 'Search zip code' }).click();
    await expect(dialog.getByTestId('postcode-unavailable')).toContainText('Please type the zip code and address yourself.');
    await screenshot(page, 'company-postcode-offline');
    await dialog.getByLabel('Zip code').fill('48058');
    await dialog.getByLabel('Address line 1').fill('부산광역시 해운대구 센텀중앙로 97');
    await expect(dialog.getByLabel('Zip code')).toHaveValue('48058');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('[COMPANY] add and delete a contact person (page reached from the user menu)', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto('/dashboard');
    await expect(page.getByTestId('counter-books-value')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Company profile' }).click();
    await expect(page).toHaveURL(/\/settings\/companyEdit$/);
    const table = page.getByTestId('contact-table');
    await expect(table.getByText('박민수')).toBeVisible();
    await page.getByTestId('contact-add').click();
    const dialog = page.getByRole('dialog', { name: 'New contact person' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('please enter Name')).toBeVisible();
    await expect(dialog.getByText('please enter E-mail')).toBeVisible();
    await dialog.getByLabel(/^Name/).fill('이서연');
    await dialog.getByLabel('Department').fill('저작권팀');
    await dialog.getByLabel('Position').fill('대리');
    await dialog.getByLabel(/^E-mail/).fill('seoyeon.lee@demo.example.com');
    await dialog.getByLabel('Mobile').fill('010-9876-5432');
    await screenshot(page, 'company-contact-modal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The contact person has been saved.')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: '이서연' });
    await expect(row).toContainText('seoyeon.lee@demo.example.com');
    await screenshot(page, 'company-page');

    await page.getByTestId('contact-delete').click();
    await expect(page.getByText("Please select 'contact person'.")).toBeVisible();
    await row.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByTestId('contact-delete').click();
    await expect(page.getByRole('dialog', { name: 'Delete the contact person “이서연”?' })).toBeVisible();
    await expect(page.getByText('Are you sure you want to delete the post?')).toHaveCount(0);
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText("It's been deleted!")).toBeVisible();
    await expect(table.getByText('이서연')).toHaveCount(0);
    await expect(table.getByText('박민수')).toBeVisible();
  });

  test('[COMPANY] delete confirmations name what they delete, in Korean and English, at 1440 px and 390 px', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto(PAGE);
    const addresses = page.getByTestId('address-table');
    const head = addresses.getByRole('row').filter({ hasText: '본사 (Head office)' });
    await expect(head).toBeVisible();
    await head.getByRole('checkbox').check();
    await page.getByTestId('address-delete').click();
    const ko = page.getByRole('dialog', { name: '‘본사 (Head office)’ 주소를 삭제하시겠습니까?' });
    await expect(ko).toBeVisible();
    await expect(ko.getByTestId('confirm-delete-warning')).toContainText('‘본사 (Head office)’ 주소는 회사의 기본 주소입니다.');
    await expect(ko).toContainText('삭제하면 복구할 수 없습니다.');
    await expectNoA11yViolations(page, 'the Korean address delete confirmation');
    await screenshot(page, 'confirm-address-default-ko-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'confirm-address-default-ko-390');
    await ko.getByRole('button', { name: '취소' }).click();
    await expect(ko).toBeHidden();
    // nothing was deleted
    await expect(head).toBeVisible();

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByTestId('address-delete').click();
    const en = page.getByRole('dialog', { name: 'Delete the address “본사 (Head office)”?' });
    await expect(en).toBeVisible();
    await expect(en.getByTestId('confirm-delete-warning')).toContainText('“본사 (Head office)” is the default address.');
    await screenshot(page, 'confirm-address-default-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'confirm-address-default-en-1440');
    await en.getByRole('button', { name: 'Cancel' }).click();
    await expect(en).toBeHidden();
  });

  test('[COMPANY] the country select shows names in the UI language', async ({ page }) => {
    await loginViaApi(page, DEMO, 'ko');
    await page.goto(PAGE);
    const form = page.getByTestId('profile-form');
    await expect(form.getByTestId('profile-country')).toHaveValue('대한민국');
    await expect(page.getByRole('heading', { level: 1, name: '회사 설정' })).toBeVisible();
    await screenshot(page, 'company-page-ko');
  });

  for (const [lang, word] of [
    ['ko', '기본'],
    ['en', 'Default'],
  ] as const) {
    test(`[COMPANY] at 390 px the default address's badge shows its whole word (${lang})`, async ({ page }) => {
      await loginViaApi(page, DEMO, lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(PAGE);
      const badge = page.getByTestId('address-table').locator('.mantine-Badge-root');
      await expect(badge).toHaveText(word);
      // not squeezed: the label is as wide as its word, and the badge's box holds it
      const cut = await badge.evaluate((root) => {
        const label = root.querySelector('.mantine-Badge-label')!;
        return { label: label.scrollWidth - label.clientWidth, root: root.scrollWidth - root.clientWidth };
      });
      expect(cut).toEqual({ label: 0, root: 0 });
      await screenshot(page, `company-address-default-390-${lang}`);
      await expectNoA11yViolations(page);
    });
  }

  test('[COMPANY] the page and its address modal have no serious accessibility violations', async ({ page }) => {
    await loginViaApi(page, DEMO);
    await page.goto(PAGE);
    await expect(page.getByTestId('address-table').getByText('본사 (Head office)')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByTestId('address-add').click();
    await expect(page.getByRole('dialog', { name: 'New address' })).toBeVisible();
    await expectNoA11yViolations(page, 'the address modal');
  });
});
