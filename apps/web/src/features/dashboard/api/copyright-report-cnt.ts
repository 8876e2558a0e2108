import type { TDashboardCount } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/copyrightReportCnt: royalty lines registered yesterday (server time zone). */
export const getCopyrightReportCnt = (signal?: AbortSignal) => api.get<TDashboardCount>('company/dashboard/copyrightReportCnt', { signal });

export const copyrightReportCntQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'copyrightReportCnt'], queryFn: ({ signal }) => getCopyrightReportCnt(signal) });

export const useCopyrightReportCnt = () => useQuery(copyrightReportCntQuery());
