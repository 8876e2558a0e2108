import type { TDashboardCount } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/unpaidInvoiceCnt: invoices without a payment. */
export const getUnpaidInvoiceCnt = (signal?: AbortSignal) => api.get<TDashboardCount>('company/dashboard/unpaidInvoiceCnt', { signal });

export const unpaidInvoiceCntQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'unpaidInvoiceCnt'], queryFn: ({ signal }) => getUnpaidInvoiceCnt(signal) });

export const useUnpaidInvoiceCnt = () => useQuery(unpaidInvoiceCntQuery());
