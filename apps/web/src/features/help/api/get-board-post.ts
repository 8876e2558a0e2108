import type { TBoardPost } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET help/bbs/{bbs_name}/{idx}: counts a view unless countView is false (the edit screen). */
export const getBoardPost = (bbsName: string, idx: number, countView: boolean, signal?: AbortSignal) =>
  api.get<TBoardPost>(`help/bbs/${encodeURIComponent(bbsName)}/${idx}`, {
    query: countView ? undefined : { count_view: 'N' },
    signal,
  });

export const boardPostQuery = (bbsName: string, idx: number, countView: boolean) =>
  queryOptions({
    queryKey: ['help', 'bbs', bbsName, 'post', idx, countView ? 'view' : 'edit'],
    queryFn: ({ signal }) => getBoardPost(bbsName, idx, countView, signal),
    retry: false,
    staleTime: countView ? 0 : 30_000,
  });

export const useBoardPost = (bbsName: string, idx: number | undefined, countView: boolean) =>
  useQuery({ ...boardPostQuery(bbsName, idx ?? 0, countView), enabled: !!idx });
