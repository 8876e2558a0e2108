import type { TMonthlySaleQtyResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET company/dashboard/monthlySaleQty: sold copies of the last 12 months, oldest first. */
export const getMonthlySaleQty = (signal?: AbortSignal) => api.get<TMonthlySaleQtyResponse>('company/dashboard/monthlySaleQty', { signal });

export const monthlySaleQtyQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'monthlySaleQty'], queryFn: ({ signal }) => getMonthlySaleQty(signal) });

export const useMonthlySaleQty = () => useQuery(monthlySaleQtyQuery());
