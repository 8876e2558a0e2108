import type { TPaymentInvoiceRow } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPaymentInvoices = (buyPaymentIdx: number, signal?: AbortSignal) =>
  api.get<TPaymentInvoiceRow[]>('calculate/buyPaymentCompleteDetail', { query: { buy_payment_idx: buyPaymentIdx }, signal });

export const paymentInvoicesQuery = (buyPaymentIdx: number) =>
  queryOptions({
    queryKey: ['settlement', 'buyPaymentCompleteDetail', buyPaymentIdx],
    queryFn: ({ signal }) => getPaymentInvoices(buyPaymentIdx, signal),
  });

export const usePaymentInvoices = (idx: number | null) => useQuery({ ...paymentInvoicesQuery(idx ?? 0), enabled: idx !== null });
