import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { PasswordResetConfirmPage, PasswordResetRequestPage, validateNewPassword } from './password-reset-page';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

async function render(page: React.ReactNode, path: string, reply: () => Promise<Response>) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => reply());
  vi.stubGlobal('fetch', fetch);
  await renderWithProviders(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
  await i18next.loadNamespaces(['auth']);
  return fetch;
}

describe('new-password rules', () => {
  it('needs the password (at least 7 characters) twice', () => {
    expect(validateNewPassword('', '')).toEqual({ password: 'required', confirm: 'required' });
    expect(validateNewPassword('short', 'short')).toEqual({ password: 'minLength' });
    expect(validateNewPassword('long-enough', 'long-enougH')).toEqual({ confirm: 'mismatch' });
    expect(validateNewPassword('long-enough', 'long-enough')).toEqual({});
  });
});

describe('forgotten password screens', () => {
  it('the request form sends the trimmed id and says a link was sent', async () => {
    const fetch = await render(<PasswordResetRequestPage />, '/password-reset', answer(200, { status: 'success' }));
    fireEvent.change(await screen.findByLabelText('Author ID'), { target: { value: '  demo ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('If this ID is registered');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/company/passwordReset/request');
    // with the page's language: the mail is written in it
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ id: 'demo', language: 'en' });
  });

  it('the request form needs an id and sends nothing without one', async () => {
    const fetch = await render(<PasswordResetRequestPage />, '/password-reset', answer(200, { status: 'success' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/Author ID/, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the new-password form sends the token of the link and the password', async () => {
    const fetch = await render(
      <PasswordResetConfirmPage />,
      '/password-reset/confirm?token=abc_DEF-123',
      answer(200, { status: 'success' }),
    );
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Your password has been changed.');
    // the link was asked about as the page opened, then used
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/company/passwordReset/check', '/api/company/passwordReset/confirm']);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ token: 'abc_DEF-123' });
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ token: 'abc_DEF-123', password: 'brand-new-pass' });
  });

  it('says at once, with no form, when the link is used or expired', async () => {
    const fetch = await render(
      <PasswordResetConfirmPage />,
      '/password-reset/confirm?token=old',
      answer(400, { code: 'RESET_TOKEN_INVALID', message: 'x', requestId: 'r1' }),
    );
    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent('This link is invalid, was already used or has expired.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/password-reset');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the form when the check cannot be answered, and the confirmation says what is wrong', async () => {
    let calls = 0;
    await render(<PasswordResetConfirmPage />, '/password-reset/confirm?token=old', () =>
      ++calls === 1
        ? Promise.reject(new TypeError('network'))
        : answer(400, { code: 'RESET_TOKEN_INVALID', message: 'x', requestId: 'r1' })(),
    );
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'brand-new-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('This link is invalid, was already used or has expired.');
  });
});
