import { MAX_PAGE_SIZE } from '@portal/contract/constants';
import type { TOperator, TOperatorKey, TOperatorList } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-client';

/** The operators and the keys are few: one page of the largest size shows them all. */
const ALL = { start: 0, length: MAX_PAGE_SIZE };

/** GET admin/operators: the operators with their last use (issue 56). */
export const useOperators = () =>
  useQuery({
    queryKey: ['admin', 'operators'],
    queryFn: ({ signal }) => adminApi.get<TOperatorList>('operators', { query: ALL, signal }),
  });

/** GET admin/keys: the API keys with their last use (never the keys themselves). */
export const useOperatorKeys = () =>
  useQuery({
    queryKey: ['admin', 'keys'],
    queryFn: ({ signal }) => adminApi.get<{ dataset: TOperatorKey[]; total_cnt: number }>('keys', { query: ALL, signal }),
  });

/** POST admin/operators/{idx}/deactivate | reactivate: refreshes the list and the audit log. */
export const useSetOperatorActive = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idx, active }: { idx: number; active: boolean }) =>
      adminApi.post<TOperator>(`operators/${idx}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['admin', 'operators'] }), qc.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
};

/** POST admin/logout: ends the operator's session on the server (its token is refused from then on). */
export const logoutOperator = () => adminApi.post<{ status: 'success' }>('logout');
