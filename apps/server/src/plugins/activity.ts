import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { recordActivity, type ActivityEntry } from '../lib/audit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * (issue 58) The company activity a route records when it succeeds for a company's user (its owners read it:
     * GET company/activity): the action's name (contract COMPANY_ACTIVITY_ACTIONS). The entry's target is the
     * route's params (an address's idx…), its actor the user's login id.
     */
    activity?: string;
  }
}

/** The activity the request's route declares (`config.activity`), by the request's user; none for other routes. */
export function activityOf(request: FastifyRequest): ActivityEntry | undefined {
  const action = request.routeOptions.config?.activity;
  const me = request.auth;
  if (!action || !me) return undefined;
  const params = request.params && typeof request.params === 'object' ? Object.values(request.params as object) : [];
  return { companyIdx: me.companyIdx, actor: me.loginId, action, target: params.map(String).join('/').slice(0, 200) };
}

/**
 * (issue 58) A company's activity log: who changed the profile, addresses, e-mail lists, password, users or
 * notification settings (each write records its entry in its own transaction: recordActivity), and who downloaded
 * an export. A download has no transaction to join: this hook records it once it was answered 2xx; a failed entry
 * is logged and does not turn a served download into an error.
 */
export default fp(
  async function activityPlugin(app: FastifyInstance, opts: { db: Db; now: () => Date }) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.config?.access !== 'read' || reply.statusCode < 200 || reply.statusCode >= 300) return;
      try {
        await recordActivity(opts.db, activityOf(request), opts.now());
      } catch (err) {
        request.log.warn({ err }, 'company activity not recorded');
      }
    });
  },
  { name: 'activity', dependencies: ['auth'] },
);
