import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** (issue 58) DELETE company/users/invitations/{idx}: the link stops working. */
export const withdrawInvitation = (idx: number) => api.delete<{ status: 'success' }>(`company/users/invitations/${idx}`);

export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => qc.invalidateQueries({ queryKey: ['company', 'invitations'] }),
  });
}
