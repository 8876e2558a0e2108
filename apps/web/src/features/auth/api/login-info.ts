import type { TLoginInfo } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getLoginInfo = (signal?: AbortSignal) => api.get<TLoginInfo>('company/loginInfo', { signal });

export const loginInfoQuery = () =>
  queryOptions({ queryKey: ['auth', 'loginInfo'], queryFn: ({ signal }) => getLoginInfo(signal), staleTime: 5 * 60_000 });

/** The logged-in company (spec §3 session fields and flags). */
export const useLoginInfo = () => useQuery(loginInfoQuery());
