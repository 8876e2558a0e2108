import type { TCustomerType, THelpFile } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET help/getAllFiles?customer_type&start&length: one page of the files, each row carrying total_cnt. */
export const getHelpFiles = (customerType: TCustomerType, page: { start: number; length: number }, signal?: AbortSignal) =>
  api.get<THelpFile[]>('help/getAllFiles', { query: { customer_type: customerType, start: page.start, length: page.length }, signal });

export const helpFilesQuery = (customerType: TCustomerType, page: { start: number; length: number }) =>
  queryOptions({
    queryKey: ['help', 'files', customerType, page.start, page.length],
    queryFn: ({ signal }) => getHelpFiles(customerType, page, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useHelpFiles = (customerType: TCustomerType, page: { start: number; length: number }) =>
  useQuery(helpFilesQuery(customerType, page));
