import type { TDashboardCount } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/overdueInvoiceCnt (addition, issue 59): invoices with an amount owed past their due date. */
export const getOverdueInvoiceCnt = (signal?: AbortSignal) => api.get<TDashboardCount>('company/dashboard/overdueInvoiceCnt', { signal });

export const overdueInvoiceCntQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'overdueInvoiceCnt'], queryFn: ({ signal }) => getOverdueInvoiceCnt(signal) });

export const useOverdueInvoiceCnt = () => useQuery(overdueInvoiceCntQuery());
