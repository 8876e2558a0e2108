import type { TAuditFilter, TSortDir, ZAuditList } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** GET admin/audit: the admin writes `filter` keeps, by time in `dir` (newest first by default; search_value travels as JSON). */
export const useAudit = (paging: Paging, filter: TAuditFilter, dir: TSortDir) =>
  useQuery({
    queryKey: ['admin', 'audit', filter, paging, dir],
    queryFn: ({ signal }) =>
      adminApi.get<z.infer<typeof ZAuditList>>('audit', {
        query: { ...paging, search_value: Object.keys(filter).length ? JSON.stringify(filter) : undefined, sort: 'at', dir },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
