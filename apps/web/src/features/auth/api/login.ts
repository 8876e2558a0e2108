import { COMPANY_DIVISION, type TTokenResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export function login(input: { id: string; password: string }) {
  return api.post<TTokenResponse>(
    'company/login',
    { id: input.id, password: input.password, company_division: COMPANY_DIVISION },
    { auth: false },
  );
}

/** Spec §4: the token and its expiry are stored, then the member info is loaded (by the caller). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (res) => session.store(res.access_token, res.expires_in),
  });
}
