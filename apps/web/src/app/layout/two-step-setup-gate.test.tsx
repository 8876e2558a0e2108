import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from '../../features/auth/api/login';
import { twoStepSetup } from '../../features/auth/two-step-setup';
import { session } from '../../lib/session';
import { api } from '../../testing/mocks/handlers';
import { startMockApi } from '../../testing/mocks/server';
import { renderPage } from '../../testing/render-page';
import { TwoStepSetupGate } from './two-step-setup-gate';

const server = startMockApi();

function Guarded() {
  return (
    <TwoStepSetupGate>
      <p>the page</p>
    </TwoStepSetupGate>
  );
}
const open = () => renderPage(Guarded, { path: '/settlement', url: '/settlement', ns: 'auth' });

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  session.store('token', 3600);
  server.use(
    http.post(api('company/two-step/setup'), () => {
      calls.push('setup');
      return HttpResponse.json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/x',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      });
    }),
    http.post(api('company/two-step/enable'), async ({ request }) => {
      calls.push(`enable ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ recovery_codes: Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`) });
    }),
  );
});
afterEach(() => {
  twoStepSetup.set(false);
  session.clear();
});

describe('a company that requires 2-step login (issue 58)', () => {
  it('keeps the page closed and asks for the set-up that cannot be put off, shows the recovery codes, then goes to the dashboard', async () => {
    twoStepSetup.set(true);
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Set up 2-step login' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Your company requires 2-step login. Please set it up to continue.');
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(screen.getByTestId('two-step-recovery-codes')).toHaveTextContent('AAAAA-BBBB9');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(await screen.findByTestId('navigated-to', {}, { timeout: 10_000 })).toHaveTextContent('/dashboard');
    expect(calls).toEqual(['setup', 'enable {"code":"123456"}']);
    expect(twoStepSetup.required()).toBe(false);
  }, 30_000);

  it("the login's answer sets the requirement, and a later login without it clears it", async () => {
    let required = true;
    server.use(
      http.post(api('company/login'), () =>
        HttpResponse.json({ access_token: 'a.b.c', expires_in: 3600, ...(required ? { two_step_setup_required: true } : {}) }),
      ),
    );
    await login({ id: 'u', password: 'Some-pass-1' });
    expect(twoStepSetup.required()).toBe(true);
    required = false;
    await login({ id: 'u', password: 'Some-pass-1' });
    expect(twoStepSetup.required()).toBe(false);
  });
});
