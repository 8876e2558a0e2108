import type { TBuyInvoiceDetail } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET calculate/buyInvoiceSend/{idx} (addition): one invoice with its lines. */
export const getBuyInvoice = (idx: number, signal?: AbortSignal) =>
  api.get<TBuyInvoiceDetail>(`calculate/buyInvoiceSend/${idx}`, { signal });

export const buyInvoiceQuery = (idx: number) =>
  queryOptions({ queryKey: ['settlement', 'buyInvoiceSend', 'detail', idx], queryFn: ({ signal }) => getBuyInvoice(idx, signal) });

export const useBuyInvoice = (idx: number | null) => useQuery({ ...buyInvoiceQuery(idx ?? 0), enabled: idx !== null });
