import type { TBooksListFilter, TBooksListResponse, TBooksListSortKey, TPaging, TSortDir } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET product/booksList (addition): a page of the company's registered books. */
type Order = { sort: TBooksListSortKey; dir: TSortDir };
export const getBooksList = (paging: TPaging, filter: Partial<TBooksListFilter>, order: Order, signal?: AbortSignal) =>
  api.get<TBooksListResponse>('product/booksList', { query: { ...paging, search_value: filter, ...order }, signal });

export const useBooksList = (paging: TPaging, filter: Partial<TBooksListFilter>, order: Order) =>
  useQuery(
    queryOptions({
      queryKey: ['books', 'list', paging, filter, order],
      queryFn: ({ signal }) => getBooksList(paging, filter, order, signal),
      placeholderData: keepPreviousData,
    }),
  );
