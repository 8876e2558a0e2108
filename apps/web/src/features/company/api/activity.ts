import type { ZAuditList } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { api } from '../../../lib/api-client';

/** (issue 58) GET company/activity: the company's activity log, newest first (owners). */
export const useActivity = (paging: Paging, enabled: boolean) =>
  useQuery({
    queryKey: ['company', 'activity', paging],
    queryFn: ({ signal }) => api.get<z.infer<typeof ZAuditList>>('company/activity', { query: { ...paging }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
