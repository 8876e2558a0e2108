import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { UsersPage } from './users-page';

vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const USERS = {
  dataset: [
    {
      idx: 1,
      id: 'demo',
      name: '지은 김',
      email: 'a@example.com',
      role: 'owner',
      status: 'active',
      company_login: true,
      created_at: '2026-01-01T00:00:00Z',
      last_login_at: '2026-12-07T10:00:00Z',
    },
    {
      idx: 2,
      id: 'demo-viewer',
      name: 'View',
      email: 'v@example.com',
      role: 'viewer',
      status: 'suspended',
      company_login: false,
      created_at: '2026-01-02T00:00:00Z',
      last_login_at: null,
    },
  ],
  total_cnt: 2,
};
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

async function renderPage(lng: string, fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const spy = vi.fn(fetch);
  vi.stubGlobal('fetch', spy);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithProviders(
    <QueryClientProvider client={qc}>
      <UsersPage />
    </QueryClientProvider>,
    lng,
  );
  await i18next.loadNamespaces(['company']);
  return spy;
}

describe('the users screen (issue 58)', () => {
  it("lists the users; the server's LAST_OWNER refusal is shown in the user's language", { timeout: 20_000 }, async () => {
    const fetch = await renderPage('ko', (url, init) => {
      if (init?.method === 'PATCH') return json({ code: 'LAST_OWNER', message: 'x', requestId: 'r1' }, 409);
      return json(url.includes('invitations') ? { dataset: [], total_cnt: 0 } : USERS);
    });
    expect(await screen.findByText('demo-viewer', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('회사 로그인')).toBeInTheDocument();
    expect(screen.getByText('없음')).toBeInTheDocument(); // never logged in
    // the company's login has no remove button; the suspended user can be reactivated
    expect(screen.queryByRole('button', { name: 'demo 삭제' })).toBeNull();
    expect(screen.getByRole('button', { name: 'demo-viewer 다시 활성화' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'demo 정지' }));
    await vi.waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        '회사에는 활성 소유자가 있어야 합니다. 마지막 소유자는 삭제하거나 정지하거나 역할을 바꿀 수 없습니다.',
      ),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/company/users/1');
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ status: 'suspended' });
  });

  it('invites: the form checks the address, then sends e-mail, name, role and the UI language', { timeout: 20_000 }, async () => {
    const fetch = await renderPage('en', (url, init) => {
      if (init?.method === 'POST') return json({ status: 'success', idx: 9 });
      return json(url.includes('invitations') ? { dataset: [], total_cnt: 0 } : USERS);
    });
    await screen.findByText('demo-viewer', {}, { timeout: 10_000 });
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'New Person' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('An invitation was sent to new@example.com.'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/company/users/invitations');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ email: 'new@example.com', name: 'New Person', role: 'viewer', language: 'en' });
  });
});
