import { api } from '../../../lib/api-client';

/** (issue 59) Whether the mailed link's token can still be used: asked when the reset page opens; spends nothing. */
export const checkPasswordReset = (token: string) =>
  api.post<{ status: 'success' }>('company/passwordReset/check', { token }, { auth: false });
