import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBisgCode,
  ZCompanyDivision,
  ZCountry,
  ZCurrency,
  ZErrorEnvelope,
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

  app.get(
    '/common/passwordCheck',
    {
      schema: {
        tags: ['common'],
        summary: "Is this the caller's current password?",
        description:
          "Only the logged-in company's own id can be checked. Failures are throttled per account, apart from " +
          'the login (429 with Retry-After).',
        querystring: ZPasswordCheckQuery,
        response: { 200: ZPasswordCheckResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request) =>
      auth.passwordCheck(companyOf(request).companyIdx, request.query.id, request.query.password, request.ip),
  );
};
