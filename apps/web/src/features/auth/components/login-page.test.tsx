import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { prefetchLoginHints } from '../api/login-hints';
import { LoginPage, validateLogin } from './login-page';

describe('login rules (spec §5)', () => {
  it('needs an id and a password of at least 7 characters', () => {
    expect(validateLogin('', '')).toEqual({ id: 'required', password: 'required' });
    expect(validateLogin('   ', 'demo1234')).toEqual({ id: 'required' });
    expect(validateLogin('demo', 'demo12')).toEqual({ password: 'minLength' });
    expect(validateLogin('demo', 'demo123')).toEqual({});
  });
});

describe('demo credentials on the login page (issue 14 defect 14)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The login page with GET /api/common/loginHints answering `hints` (or failing). */
  async function renderWith(answer: () => Promise<Response>) {
    const fetch = vi.fn((url: string) => (url.startsWith('/api/common/loginHints') ? answer() : Promise.reject(new Error(url))));
    vi.stubGlobal('fetch', fetch);
    await renderWithProviders(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    await i18next.loadNamespaces(['auth']);
    await screen.findByRole('button', { name: 'Log in' });
    return fetch;
  }
  const json = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

  it('shows them when the server answers demo logins', async () => {
    const fetch = await renderWith(json({ demo_logins: [{ id: 'demo', password: 'demo1234' }] }));
    expect(await screen.findByTestId('demo-hint')).toHaveTextContent('Demo: demo / demo1234');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/common/loginHints');
  });

  it('shows none when the server seeded no demo data', async () => {
    const fetch = await renderWith(json({ demo_logins: [] }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('demo-hint')).toBeNull();
    expect(document.body.textContent).not.toMatch(/demo1234/);
  });

  it("shows them in the page's first render when the route asked for them (issue 17), without asking again", async () => {
    const fetch = vi.fn((url: string) =>
      url.startsWith('/api/common/loginHints')
        ? Promise.resolve(new Response(JSON.stringify({ demo_logins: [{ id: 'demo2', password: 'demo1234' }] }), { status: 200 }))
        : Promise.reject(new Error(url)),
    );
    vi.stubGlobal('fetch', fetch);
    await prefetchLoginHints(5_000);
    await i18next.loadNamespaces(['auth']);
    await renderWithProviders(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    // the first render already has it: getBy, not findBy
    expect(screen.getByTestId('demo-hint')).toHaveTextContent('Demo: demo2 / demo1234');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows none when the call fails', async () => {
    const fetch = await renderWith(() => Promise.resolve(new Response('{}', { status: 500 })));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('demo-hint')).toBeNull();
  });
});

describe('2-step login (issue 58)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code when the server answers TWO_STEP_REQUIRED, keeps id and password, and sends the code with them', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/common/loginHints'))
        return Promise.resolve(new Response(JSON.stringify({ demo_logins: [] }), { status: 200 }));
      if (url.startsWith('/api/company/login')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        const envelope = body.otp
          ? { code: 'TWO_STEP_FAILED', message: 'The code is not valid.', requestId: 'r2' }
          : { code: 'TWO_STEP_REQUIRED', message: 'Please enter the code.', requestId: 'r1' };
        return Promise.resolve(new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } }));
      }
      return Promise.reject(new Error(url));
    });
    vi.stubGlobal('fetch', fetch);
    await renderWithProviders(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    await i18next.loadNamespaces(['auth', 'common']);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Author ID'), 'demo-2step');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    expect(screen.queryByTestId('login-code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Author ID')).toHaveValue('demo-2step');
    expect(screen.getByLabelText('Password')).toHaveValue('demo1234');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid.');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toHaveProperty('otp');
    expect(bodies[1]).toMatchObject({ id: 'demo-2step', password: 'demo1234', otp: '123456' });
    // a recovery code is typed as text
    await user.click(screen.getByTestId('login-code-kind'));
    expect(screen.getByLabelText('Recovery code')).toHaveAttribute('inputmode', 'text');
  });
});
