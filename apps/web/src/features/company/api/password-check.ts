import { api } from '../../../lib/api-client';

/** GET common/passwordCheck: truthy when the password is the company's current one. */
export const passwordCheck = (id: string, password: string) =>
  api.get<boolean>('common/passwordCheck', { query: { id, password } }).then(Boolean);
