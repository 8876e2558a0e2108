import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** (issue 58) DELETE company/users/{idx}: the user and its sessions end. */
export const removeUser = (idx: number) => api.delete<{ status: 'success' }>(`company/users/${idx}`);

export function useRemoveUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeUser, onSettled: () => qc.invalidateQueries({ queryKey: ['company', 'users'] }) });
}
