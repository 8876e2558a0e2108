import type { TAuditFilter, ZAuditList } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** GET admin/audit: the admin writes `filter` keeps, newest first (search_value travels as JSON). */
export const useAudit = (paging: Paging, filter: TAuditFilter) =>
  useQuery({
    queryKey: ['admin', 'audit', filter, paging],
    queryFn: ({ signal }) =>
      adminApi.get<z.infer<typeof ZAuditList>>('audit', {
        query: { ...paging, search_value: Object.keys(filter).length ? JSON.stringify(filter) : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
