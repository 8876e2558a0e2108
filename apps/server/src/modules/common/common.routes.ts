import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBisgCode,
  ZCompanyDivision,
  ZCountry,
  ZCurrency,
  ZErrorEnvelope,
  ZPasswordCheckBody,
  ZPasswordCheckQuery,
  ZPasswordCheckResponse,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { companyOf } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import * as repo from './common.repository';

export const commonRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService }> = async (app, { db, auth }) => {
  const lookup = <T extends z.ZodType>(path: string, summary: string, row: T, load: () => Promise<z.infer<T>[]>) =>
    app.get(
      path,
      { schema: { tags: ['common'], summary, response: { 200: z.array(row), 401: ZErrorEnvelope } } },
      load,
    );

  lookup('/common/getCountry', 'Countries (ISO 3166)', ZCountry, () => repo.listCountries(db));
  lookup('/common/getCurrency', 'Currencies', ZCurrency, () => repo.listCurrencies(db));
  lookup('/common/getCompanyDivision', 'Company divisions', ZCompanyDivision, () => repo.listCompanyDivisions(db));
  lookup('/common/getBisgCode', 'BISG subject codes', ZBisgCode, () => repo.listBisgCodes(db));

  // The answer is about a password: no cache may keep it (and the GET form's URL holds the password).
  const passwordCheckSchema = {
    tags: ['common'],
    response: { 200: ZPasswordCheckResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope },
  };
  app.get(
    '/common/passwordCheck',
    {
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
      schema: {
        ...passwordCheckSchema,
        summary: "Is this the caller's current password? (addition: the password in a JSON body)",
        description:
          "The same check as GET common/passwordCheck with `{ id, password }` as a JSON body, so the password is in no URL. " +
          'Answers `Cache-Control: no-store`.',
        body: ZPasswordCheckBody,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.passwordCheck(companyOf(request).companyIdx, request.body.id, request.body.password, request.ip);
    },
  );
};
