import type { TCompanyInfo } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCompanyInfo = (idx: number, signal?: AbortSignal) => api.get<TCompanyInfo>(`company/getInfo/${idx}`, { signal });

export const companyInfoQuery = (idx: number) =>
  queryOptions({ queryKey: ['company', 'info', idx], queryFn: ({ signal }) => getCompanyInfo(idx, signal) });

/** GET company/getInfo/{idx}: the profile (e-mail lists comma-separated). */
export const useCompanyInfo = (idx: number | undefined) => useQuery({ ...companyInfoQuery(idx ?? 0), enabled: !!idx });
