/**
 * The API under /api (app.ts step 3): liveness and readiness, then every module's routes, each typed
 * with the part of ModuleDeps it uses; any other path under /api answers the 404 envelope.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorEnvelope } from '@portal/contract';
import type { Database } from './db/client';
import { DEFAULT_IMPORT_MAX_BYTES } from './lib/imports/upload';
import { AppError } from './lib/errors';
import { adminRoutes } from './modules/admin/admin.routes';
import type { AdminService } from './modules/admin/admin.service';
import { authRoutes } from './modules/auth/auth.routes';
import { invitationsRoutes } from './modules/auth/invitations.routes';
import { twoStepRoutes } from './modules/auth/two-step.routes';
import { usersRoutes } from './modules/auth/users.routes';
import { commonRoutes } from './modules/common/common.routes';
import { companyRoutes } from './modules/company/company.routes';
import { copyrightRoutes } from './modules/copyright/copyright.routes';
import { statementRoutes } from './modules/copyright/statements.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { helpRoutes } from './modules/help/help.routes';
import { productRoutes } from './modules/product/product.routes';
import { settlementRoutes } from './modules/settlement/settlement.routes';
import type { ModuleDeps } from './modules/types';

/** How long /api/ready waits for the database. */
const READY_TIMEOUT_MS = 1000;

const MODULES: FastifyPluginAsyncZod<ModuleDeps>[] = [
  settlementRoutes,
  copyrightRoutes,
  statementRoutes,
  companyRoutes,
  helpRoutes,
  productRoutes,
  dashboardRoutes,
];

const health: FastifyPluginAsyncZod<{ database: Database }> = async (api, { database }) => {
  api.get(
    '/health',
    {
      config: { public: true, shedExempt: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (touches no database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  api.get(
    '/ready',
    {
      config: { public: true, shedExempt: true },
      schema: {
        tags: ['health'],
        summary: `Readiness: the database answers within ${READY_TIMEOUT_MS} ms and has every migration applied (503 otherwise)`,
        description:
          'On PostgreSQL the check uses a connection of its own, never one of the pool that user requests ' +
          'wait for; the embedded database runs one statement at a time, so there the timeout bounds the wait. ' +
          'A database that lacks a migration of this build (another version migrated it, or none yet) is not ready.',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ZErrorEnvelope },
      },
    },
    async () => {
      const state = await database.ping(READY_TIMEOUT_MS);
      if (!state) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not available.', undefined, { 'retry-after': '5' });
      }
      if (!state.migrated) {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database migrations are not applied.', undefined, { 'retry-after': '5' });
      }
      return { status: 'ready' as const };
    },
  );
};

export async function registerApi(app: FastifyInstance, deps: ModuleDeps & { database: Database; admin: AdminService }) {
  await app.register(
    async (api) => {
      await api.register(health, { database: deps.database });
      await api.register(authRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(invitationsRoutes, deps);
      await api.register(twoStepRoutes, deps);
      await api.register(commonRoutes, deps);
      await api.register(adminRoutes, { admin: deps.admin, importMaxBytes: deps.config.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES });
      for (const routes of MODULES) await api.register(routes, deps);
      // any other path under /api, however it is spelled (the router decides, not a string prefix)
      api.setNotFoundHandler(() => {
        throw new AppError(404, 'NOT_FOUND', 'Not found');
      });
    },
    { prefix: '/api' },
  );
}
