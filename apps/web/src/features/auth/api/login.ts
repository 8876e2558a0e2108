import type { TTokenResponse } from '@portal/contract';
import { COMPANY_DIVISION } from '@portal/contract/constants';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * Spec §4/§7: login stores the token and its expiry; the member info is loaded by the app layout
 * right after. (Plain async function, no react-query: the login page's JS stays small.)
 */
export async function login(input: { id: string; password: string }) {
  const res = await api.post<TTokenResponse>(
    'company/login',
    { id: input.id, password: input.password, company_division: COMPANY_DIVISION },
    { auth: false },
  );
  session.store(res.access_token, res.expires_in);
  return res;
}
