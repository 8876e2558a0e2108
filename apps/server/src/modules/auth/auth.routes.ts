import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorEnvelope, ZLoginBody, ZLoginInfo, ZLogoutResponse, ZTokenResponse } from '@portal/contract';
import { companyOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/company/login',
    {
      config: { public: true, rateLimitPolicy: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Log in as a company of division AUT',
        description:
          'A wrong id, a wrong password and a company of another division all answer 401 LOGIN_FAILED. ' +
          'Failures slow further attempts down per (account, client) and per client with growing delays: ' +
          '429 RATE_LIMITED with Retry-After (seconds), also for the right password until then. Every call ' +
          'counts towards a per-client rate limit (429 with Retry-After). When the server is busy hashing ' +
          'passwords it answers 503 with Retry-After at once.',
        body: ZLoginBody,
        response: { 200: ZTokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      // a token answer is kept by no cache (RFC 6749 §5.1)
      reply.header('cache-control', 'no-store');
      return auth.login(request.body, request.ip);
    },
  );

  app.get(
    '/company/loginInfo',
    { schema: { tags: ['auth'], summary: 'The logged-in company', response: { 200: ZLoginInfo, 401: ZErrorEnvelope } } },
    async (request) => auth.loginInfo(companyOf(request).companyIdx),
  );

  app.get(
    '/company/refresh',
    {
      config: { rateLimitPolicy: 'refresh' },
      schema: {
        tags: ['auth'],
        summary: 'A new token for the same login, with a new expiry; the token it replaces is refused from then on',
        description:
          'The new token expires after the token lifetime, but never later than SESSION_MAX_HOURS after the ' +
          'login; after that, and for a token already replaced, refresh answers 401. Every call counts towards ' +
          'a per-client rate limit (429 with Retry-After).',
        response: { 200: ZTokenResponse, 401: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const me = companyOf(request);
      reply.header('cache-control', 'no-store');
      return auth.refresh(me.companyIdx, me.sid);
    },
  );

  app.get(
    '/company/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session: every token of it is refused afterwards',
        response: { 200: ZLogoutResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => {
      await auth.logout(companyOf(request).sid);
      return { status: 'success' as const };
    },
  );
};
