import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ZBookLookupResponse, type TBookLookupRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookLookupRow, errorEnvelope } from '../../../testing/mocks/data';
import { answer, api, booksSavedAnswer } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { ExcelUploadPage } from './excel-upload-page';

const server = startMockApi();
/** Reading a workbook and rendering the review take seconds on a loaded machine. */
const SLOW = { timeout: 10_000 };

// A workbook made by openpyxl (reader/__fixtures__): a header, 5 valid ISBNs, a repeated one, bad rows.
const workbook = () =>
  new File([readFileSync(path.join(import.meta.dirname, '../reader/__fixtures__/openpyxl-header-blanks-two-sheets.xlsx'))], 'books.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

/** The lookup: every ISBN found, the first one already registered by the company. */
const lookedUp = (isbns: string[]): TBookLookupRow[] =>
  isbns.map((isbn13, i) => bookLookupRow({ isbn13, title: `Book ${isbn13}`, registered: i === 0 }));

let lookups: string[][] = [];
let saved: unknown[] = [];

beforeEach(() => {
  lookups = [];
  saved = [];
  server.use(
    http.get(api('product/excelApiBookInfo'), ({ request }) => {
      const isbns = new URL(request.url).searchParams.get('isbns')!.split(',');
      lookups.push(isbns);
      return answer(ZBookLookupResponse, lookedUp(isbns));
    }),
  );
});

const render = () => renderPage(ExcelUploadPage, { path: '/settings/excelUpload', url: '/settings/excelUpload', ns: 'books' });
/** The file input behind Mantine's FileInput button, once the page is there. */
const fileInput = async () => {
  await screen.findByTestId('books-file');
  return document.querySelector<HTMLInputElement>('input[type=file]')!;
};

describe('Excel upload page (mocked API)', { timeout: 30_000 }, () => {
  it('file chosen → looked up → preview → save: the rows not yet registered are sent, then the book list opens', async () => {
    server.use(
      http.post(api('product/booksExcel'), async ({ request }) => {
        saved.push(await request.json());
        return booksSavedAnswer({ status: 'success', saved: 4, duplicates: [] });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(await fileInput(), workbook());

    const summary = await screen.findByTestId('upload-summary', {}, SLOW);
    expect(lookups).toEqual([['9788970440002', '9791162240007', '9788936420000', '9791200000013', '9791188710003']]);
    expect(summary).toHaveTextContent('Found: 5');
    expect(summary).toHaveTextContent('Already registered: 1');
    expect(summary).toHaveTextContent('Duplicate rows: 1');
    expect(summary).toHaveTextContent('Header row 1 skipped');
    expect(screen.getAllByTestId('status-registered')).toHaveLength(1);
    expect(within(screen.getByTestId('apart-rows')).getAllByTestId('apart-duplicate')).toHaveLength(1);

    await user.click(screen.getByTestId('save-books'));
    expect(await screen.findByTestId('navigated-to', {}, SLOW)).toHaveTextContent('/products/booksList');
    expect(saved).toHaveLength(1);
    const sent = (saved[0] as { data: { isbn13: string; title: string; list_price: string }[] }).data;
    expect(sent.map((r) => r.isbn13)).toEqual(lookups[0]!.slice(1));
    expect(sent[0]).toEqual(expect.objectContaining({ title: `Book ${lookups[0]![1]}`, list_price: '15000' }));
    expect(await screen.findByText('4 books saved.', {}, SLOW)).toBeInTheDocument();
  });

  it("an error answer to the save is shown and the review stays (the company's cap: nothing stored)", async () => {
    server.use(
      http.post(api('product/booksExcel'), () =>
        HttpResponse.json(errorEnvelope('LIMIT_EXCEEDED', { params: { number: 100 } }), { status: 409 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(await fileInput(), workbook());
    await screen.findByTestId('upload-summary', {}, SLOW);
    await user.click(screen.getByTestId('save-books'));
    expect(await screen.findByText('Maximum number allowed is 100.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('navigated-to')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-summary')).toBeVisible();
    expect(screen.getByTestId('save-books')).toBeEnabled();
  });

  it('a failed lookup keeps the list read from the file; the retry goes on to the preview', async () => {
    server.use(
      http.get(api('product/excelApiBookInfo'), () => HttpResponse.json(errorEnvelope('INTERNAL'), { status: 500 }), { once: true }),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(await fileInput(), workbook());
    const failed = await screen.findByTestId('lookup-error', {}, SLOW);
    expect(failed).toHaveTextContent('The 5 ISBNs read from the file are kept');
    expect(screen.getByTestId('kept-isbns')).toHaveTextContent('978-89-7044-000-2');
    expect(screen.queryByTestId('upload-summary')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('lookup-retry'));
    expect(await screen.findByTestId('upload-summary', {}, SLOW)).toHaveTextContent('Found: 5');
    expect(lookups).toHaveLength(1);
  });

  it('a file that is not books.xlsx is refused before any call', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await render();
    await user.upload(await fileInput(), new File(['x'], 'books.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('file-problem')).toHaveTextContent('Please check the file name.');
    expect(lookups).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('books-file')).toBeEnabled());
  });
});
