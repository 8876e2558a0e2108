import { hyphenateIsbn } from '@portal/contract/isbn';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { royaltyRow, royaltyTotal } from '../../../testing/mocks/data';
import { api, royaltyAnswer } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { RoyaltyPage } from './royalty-page';

const server = startMockApi();

/** The royalty calls the page made: paging and the decoded search_value. */
let calls: { start: string | null; length: string | null; filter: unknown }[] = [];
const TOTAL = 23;

beforeEach(() => {
  localStorage.clear(); // the search form is kept per screen
  calls = [];
  server.use(
    http.get(api('copyright/royalty'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const start = Number(q.get('start'));
      const length = Number(q.get('length'));
      calls.push({ start: q.get('start'), length: q.get('length'), filter: JSON.parse(q.get('search_value') ?? 'null') });
      const n = Math.max(0, Math.min(length, TOTAL - start));
      return royaltyAnswer({
        dataset: Array.from({ length: n }, (_, i) =>
          royaltyRow({ no: start + i + 1, idx: start + i + 1, title: `Book ${start + i + 1}`, royalty: '1500.50' }),
        ),
        total_cnt: TOTAL,
        totals: [
          royaltyTotal({ cnt: TOTAL, royalty: '34511.50' }),
          royaltyTotal({ currency: 'USD', currency_icon: '$', cnt: 2, royalty: '12.25' }),
        ],
      });
    }),
  );
});

const render = () => renderPage(RoyaltyPage, { path: '/copyright/royalty', url: '/copyright/royalty', ns: 'copyright' });
const rows = () => screen.getAllByTestId('table-row');

// the machine is shared: a page test may take seconds under load, not a sign of a fault
describe('royalty page (mocked API)', { timeout: 30_000 }, () => {
  it('asks for the first page without a filter, then shows the rows and the per-currency totals of the whole set', async () => {
    await render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(calls[0]).toEqual({ start: '0', length: '10', filter: {} });
    expect(within(rows()[0]!).getByTestId('cell-title')).toHaveTextContent('Book 1');
    expect(within(rows()[0]!).getByTestId('cell-isbn')).toHaveTextContent(hyphenateIsbn('9791185264503'));
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 23 entries');
    expect(screen.getByTestId('total-KRW')).toHaveTextContent('34,511.50');
    expect(screen.getByTestId('total-USD')).toHaveTextContent('12.25');
  });

  it('sends the filters as search_value and starts again from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(expect.objectContaining({ start: '10' })));
    await user.type(screen.getByTestId('filter-isbn'), '979118');
    await user.type(screen.getByTestId('filter-customer'), ' Kyobo ');
    await user.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(calls.at(-1)).toEqual({ start: '0', length: '10', filter: { isbn: '979118', customerName: 'Kyobo' } }));
  });

  it('pages: the last page asks from row 21 and shows the 3 rows left', async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls.at(-1)).toEqual({ start: '20', length: '10', filter: {} });
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 21 to 23 of 23 entries');
  });

  it('a filter that is not digits is refused before any call, with its message', async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const before = calls.length;
    await user.type(screen.getByTestId('filter-isbn'), '97911-x');
    await user.click(screen.getByTestId('search-submit'));
    expect(await screen.findByText('Digits only.')).toBeVisible();
    expect(calls).toHaveLength(before);
  });
});
