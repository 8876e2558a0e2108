import type { TBuyPaymentDetail } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec §7: an array whose first item is read. */
export const getBuyPayment = async (idx: number, signal?: AbortSignal) =>
  (await api.get<TBuyPaymentDetail[]>(`calculate/buyPayment/${idx}`, { signal }))[0] ?? null;

export const buyPaymentQuery = (idx: number) =>
  queryOptions({ queryKey: ['settlement', 'buyPayment', 'detail', idx], queryFn: ({ signal }) => getBuyPayment(idx, signal) });

export const useBuyPayment = (idx: number | null) => useQuery({ ...buyPaymentQuery(idx ?? 0), enabled: idx !== null });
