import type { TCompanyUserUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** (issue 58) PATCH company/users/{idx}: another role, or suspend / reactivate. */
export const updateUser = ({ idx, change }: { idx: number; change: TCompanyUserUpdate }) =>
  api.patch<{ status: 'success' }>(`company/users/${idx}`, change);

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSettled: () => qc.invalidateQueries({ queryKey: ['company', 'users'] }) });
}
