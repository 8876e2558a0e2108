import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import type { Paging } from './paging';

interface Row {
  no: number;
  title: string;
}
const ALL: Row[] = Array.from({ length: 123 }, (_, i) => ({ no: i + 1, title: `Book ${i + 1}` }));

/** A screen-like host: paging state here, rows sliced as the server would. */
function Host({ initial = { start: 0, length: 10 } }: { initial?: Paging }) {
  const [paging, setPaging] = useState(initial);
  const rows = ALL.slice(paging.start, paging.start + paging.length);
  return (
    <DataTable
      caption="Books"
      columns={[
        { key: 'no', header: 'No' },
        { key: 'title', header: 'Title' },
      ]}
      rows={rows}
      total={ALL.length}
      rowKey={(r) => r.no}
      paging={paging}
      onPagingChange={setPaging}
      testId="books"
    />
  );
}

describe('DataTable', () => {
  it("shows 'Showing x to y of z entries' and 10 page links", async () => {
    await renderWithProviders(<Host />);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 123 entries');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pageLinks = within(nav).getAllByRole('button', { name: /^Page \d+$/ });
    expect(pageLinks.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves to the last page and shows the next window of links', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Host />);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 121 to 123 of 123 entries');
    expect(screen.getAllByTestId('table-row')).toHaveLength(3);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(['11', '12', '13']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('writes large totals with thousands separators', async () => {
    await renderWithProviders(
      <DataTable caption="Big" columns={[{ key: 'no', header: 'No' }]} rows={[]} total={12345} rowKey={() => 1} paging={{ start: 0, length: 10 }} onPagingChange={() => {}} />,
    );
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 12,345 entries');
  });

  it('falls back to 10 rows for a stored length below 1', async () => {
    await renderWithProviders(<Host initial={{ start: 0, length: 0 }} />);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 123 entries');
  });

  it('shows the paging text in Korean', async () => {
    await renderWithProviders(<Host />, 'ko');
    expect(screen.getByTestId('showing')).toHaveTextContent('전체 123개 중 1~10번째 항목');
  });
});
