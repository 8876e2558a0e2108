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
    // a run still going (issue 56) is asked for again until it is over
    refetchInterval: (q) => (q.state.data?.dataset.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false),
  });

/** GET admin/import-runs/{id}: one run with its kept report (null: none asked for); asked again while it runs. */
export const useImportRun = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'import-runs', 'detail', id],
    queryFn: ({ signal }) => adminApi.get<TImportRunDetail>(`import-runs/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && !q.state.data.report ? 2000 : false),
  });
