import type { TDashboardCount } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/copyrightBooksCnt: the company's copyright books. */
export const getCopyrightBooksCnt = (signal?: AbortSignal) => api.get<TDashboardCount>('company/dashboard/copyrightBooksCnt', { signal });

export const copyrightBooksCntQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'copyrightBooksCnt'], queryFn: ({ signal }) => getCopyrightBooksCnt(signal) });

export const useCopyrightBooksCnt = () => useQuery(copyrightBooksCntQuery());
