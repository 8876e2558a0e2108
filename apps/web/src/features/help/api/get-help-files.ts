import type { TCustomerType, THelpFile, TSortDir } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Page = { start: number; length: number; dir: TSortDir };
/** GET help/getAllFiles?customer_type&start&length&sort&dir: one page of the files, each row carrying total_cnt. */
export const getHelpFiles = (customerType: TCustomerType, page: Page, signal?: AbortSignal) =>
  api.get<THelpFile[]>('help/getAllFiles', {
    query: { customer_type: customerType, start: page.start, length: page.length, sort: 'no', dir: page.dir },
    signal,
  });

export const helpFilesQuery = (customerType: TCustomerType, page: Page) =>
  queryOptions({
    queryKey: ['help', 'files', customerType, page.start, page.length, page.dir],
    queryFn: ({ signal }) => getHelpFiles(customerType, page, signal),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useHelpFiles = (customerType: TCustomerType, page: Page) => useQuery(helpFilesQuery(customerType, page));
