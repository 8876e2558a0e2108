import { api } from '../../../lib/api-client';

/** (issue 18) Sets the new password with the token of the mailed link (single use, 30 minutes). */
export const confirmPasswordReset = (token: string, password: string) =>
  api.post<{ status: 'success' }>('company/passwordReset/confirm', { token, password }, { auth: false });
