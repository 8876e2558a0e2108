import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBisgCode,
  ZCompanyDivision,
  ZCountry,
  ZCurrency,
  ZErrorEnvelope,
  ZLoginHints,
  ZPasswordCheckBody,
  ZPasswordCheckQuery,
  ZPasswordCheckResponse,
} from '@portal/contract';
import { COMPANY_DIVISION } from '@portal/contract/constants';
import { DEMO_COMPANIES, DEMO_PASSWORD } from '../../db/seed/companies';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import * as repo from './common.repository';

export const commonRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config'>> = async (
  app,
  { db, auth, config: { demoData } },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['session']
  routesInArea(app, 'session');
  const lookup = <T extends z.ZodType>(path: string, summary: string, row: T, load: () => Promise<z.infer<T>[]>) =>
    app.get(path, { schema: { tags: ['common'], summary, response: { 200: z.array(row), 401: ZErrorEnvelope } } }, load);

  lookup('/common/getCountry', 'Countries (ISO 3166)', ZCountry, () => repo.listCountries(db));
  lookup('/common/getCurrency', 'Currencies', ZCurrency, () => repo.listCurrencies(db));
  lookup('/common/getCompanyDivision', 'Company divisions', ZCompanyDivision, () => repo.listCompanyDivisions(db));
  lookup('/common/getBisgCode', 'BISG subject codes', ZBisgCode, () => repo.listBisgCodes(db));

  // The answer is about a password: no cache may keep it (and the GET form's URL holds the password).
  const passwordCheckSchema = {
    tags: ['common'],
    response: { 200: ZPasswordCheckResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope },
  };
  // (issue 58) checking the company's password is a step of changing it: the owner's
  const passwordCheckAccess = { area: 'profile', access: 'write' } as const;
  app.get(
    '/common/passwordCheck',
    {
      config: passwordCheckAccess,
      schema: {
        ...passwordCheckSchema,
        summary: "Is this the caller's current password? (spec §7; prefer the POST form)",
        description:
          "Only the logged-in company's own id can be checked. Failures are throttled per account, apart from " +
          'the login (429 with Retry-After). Kept for compatibility: the password travels in the URL, which ' +
          'proxies and browsers may keep; the server never logs query strings. Answers `Cache-Control: no-store`.',
        querystring: ZPasswordCheckQuery,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.passwordCheck(companyOf(request).companyIdx, request.query.id, request.query.password, request.ip);
    },
  );

  app.post(
    '/common/passwordCheck',
    {
      // the forced password change (issue 15) checks the current password first
      config: { beforePasswordChange: true, ...passwordCheckAccess },
      schema: {
        ...passwordCheckSchema,
        summary: "Is this the caller's current password? (addition: the password in a JSON body)",
        description:
          'The same check as GET common/passwordCheck with `{ id, password }` as a JSON body, so the password is in no URL. ' +
          'Answers `Cache-Control: no-store`.',
        body: ZPasswordCheckBody,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.passwordCheck(companyOf(request).companyIdx, request.body.id, request.body.password, request.ip);
    },
  );

  // The demo credentials follow the demo switch (AppConfig.demoData), never the web build: a
  // deployment without demo data shows none, and only demo accounts that exist are named.
  const loginable = DEMO_COMPANIES.filter((c) => c.codeCompanyDivision === COMPANY_DIVISION).map((c) => c.id);
  app.get(
    '/common/loginHints',
    {
      config: { public: true },
      schema: {
        tags: ['common'],
        summary: 'What the login page may show before login (addition, public)',
        description:
          '`demo_logins`: the demo accounts and their password, only when the server was started with demo data ' +
          '(DEMO_DATA, on by default for the embedded database outside production) and those accounts exist; otherwise empty.',
        response: { 200: ZLoginHints },
      },
    },
    async () => {
      if (!demoData) return { demo_logins: [] };
      const found = new Set(await repo.existingLoginIds(db, loginable, COMPANY_DIVISION));
      return { demo_logins: loginable.filter((id) => found.has(id)).map((id) => ({ id, password: DEMO_PASSWORD })) };
    },
  );
};
