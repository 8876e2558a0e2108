import type { TCopyrightBookSortKey, TCopyrightBooksFilter, TCopyrightBooksResponse, TPaging, TSort } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/copyright/books: a page of the company's copyright books. */
export const getCopyrightBooks = (
  paging: TPaging,
  filter: TCopyrightBooksFilter,
  sort: TSort<TCopyrightBookSortKey>,
  signal?: AbortSignal,
) =>
  api.get<TCopyrightBooksResponse>('company/copyright/books', {
    query: { ...paging, search_value: filter, sort: sort.key, dir: sort.dir },
    signal,
  });

export const copyrightBooksQuery = (paging: TPaging, filter: TCopyrightBooksFilter, sort: TSort<TCopyrightBookSortKey>) =>
  queryOptions({
    queryKey: ['copyright', 'books', paging, filter, sort],
    queryFn: ({ signal }) => getCopyrightBooks(paging, filter, sort, signal),
    placeholderData: keepPreviousData,
  });

export const useCopyrightBooks = (paging: TPaging, filter: TCopyrightBooksFilter, sort: TSort<TCopyrightBookSortKey>) =>
  useQuery(copyrightBooksQuery(paging, filter, sort));
