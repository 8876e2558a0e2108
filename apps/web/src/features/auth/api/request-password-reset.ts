import { api } from '../../../lib/api-client';

/** (issue 18) Forgotten password: the server mails a link when the id exists, and answers the same either way. */
export const requestPasswordReset = (id: string) =>
  api.post<{ status: 'success' }>('company/passwordReset/request', { id }, { auth: false });
