import type { TCompanyAddressList } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Paging } from '../../../components/data-table';

export const listAddresses = (paging: Paging, signal?: AbortSignal) =>
  api.get<TCompanyAddressList>('company/CompanyAddress', { query: { start: paging.start, length: paging.length }, signal });

export const addressesQuery = (paging: Paging) =>
  queryOptions({
    queryKey: ['company', 'addresses', paging],
    queryFn: ({ signal }) => listAddresses(paging, signal),
    placeholderData: keepPreviousData,
  });

/** GET company/CompanyAddress (addition): the company's addresses, paged. */
export const useAddresses = (paging: Paging) => useQuery(addressesQuery(paging));
