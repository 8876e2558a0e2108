import type { TTokenResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export const refreshToken = () => api.get<TTokenResponse>('company/refresh');

/** Spec §4: a refresh replaces the stored token and its expiry. */
export function useRefresh() {
  return useMutation({
    mutationFn: refreshToken,
    onSuccess: (res) => session.store(res.access_token, res.expires_in),
  });
}
