import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from '../../features/auth/api/login';
import { passwordChange } from '../../features/auth/password-change';
import { session } from '../../lib/session';
import { api } from '../../testing/mocks/handlers';
import { startMockApi } from '../../testing/mocks/server';
import { renderPage } from '../../testing/render-page';
import { PasswordChangeGate } from './password-change-gate';

const server = startMockApi();

function Guarded() {
  return (
    <PasswordChangeGate>
      <p>the page</p>
    </PasswordChangeGate>
  );
}
const open = () => renderPage(Guarded, { path: '/settlement', url: '/settlement', ns: 'auth' });

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  session.store('token', 3600);
  server.use(
    http.post(api('common/passwordCheck'), async ({ request }) => {
      calls.push(`check ${JSON.stringify(await request.json())}`);
      return HttpResponse.json(true);
    }),
    http.patch(api('company/passwordUpdate/'), async ({ request }) => {
      calls.push(`update ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ status: 'success' });
    }),
  );
});
afterEach(() => {
  passwordChange.set(false);
  session.clear();
});

describe('a password set by the distributor (issue 15)', () => {
  it('keeps the page closed and asks for a new password that cannot be put off, then goes to the dashboard', async () => {
    passwordChange.set(true);
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Change password' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('The distributor set your password. Please choose a new one to continue.');
    expect(screen.queryByText('the page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Current password/), 'Initial-pass-1');
    await user.type(screen.getByLabelText(/^New password/), 'Chosen-pass-2');
    await user.type(screen.getByLabelText(/Confirm new password/), 'Chosen-pass-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByTestId('navigated-to', {}, { timeout: 10_000 })).toHaveTextContent('/dashboard');
    expect(calls).toEqual([
      expect.stringMatching(/^check .*"password":"Initial-pass-1"/),
      'update {"password_current":"Initial-pass-1","password_change":"Chosen-pass-2"}',
    ]);
    expect(passwordChange.required()).toBe(false);
  }, 30_000);

  it("the login's answer sets the requirement, and a later login without it clears it", async () => {
    let required = true;
    server.use(
      http.post(api('company/login'), () =>
        HttpResponse.json({ access_token: 'a.b.c', expires_in: 3600, ...(required ? { password_change_required: true } : {}) }),
      ),
    );
    await login({ id: 'new-pub', password: 'Initial-pass-1' });
    expect(passwordChange.required()).toBe(true);
    required = false;
    await login({ id: 'other', password: 'Other-pass-1' });
    expect(passwordChange.required()).toBe(false);
  });

  it('shows the page as it is otherwise', async () => {
    await open();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
