import type { TAccessArea, TAccessMode } from '@portal/contract/access';
import type { TLoginInfo } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mayUse } from '../../../lib/role-access';

export const getLoginInfo = (signal?: AbortSignal) => api.get<TLoginInfo>('company/loginInfo', { signal });

export const loginInfoQuery = () =>
  queryOptions({ queryKey: ['auth', 'loginInfo'], queryFn: ({ signal }) => getLoginInfo(signal), staleTime: 5 * 60_000 });

/** The logged-in company (spec §3 session fields and flags). */
export const useLoginInfo = () => useQuery(loginInfoQuery());

/** (issue 58) Whether the user's role may read or write in an area (a button shown only then). */
export const useRoleMay = (area: TAccessArea, mode: TAccessMode) => mayUse(useLoginInfo().data?.user?.role, area, mode);
