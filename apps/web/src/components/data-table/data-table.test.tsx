import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TSort } from '@portal/contract';
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
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['11', '12', '13']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('writes large totals with thousands separators', async () => {
    await renderWithProviders(
      <DataTable
        caption="Big"
        columns={[{ key: 'no', header: 'No' }]}
        rows={[]}
        total={12345}
        rowKey={() => 1}
        paging={{ start: 0, length: 10 }}
        onPagingChange={() => {}}
      />,
    );
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 12,345 entries');
  });

  it('says "N+" for a total that is a lower bound (a common word searched), and offers no last page', async () => {
    const user = userEvent.setup();
    const Bounded = () => {
      const [paging, setPaging] = useState<Paging>({ start: 0, length: 10 });
      return (
        <DataTable
          caption="Found"
          columns={[{ key: 'no', header: 'No' }]}
          rows={ALL.slice(paging.start, paging.start + paging.length)}
          total={1200}
          totalAtLeast
          rowKey={(r) => r.no}
          paging={paging}
          onPagingChange={setPaging}
        />
      );
    };
    await renderWithProviders(<Bounded />);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 1,200+ entries');
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 11 to 20 of 1,200+ entries');
  });

  it('falls back to 10 rows for a stored length below 1', async () => {
    await renderWithProviders(<Host initial={{ start: 0, length: 0 }} />);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 123 entries');
  });

  it('shows the paging text in Korean', async () => {
    await renderWithProviders(<Host />, 'ko');
    expect(screen.getByTestId('showing')).toHaveTextContent('전체 123개 중 1~10번째 항목');
  });

  const shell = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) => (
    <DataTable<Row>
      caption="Books"
      columns={[
        { key: 'no', header: 'No' },
        { key: 'title', header: 'Title' },
      ]}
      rows={[]}
      total={0}
      rowKey={(r) => r.no}
      paging={{ start: 0, length: 5 }}
      onPagingChange={() => {}}
      {...props}
    />
  );

  it('shows skeleton rows while the first page loads, not "Showing 0 to 0 of 0"', async () => {
    await renderWithProviders(shell({ loading: true }));
    expect(screen.getAllByTestId('table-skeleton')).toHaveLength(5);
    expect(screen.getByTestId('showing')).toHaveTextContent('Loading…');
    expect(screen.queryByText(/Showing 0 to 0 of 0/)).toBeNull();
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it('keeps the rows of the last page while the next one loads (no skeleton)', async () => {
    await renderWithProviders(shell({ loading: true, rows: ALL.slice(0, 5), total: 123 }));
    expect(screen.queryAllByTestId('table-skeleton')).toHaveLength(0);
    expect(screen.getAllByTestId('table-row')).toHaveLength(5);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows an error state whose retry asks again, instead of "Showing 0 to 0 of 0"', async () => {
    const user = userEvent.setup();
    let retried = 0;
    await renderWithProviders(shell({ error: new Error('down'), onRetry: () => retried++ }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded.');
    expect(alert).toHaveTextContent('An error occurred. Please contact the administrator');
    expect(screen.getByTestId('showing')).toHaveTextContent('');
    expect(screen.queryByText(/Showing 0 to 0 of 0/)).toBeNull();
    expect(screen.queryAllByTestId('table-skeleton')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });

  it("lets a screen say what its error state says (e.g. spec §8's communication message)", async () => {
    await renderWithProviders(shell({ error: new Error('down'), errorDetail: <span>Ask the administrator.</span> }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Ask the administrator.');
    expect(alert).not.toHaveTextContent('An error occurred. Please contact the administrator');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says "No data available" for an empty answer', async () => {
    await renderWithProviders(shell({}));
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 0 to 0 of 0 entries');
  });

  it('marks action columns, paging and per-page as left out of print', async () => {
    const { container } = await renderWithProviders(
      shell({
        rows: ALL.slice(0, 2),
        total: 2,
        columns: [
          { key: 'no', header: 'No' },
          { key: 'pdf', header: 'PDF', print: false, render: () => 'x' },
        ],
      }),
    );
    const hidden = [...container.querySelectorAll('[data-print="hide"]')];
    expect(hidden.filter((e) => e.tagName === 'TH' || e.tagName === 'TD').map((e) => e.textContent)).toEqual(['PDF', 'x', 'x']);
    expect(hidden.some((e) => e.tagName === 'NAV')).toBe(true);
    expect(hidden.some((e) => e.contains(screen.getByText('Rows per page')))).toBe(true);
  });
});

/** A host with an order: rows sorted as the server would, the order kept here. */
function SortedHost() {
  const [paging, setPaging] = useState<Paging>({ start: 0, length: 5 });
  const [sort, setSort] = useState<TSort>({ key: 'no', dir: 'asc' });
  const sorted = [...ALL].sort((a, b) => {
    const c = sort.key === 'title' ? a.title.localeCompare(b.title) : a.no - b.no;
    return sort.dir === 'asc' ? c : -c;
  });
  return (
    <DataTable
      caption="Books"
      columns={[
        { key: 'no', header: 'No', sortKey: 'no', sortFirst: 'desc' },
        { key: 'title', header: 'Title', sortKey: 'title' },
        { key: 'plain', header: 'Plain', render: () => '-' },
      ]}
      rows={sorted.slice(paging.start, paging.start + paging.length)}
      total={ALL.length}
      rowKey={(r) => r.no}
      paging={paging}
      onPagingChange={setPaging}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPaging({ start: 0, length: paging.length });
      }}
    />
  );
}

describe('DataTable sort headers (issue 59)', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name });
  const firstCells = () => screen.getAllByTestId('table-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent);

  it('marks the sorted column with aria-sort, turns the order on a click and sorts another column from its first direction', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SortedHost />);
    expect(header('No')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Title')).not.toHaveAttribute('aria-sort');
    expect(within(header('Plain')).queryByRole('button')).toBeNull();
    // the button is named by the header and described by what a click does
    const no = within(header('No')).getByRole('button', { name: 'No' });
    expect(no).toHaveAccessibleDescription('sort descending');
    await user.click(no);
    expect(header('No')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['123', '122', '121', '120', '119']);
    expect(no).toHaveAccessibleDescription('sort ascending');
    await user.click(no);
    expect(header('No')).toHaveAttribute('aria-sort', 'ascending');
    expect(within(header('Title')).getByRole('button', { name: 'Title' })).toHaveAccessibleDescription('sort ascending');
    await user.click(within(header('Title')).getByRole('button', { name: 'Title' }));
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('No')).not.toHaveAttribute('aria-sort');
    expect(firstCells()).toEqual(['1', '10', '100', '101', '102']);
  });

  it('sorts from the keyboard (Enter and Space on the header button)', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SortedHost />);
    within(header('Title')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Title')).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(header('Title')).toHaveAttribute('aria-sort', 'descending');
  });
});
