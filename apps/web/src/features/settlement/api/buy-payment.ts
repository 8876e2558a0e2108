import type { TBuyPaymentList, TPaymentFilter } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListParams as Params } from './buy-invoice-send';

type ListParams = Params<TPaymentFilter>;

export const getBuyPayments = (p: ListParams, signal?: AbortSignal) =>
  api.get<TBuyPaymentList>('calculate/buyPayment', { query: { ...p }, signal });

export const buyPaymentsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['settlement', 'buyPayment', p],
    queryFn: async ({ signal }) => {
      try {
        return await getBuyPayments(p, signal);
      } catch (e) {
        // logged, and shown by the table with a retry (issue 14 overrides spec §7's "only logged")
        console.error('calculate/buyPayment failed', e);
        throw e;
      }
    },
    placeholderData: keepPreviousData,
  });

export const useBuyPayments = (p: ListParams, enabled = true) => useQuery({ ...buyPaymentsQuery(p), enabled });
