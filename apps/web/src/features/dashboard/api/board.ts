import type { TDashboardBoard } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET dashboard/board: the newest notice and qna posts the user's division may see. */
export const getDashboardBoard = (signal?: AbortSignal) => api.get<TDashboardBoard>('dashboard/board', { signal });

export const dashboardBoardQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'board'], queryFn: ({ signal }) => getDashboardBoard(signal) });

export const useDashboardBoard = () => useQuery(dashboardBoardQuery());
