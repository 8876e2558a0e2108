import type { TCopyrightBooksFilter, TCopyrightBooksResponse, TPaging } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/copyright/books: a page of the company's copyright books. */
export const getCopyrightBooks = (paging: TPaging, filter: TCopyrightBooksFilter, signal?: AbortSignal) =>
  api.get<TCopyrightBooksResponse>('company/copyright/books', { query: { ...paging, search_value: filter }, signal });

export const copyrightBooksQuery = (paging: TPaging, filter: TCopyrightBooksFilter) =>
  queryOptions({
    queryKey: ['copyright', 'books', paging, filter],
    queryFn: ({ signal }) => getCopyrightBooks(paging, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useCopyrightBooks = (paging: TPaging, filter: TCopyrightBooksFilter) => useQuery(copyrightBooksQuery(paging, filter));
