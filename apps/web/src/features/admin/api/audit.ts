import type { ZAuditList } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** GET admin/audit: every admin write, newest first. */
export const useAudit = (paging: Paging) =>
  useQuery({
    queryKey: ['admin', 'audit', paging],
    queryFn: ({ signal }) => adminApi.get<z.infer<typeof ZAuditList>>('audit', { query: { ...paging }, signal }),
    placeholderData: keepPreviousData,
  });
