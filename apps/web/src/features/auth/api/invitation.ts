import type { TInvitationAccept, TInvitationInfo } from '@portal/contract';
import { api } from '../../../lib/api-client';

/** (issue 58) GET invitations/{token} (public): the company, address and role of a live invitation; spends nothing. */
export const getInvitation = (token: string, signal?: AbortSignal) =>
  api.get<TInvitationInfo>(`invitations/${encodeURIComponent(token)}`, { signal, auth: false });

/** (issue 58) POST invitations/{token}/accept (public): the new user's login id, name and password. */
export const acceptInvitation = (token: string, body: TInvitationAccept) =>
  api.post<{ status: 'success' }>(`invitations/${encodeURIComponent(token)}/accept`, body, { auth: false });
