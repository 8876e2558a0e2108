import { api } from '../../../lib/api-client';

/**
 * (issue 18) Forgotten password: the server mails a link when the id exists, and answers the same either way;
 * the mail is written in the page's language.
 */
export const requestPasswordReset = (id: string, language: string) =>
  api.post<{ status: 'success' }>('company/passwordReset/request', { id, language }, { auth: false });
