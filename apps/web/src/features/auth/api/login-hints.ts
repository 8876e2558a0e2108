import type { TLoginHints } from '@portal/contract';
import { api } from '../../../lib/api-client';

/**
 * GET common/loginHints (public): the demo logins the server has seeded, if any. The login page
 * shows them only from this answer, so a deployment without demo data shows none. (Plain async
 * function, no react-query: the login page's JS stays small.)
 */
export const getLoginHints = (signal?: AbortSignal) => api.get<TLoginHints>('common/loginHints', { signal, auth: false });
