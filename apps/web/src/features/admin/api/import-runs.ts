import type { ZImportRunList, TImportRunDetail } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** GET admin/import-runs: the import history, newest first. */
export const useImportRuns = (paging: Paging) =>
  useQuery({
    queryKey: ['admin', 'import-runs', paging],
    queryFn: ({ signal }) => adminApi.get<z.infer<typeof ZImportRunList>>('import-runs', { query: { ...paging }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET admin/import-runs/{id}: one run with its kept report (null: none asked for). */
export const useImportRun = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'import-runs', 'detail', id],
    queryFn: ({ signal }) => adminApi.get<TImportRunDetail>(`import-runs/${id}`, { signal }),
    enabled: id !== null,
  });
