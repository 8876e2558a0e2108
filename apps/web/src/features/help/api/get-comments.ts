import type { TBoardComment } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET help/bbs_comment/{bbs_name}/{idx}. */
export const getComments = (bbsName: string, idx: number, signal?: AbortSignal) =>
  api.get<TBoardComment[]>(`help/bbs_comment/${encodeURIComponent(bbsName)}/${idx}`, { signal });

export const commentsQueryKey = (bbsName: string, idx: number) => ['help', 'bbs', bbsName, 'comments', idx] as const;

export const commentsQuery = (bbsName: string, idx: number) =>
  queryOptions({ queryKey: commentsQueryKey(bbsName, idx), queryFn: ({ signal }) => getComments(bbsName, idx, signal) });

export const useComments = (bbsName: string, idx: number | undefined, enabled = true) =>
  useQuery({ ...commentsQuery(bbsName, idx ?? 0), enabled: !!idx && enabled });
