import { ZAdminCompany, ZAdminCompanyList, type TAdminCompany } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, api } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { operatorSession } from '../operator-session';
import { CompaniesPage } from './companies-page';

const server = startMockApi();
const SLOW = { timeout: 10_000 };

const company = (over: Partial<TAdminCompany>): TAdminCompany => ({
  idx: 1,
  id: 'demo',
  company_name: 'Demo Books',
  country: 'KOR',
  code_company_division: 'AUT',
  email: 'demo@example.com',
  active: true,
  must_change_password: false,
  has_password: true,
  created_at: '2026-01-02T00:00:00Z',
  ...over,
});

let companies: TAdminCompany[] = [];
let searches: (string | null)[] = [];
let posts: { path: string; body: unknown; auth: string | null }[] = [];

beforeEach(() => {
  localStorage.clear();
  operatorSession.store('operator-token', 3600);
  companies = [company({}), company({ idx: 2, id: 'hanbit', company_name: 'Hanbit Books', has_password: false })];
  searches = [];
  posts = [];
  server.use(
    http.get(api('admin/companies'), ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      searches.push(search);
      const rows = companies.filter((c) => !search || c.id.includes(search) || c.company_name.includes(search));
      return answer(ZAdminCompanyList, { dataset: rows, total_cnt: rows.length });
    }),
    http.post(api('admin/companies/:id/:action'), async ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, body: await request.text(), auth: request.headers.get('authorization') });
      const c = companies.find((x) => x.id === params.id)!;
      if (params.action === 'deactivate') c.active = false;
      if (params.action === 'reactivate') c.active = true;
      return HttpResponse.json({});
    }),
  );
});

const render = () => renderPage(CompaniesPage, { path: '/admin/companies', url: '/admin/companies', ns: 'admin' });
const rows = () => within(screen.getByTestId('companies-table')).getAllByTestId('table-row');

describe('companies (mocked API)', { timeout: 30_000 }, () => {
  it('lists, searches, and deactivates after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    expect(rows()[1]).toHaveTextContent('No password yet');

    await user.type(screen.getByLabelText('Search by login ID or name'), 'hanbit');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    expect(searches.at(-1)).toBe('hanbit');
    expect(rows()[0]).toHaveTextContent('Hanbit Books');

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Deactivate hanbit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate hanbit?' });
    await user.click(within(dialog).getByTestId('confirm-active'));
    await waitFor(() => expect(within(rows()[0]!).getByTestId('company-status')).toHaveTextContent('Deactivated'), SLOW);
    expect(posts).toEqual([{ path: '/api/admin/companies/hanbit/deactivate', body: '', auth: 'Bearer operator-token' }]);
  });

  it('creates a company; the rules of the contract and the server refusal show on the fields', async () => {
    let sent: unknown;
    // the server's refusals in turn: an unknown country (400 with the field), a taken id (409), then success
    const refusals = [
      HttpResponse.json(
        { code: 'VALIDATION', message: 'Please check the fields.', issues: [{ path: 'country', message: 'x' }], requestId: 'r' },
        { status: 400 },
      ),
      HttpResponse.json({ code: 'CONFLICT', message: 'taken', requestId: 'r' }, { status: 409 }),
    ];
    server.use(
      http.post(api('admin/companies'), async ({ request }) => {
        sent = await request.json();
        const refusal = refusals.shift();
        if (refusal) return refusal;
        const c = company({ idx: 3, id: 'newco', company_name: 'New Co' });
        companies.push(c);
        return answer(ZAdminCompany, c);
      }),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    const opener = screen.getByTestId('company-create');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    await user.click(within(dialog).getByTestId('company-create-submit'));
    expect(await within(dialog).findByText('please enter Login ID')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum 7 characters.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/Login ID/), 'newco');
    await user.type(within(dialog).getByLabelText(/Company name/), 'New Co');
    await user.type(within(dialog).getByLabelText(/Initial password/), 'secret-123');
    await user.click(within(dialog).getByTestId('company-create-submit'));
    expect(await within(dialog).findByText('Unknown country code.', {}, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('company-create-submit'));
    expect(await within(dialog).findByText('This login ID is already taken.', {}, SLOW)).toBeInTheDocument();

    await user.click(within(dialog).getByTestId('company-create-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New company' })).not.toBeInTheDocument(), SLOW);
    expect(sent).toEqual({
      id: 'newco',
      company_name: 'New Co',
      country: 'KOR',
      code_company_division: 'AUT',
      email: '',
      password: 'secret-123',
    });
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
  });
});
