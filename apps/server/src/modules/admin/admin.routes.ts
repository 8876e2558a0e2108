import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminLoginBody,
  ZAuditList,
  ZErrorEnvelope,
  ZOperatorKey,
  ZOperatorKeyCreateBody,
  ZOperatorKeyCreated,
  ZOperatorKeyIdxParams,
  ZOperatorKeyList,
  ZPaging,
  ZTokenResponse,
} from '@portal/contract';
import { adminOf } from '../../plugins/auth';
import type { AdminService } from './admin.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope };
/** Routes only a logged-in operator opens (no API key). */
const operatorsOnly = { admin: { scope: null } };

/** (addition, issue 15) The distributor's admin area: operator login, API keys, audit log. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.post(
    '/admin/login',
    {
      config: { public: true, rateLimitPolicy: 'login' },
      schema: {
        tags: ['admin'],
        summary: '(addition) Log in as an operator of the distributor',
        description:
          'The token opens /api/admin/* only (its `kind` claim is `operator`); a company token never opens an admin route. ' +
          'A wrong id, a wrong password and a deactivated operator all answer 401 LOGIN_FAILED.',
        body: ZAdminLoginBody,
        response: { 200: ZTokenResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.login(request.body);
    },
  );

  app.get(
    '/admin/keys',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition) The operator API keys (never the keys themselves)',
        response: { 200: ZOperatorKeyList, ...errors },
      },
    },
    async () => admin.listKeys(),
  );

  app.post(
    '/admin/keys',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition) Create an API key of one scope (import, companies, content)',
        description: 'The answer holds the whole key (`Authorization: Bearer <key>`): the only time it is shown; only its hash is kept.',
        body: ZOperatorKeyCreateBody,
        response: { 200: ZOperatorKeyCreated, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.createKey(adminOf(request), request.body.name, request.body.scope);
    },
  );

  app.delete(
    '/admin/keys/:idx',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition) Revoke an API key: it is refused from the next call on',
        params: ZOperatorKeyIdxParams,
        response: { 200: ZOperatorKey, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request) => admin.revokeKey(adminOf(request), request.params.idx),
  );

  app.get(
    '/admin/audit',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition) The audit log of admin writes, newest first',
        querystring: ZPaging,
        response: { 200: ZAuditList, ...errors },
      },
    },
    async (request) => admin.listAudit(request.query.start, request.query.length),
  );
};
