import type { TAdminLoginBody, TTokenResponse } from '@portal/contract';
import { operatorSession } from '../operator-session';
import { adminApi } from './admin-client';

/** POST admin/login: stores the operator token (its own storage, beside any company session). */
export async function adminLogin(body: TAdminLoginBody) {
  const res = await adminApi.post<TTokenResponse>('login', body, { auth: false });
  operatorSession.store(res.access_token, res.expires_in);
  return res;
}
