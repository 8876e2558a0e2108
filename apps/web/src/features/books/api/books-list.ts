import type { TBooksListFilter, TBooksListResponse, TPaging } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET product/booksList (addition): a page of the company's registered books. */
export const getBooksList = (paging: TPaging, filter: Partial<TBooksListFilter>, signal?: AbortSignal) =>
  api.get<TBooksListResponse>('product/booksList', { query: { ...paging, search_value: filter }, signal });

export const booksListQuery = (paging: TPaging, filter: Partial<TBooksListFilter>) =>
  queryOptions({
    queryKey: ['books', 'list', paging, filter],
    queryFn: ({ signal }) => getBooksList(paging, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useBooksList = (paging: TPaging, filter: Partial<TBooksListFilter>) => useQuery(booksListQuery(paging, filter));
