import { screen } from '@testing-library/react';
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
