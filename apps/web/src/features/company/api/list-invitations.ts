import type { TInvitationList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listInvitations = (signal?: AbortSignal) => api.get<TInvitationList>('company/users/invitations', { signal });

export const invitationsQuery = () =>
  queryOptions({ queryKey: ['company', 'invitations'], queryFn: ({ signal }) => listInvitations(signal) });

/** (issue 58) GET company/users/invitations: the pending invitations (owners). */
export const useInvitations = () => useQuery(invitationsQuery());
