import { screen, waitFor, within } from '@testing-library/react';
import { USER_ROLES, type TUserRole } from '@portal/contract/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mayOpen } from '../../lib/role-access';
import { session } from '../../lib/session';
import { loginInfo } from '../../testing/mocks/data';
import { api } from '../../testing/mocks/handlers';
import { startMockApi } from '../../testing/mocks/server';
import { renderWithProviders } from '../../test/render';
import { Counters } from '../../features/dashboard/components/counters';
import { AppLayout } from './app-layout';
import { navItemsFor } from './nav-items';
import { Sidebar } from './sidebar';

const server = startMockApi();

/** The sidebar's links (groups opened) as a role sees them. */
async function menuOf(role: TUserRole | undefined) {
  const { unmount } = await renderWithProviders(
    <MemoryRouter initialEntries={['/help/faq']}>
      <Sidebar title="Demo Books" minimised={false} role={role} />
    </MemoryRouter>,
  );
  // the links of closed groups too (hidden until their group opens)
  const nav = screen.getByRole('navigation', { hidden: true });
  const links = (await within(nav).findAllByRole('link', { hidden: true })).map((a) => a.getAttribute('href'));
  unmount();
  return links;
}

const HELP = ['/help/faq', '/help/bbs/notice', '/help/bbs/qna', '/help/files'];

describe('the menu of each role (issue 58)', () => {
  it('owner: every screen (the users too); accounting: dashboard, settlement, help; editorial: dashboard, books, copyright, help', async () => {
    expect(await menuOf('owner')).toEqual([
      '/dashboard',
      '/settings/companyEdit',
      '/settings/account',
      '/settings/excelUpload',
      '/products/booksList',
      '/settings/users',
      '/calculate/sale',
      '/copyright/books',
      '/copyright/royalty',
      ...HELP,
    ]);
    // (every role) the user's own account: who it is, its sessions
    expect(await menuOf('accounting')).toEqual(['/dashboard', '/settings/account', '/calculate/sale', ...HELP]);
    expect(await menuOf('editorial')).toEqual([
      '/dashboard',
      '/settings/account',
      '/settings/excelUpload',
      '/products/booksList',
      '/copyright/books',
      '/copyright/royalty',
      ...HELP,
    ]);
  });

  it('viewer: the screens it may read, not the upload nor the company edit', async () => {
    expect(await menuOf('viewer')).toEqual([
      '/dashboard',
      '/settings/account',
      '/products/booksList',
      '/calculate/sale',
      '/copyright/books',
      '/copyright/royalty',
      ...HELP,
    ]);
  });

  it('an empty group disappears; an unknown role (login info not loaded) sees the whole menu', () => {
    expect(navItemsFor('accounting').map((i) => i.label)).toEqual(['nav.dashboard', 'nav.companySettings', 'nav.settlement', 'nav.help']);
    expect(navItemsFor('accounting')[1]!.children!.map((i) => i.to)).toEqual(['/settings/account']);
    expect(navItemsFor(undefined)).toHaveLength(navItemsFor('owner').length);
    for (const role of USER_ROLES) expect(navItemsFor(role).length).toBeGreaterThan(1);
  });
});

describe('a screen the role may not open (issue 58)', () => {
  beforeEach(() => session.store('token', 3600));
  afterEach(() => session.clear());

  async function open(path: string, role: TUserRole) {
    server.use(
      http.get(api('company/loginInfo'), () =>
        HttpResponse.json(loginInfo({ user: { idx: 2, id: 'u', name: 'U', role, two_step: false } })),
      ),
    );
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <AppLayout />,
          children: [
            { path: 'calculate/sale', element: <p>the settlement page</p> },
            { path: 'copyright/royalty', element: <p>the royalty page</p> },
            { path: 'settings/users', element: <p>the users page</p> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    await renderWithProviders(<RouterProvider router={router} />);
  }

  it("shows 'no permission' instead of the page", async () => {
    await open('/copyright/royalty', 'accounting');
    expect(await screen.findByTestId('no-permission')).toHaveTextContent('no permission');
    expect(screen.queryByText('the royalty page')).toBeNull();
  });

  it("(issue 58) the users screen is an owner's: 'no permission' for every other role", async () => {
    for (const role of ['accounting', 'editorial', 'viewer'] as const) expect(mayOpen(role, '/settings/users'), role).toBe(false);
    expect(mayOpen('owner', '/settings/users')).toBe(true);
    await open('/settings/users', 'editorial');
    expect(await screen.findByTestId('no-permission')).toHaveTextContent('no permission');
    expect(screen.queryByText('the royalty page')).toBeNull();
  });

  it('shows the page to a role that may open it', async () => {
    await open('/calculate/sale', 'accounting');
    expect(await screen.findByText('the settlement page')).toBeInTheDocument();
    expect(screen.queryByTestId('no-permission')).toBeNull();
  });
});

describe('the dashboard counters of a role (issue 58)', () => {
  beforeEach(() => session.store('token', 3600));
  afterEach(() => session.clear());

  it('link only to the lists the role may open; every figure stays', async () => {
    server.use(
      http.get(api('company/loginInfo'), () =>
        HttpResponse.json(loginInfo({ user: { idx: 2, id: 'u', name: 'U', role: 'accounting', two_step: false } })),
      ),
      ...['copyrightReportCnt', 'copyrightBooksCnt', 'unpaidInvoiceCnt', 'overdueInvoiceCnt'].map((name, i) =>
        http.get(api(`company/dashboard/${name}`), () => HttpResponse.json(i + 1)),
      ),
    );
    await renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Counters />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // before the login info tells the role, every counter is a link (as the menus): wait for the role
    await waitFor(() => expect(screen.getByTestId('counter-reports').tagName).not.toBe('A'));
    expect(screen.getByTestId('counter-books').tagName).not.toBe('A');
    expect(screen.getByTestId('counter-unpaid')).toHaveAttribute('href', '/calculate/sale');
    expect(screen.getByTestId('counter-overdue')).toHaveAttribute('href', '/calculate/sale?overdue=Y');
    for (const [i, id] of ['counter-reports', 'counter-books', 'counter-unpaid', 'counter-overdue'].entries())
      await waitFor(() => expect(screen.getByTestId(`${id}-value`)).toHaveAttribute('data-final', String(i + 1)));
  });
});
