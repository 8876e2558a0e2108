import type { TBoardListResponse, TBoardSortKey, TSort } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BoardListParams {
  bbsName: string;
  start: number;
  length: number;
  search: string;
  /** the board's order (issue 59) */
  sort: TSort<TBoardSortKey>;
}

/** GET help/bbs/{bbs_name}?start&length&search_value&sort&dir (search_value: the plain text of the search box). */
export const getBoardList = (p: BoardListParams, signal?: AbortSignal) =>
  api.get<TBoardListResponse>(`help/bbs/${encodeURIComponent(p.bbsName)}`, {
    query: { start: p.start, length: p.length, search_value: p.search, sort: p.sort.key, dir: p.sort.dir },
    signal,
  });

export const boardListQuery = (p: BoardListParams) =>
  queryOptions({
    queryKey: ['help', 'bbs', p.bbsName, 'list', p],
    queryFn: ({ signal }) => getBoardList(p, signal),
    placeholderData: keepPreviousData,
  });

export const useBoardList = (p: BoardListParams) => useQuery(boardListQuery(p));
