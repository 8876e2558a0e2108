import type { TPaging, TRoyaltyFilter, TRoyaltyResponse } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET copyright/royalty: a page of royalty lines with royalty amounts and per-currency totals. */
export const getRoyalty = (paging: TPaging, filter: TRoyaltyFilter, signal?: AbortSignal) =>
  api.get<TRoyaltyResponse>('copyright/royalty', { query: { ...paging, search_value: filter }, signal });

export const royaltyQuery = (paging: TPaging, filter: TRoyaltyFilter) =>
  queryOptions({
    queryKey: ['copyright', 'royalty', paging, filter],
    queryFn: ({ signal }) => getRoyalty(paging, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useRoyalty = (paging: TPaging, filter: TRoyaltyFilter) => useQuery(royaltyQuery(paging, filter));
