import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TStatementList } from '@portal/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { RoyaltyTabs, statementsFilter } from './statements-tab';

const LIST: TStatementList = {
  total_cnt: 1,
  dataset: [
    {
      no: 1,
      idx: 7,
      number: 'RS-202610-000012-KRW-v2',
      period: '2026-10',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      currency: 'KRW',
      version: 2,
      lang: 'ko',
      line_cnt: 1234,
      qty: 5000,
      opening_balance: '2400.00',
      royalty: '9977.78',
      settled: '4500.00',
      closing_balance: '7877.78',
      payable: '7878.00',
      rounding: '0.22',
      size: 40000,
      // 00:30 on 3 November in Seoul, still 2 November in UTC (and in a browser west of Seoul)
      issued_at: '2026-11-02T15:30:00.000Z',
      issued_on: '2026-11-03',
      pdf: '/copyright/statements/7/pdf',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

async function renderTabs(lng = 'en') {
  const fetch = vi.fn((url: string) => {
    if (url.startsWith('/api/copyright/statements?')) return Promise.resolve(new Response(JSON.stringify(LIST), { status: 200 }));
    if (url === '/api/copyright/statements/7/pdf')
      return Promise.resolve(
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="RS-202610-000012-KRW-v2.pdf"' },
        }),
      );
    return Promise.reject(new Error(url));
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/copyright/royalty?tab=statements']}>
        <RoyaltyTabs>
          <p>the royalty lines</p>
        </RoyaltyTabs>
      </MemoryRouter>
    </QueryClientProvider>,
    lng,
  );
  await i18next.loadNamespaces(['copyright']);
  return fetch;
}

describe('the Statements tab of the royalty screen (issue 18)', { timeout: 30_000 }, () => {
  it('lists the statements with their number, version, amounts and a PDF download', async () => {
    const fetch = await renderTabs();
    const table = await screen.findByTestId('statements-table');
    expect(await within(table).findByText('RS-202610-000012-KRW-v2')).toBeInTheDocument();
    expect(within(table).getByText('Version 2')).toBeInTheDocument();
    expect(within(table).getByTestId('statement-royalty')).toHaveTextContent('9,977.78 KRW');
    // what is payable, in whole won, with the rounding that took it there
    expect(within(table).getByTestId('statement-payable')).toHaveTextContent('₩7,878');
    expect(within(table).getByTestId('statement-rounding')).toHaveTextContent('rounding 0.22');
    expect(within(table).getByTestId('statement-balance')).toHaveTextContent('closing balance 7,877.78');
    // the issue day is the business day the PDF prints, whatever the browser's time zone
    expect(within(table).getByText('11/03/2026')).toBeInTheDocument();
    for (const h of ['Royalty of the period', 'Payable', 'Issued on'])
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(screen.queryByText('the royalty lines')).toBeNull();

    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(within(table).getByRole('button', { name: 'Download statement RS-202610-000012-KRW-v2 (PDF)' }));
    await vi.waitFor(() => expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/copyright/statements/7/pdf'));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('is labelled in Korean', async () => {
    await renderTabs('ko');
    expect(await screen.findByRole('tab', { name: '정산서' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '인세 내역' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText('버전 2')).toBeInTheDocument();
  });

  it("turns the filter form into the call's search_value (issue 57)", () => {
    expect(statementsFilter({ currency: '', periodRange: '' })).toEqual({ filter: {}, errors: {} });
    expect(statementsFilter({ currency: 'USD', periodRange: '2026-01-01 ~ 2026-06-30' })).toEqual({
      filter: { currency: 'USD', startDate: '2026-01-01', endDate: '2026-06-30' },
      errors: {},
    });
    // a currency the portal does not hold is left out; a range that does not parse is an error
    expect(statementsFilter({ currency: 'XXX', periodRange: '2026-13-01 ~' })).toEqual({
      filter: {},
      errors: { periodRange: 'dateRangeInvalid' },
    });
  });
});
