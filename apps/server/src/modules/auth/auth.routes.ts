import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorEnvelope, ZLoginBody, ZLoginInfo, ZLogoutResponse, ZTokenResponse } from '@portal/contract';
import { companyOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/company/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in as a company of division AUT',
        description:
          'A wrong id, a wrong password and a company of another division all answer 401 LOGIN_FAILED. ' +
          'Failures are throttled per account and per client address (100 per sliding hour): 429 with Retry-After.',
        body: ZLoginBody,
        response: { 200: ZTokenResponse, ...errors },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.get(
    '/company/loginInfo',
    { schema: { tags: ['auth'], summary: 'The logged-in company', response: { 200: ZLoginInfo, 401: ZErrorEnvelope } } },
    async (request) => auth.loginInfo(companyOf(request).companyIdx),
  );

  app.get(
    '/company/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new token for the same session, with a new expiry',
        response: { 200: ZTokenResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => {
      const me = companyOf(request);
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
