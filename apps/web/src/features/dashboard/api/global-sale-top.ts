import type { TGlobalSaleTop } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/globalSaleTop: countries ranked by sold copies, and country → quantity for the map. */
export const getGlobalSaleTop = (signal?: AbortSignal) => api.get<TGlobalSaleTop>('company/dashboard/globalSaleTop', { signal });

export const globalSaleTopQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'globalSaleTop'], queryFn: ({ signal }) => getGlobalSaleTop(signal) });

export const useGlobalSaleTop = () => useQuery(globalSaleTopQuery());
