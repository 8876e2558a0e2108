import type { TBuyPaymentList } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListParams } from './buy-invoice-send';

export const getBuyPayments = (p: ListParams, signal?: AbortSignal) =>
  api.get<TBuyPaymentList>('calculate/buyPayment', { query: { ...p }, signal });

export const buyPaymentsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: ['settlement', 'buyPayment', p],
    queryFn: async ({ signal }) => {
      try {
        return await getBuyPayments(p, signal);
      } catch (e) {
        // spec §7: failed list fetches are logged, nothing is shown
        console.error('calculate/buyPayment failed', e);
        throw e;
      }
    },
    placeholderData: keepPreviousData,
  });

export const useBuyPayments = (p: ListParams, enabled = true) => useQuery({ ...buyPaymentsQuery(p), enabled });
