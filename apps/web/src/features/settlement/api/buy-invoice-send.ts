import type { TBuyInvoiceList, TInvoiceFilter } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ListParams<F = TInvoiceFilter> {
  start: number;
  length: number;
  search_value: F;
  /** the list's order (issue 59): one of INVOICE_SORTS / PAYMENT_SORTS, asc or desc */
  sort?: string;
  dir?: 'asc' | 'desc';
}

export const getBuyInvoices = (p: ListParams, signal?: AbortSignal) =>
  api.get<TBuyInvoiceList>('calculate/buyInvoiceSend', { query: { ...p }, signal });

export const buyInvoicesQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['settlement', 'buyInvoiceSend', p],
    queryFn: async ({ signal }) => {
      try {
        return await getBuyInvoices(p, signal);
      } catch (e) {
        // logged, and shown by the table with a retry (issue 14 overrides spec §7's "only logged")
        console.error('calculate/buyInvoiceSend failed', e);
        throw e;
      }
    },
    placeholderData: keepPreviousData,
  });

export const useBuyInvoices = (p: ListParams, enabled = true) => useQuery({ ...buyInvoicesQuery(p), enabled });
