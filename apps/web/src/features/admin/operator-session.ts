import { createTokenSession } from '../../lib/session';

/**
 * The operator's session of the console (issue 15), kept apart from the company's (lib/session.ts):
 * its own storage keys, so a publisher and an operator can be logged in side by side in one browser,
 * and the operator token is only ever sent to /api/admin/* (api/admin-client.ts).
 */
export const operatorSession = createTokenSession('portal.admin.token', 'portal.admin.expiresAt');
