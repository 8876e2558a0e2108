import type { TCustomerType, THelpFile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET help/getAllFiles?customer_type. */
export const getHelpFiles = (customerType: TCustomerType, signal?: AbortSignal) =>
  api.get<THelpFile[]>('help/getAllFiles', { query: { customer_type: customerType }, signal });

export const helpFilesQuery = (customerType: TCustomerType = 'company') =>
  queryOptions({
    queryKey: ['help', 'files', customerType],
    queryFn: ({ signal }) => getHelpFiles(customerType, signal),
    retry: false,
  });

export const useHelpFiles = (customerType: TCustomerType = 'company') => useQuery(helpFilesQuery(customerType));
