import type { TPaging, TRoyaltyFilter, TRoyaltyResponse, TRoyaltySortKey, TSort } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET copyright/royalty: a page of royalty lines with royalty amounts and per-currency totals. */
export const getRoyalty = (paging: TPaging, filter: TRoyaltyFilter, sort: TSort<TRoyaltySortKey>, signal?: AbortSignal) =>
  api.get<TRoyaltyResponse>('copyright/royalty', { query: { ...paging, search_value: filter, sort: sort.key, dir: sort.dir }, signal });

export const royaltyQuery = (paging: TPaging, filter: TRoyaltyFilter, sort: TSort<TRoyaltySortKey>) =>
  queryOptions({
    queryKey: ['copyright', 'royalty', paging, filter, sort],
    queryFn: ({ signal }) => getRoyalty(paging, filter, sort, signal),
    placeholderData: keepPreviousData,
  });

export const useRoyalty = (paging: TPaging, filter: TRoyaltyFilter, sort: TSort<TRoyaltySortKey>) =>
  useQuery(royaltyQuery(paging, filter, sort));
