import type { TInvitationCreate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** (issue 58) POST company/users/invitations: mails the person a single-use link. */
export const createInvitation = (body: TInvitationCreate) =>
  api.post<{ status: 'success'; idx: number }>('company/users/invitations', body);

export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createInvitation, onSuccess: () => qc.invalidateQueries({ queryKey: ['company', 'invitations'] }) });
}
