import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorEnvelope, ZStatementList, ZStatementParams, ZStatementsQuery } from '@portal/contract';
import { sendFile } from '../../lib/file-store';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createStatementsService } from './statements.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };

/**
 * The company's royalty statements (issue 18; additions: spec §7 shows no call for them). Issuing is
 * the operator's (CLI `npm run portal -- statements issue <period>`, later the operator API).
 */
export const statementRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'files' | 'config'>> = async (app, { db, files, config }) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['copyright']
  routesInArea(app, 'copyright');
  const service = createStatementsService({
    db,
    files,
    timeZone: config.timeZone,
    issuer: config.issuer,
    periodKind: config.statementPeriod,
  });

  app.get(
    '/copyright/statements',
    {
      schema: {
        tags: ['copyright'],
        summary: "(addition) The company's royalty statements, newest period first",
        description:
          'One statement per period (a month or a quarter, STATEMENT_PERIOD), currency and version; a correction is a new ' +
          'version with its own number. Totals are those of copyright/royalty filtered to the period (startDate/endDate = ' +
          'its first and last day). pdf is the path of its PDF. search_value (JSON, every field optional): currency (KRW, USD, ' +
          '…) and startDate/endDate (YYYY-MM-DD, inclusive) on the first day of the period; an unknown field or a range ' +
          'that ends before it starts is a 400.',
        querystring: ZStatementsQuery,
        response: { 200: ZStatementList, ...errors },
      },
    },
    async (request) => service.list(companyOf(request).companyIdx, request.query),
  );

  app.get(
    '/copyright/statements/:idx/pdf',
    {
      schema: {
        tags: ['copyright'],
        summary: "(addition) A royalty statement's PDF, named by its number",
        description: "The PDF as issued (never regenerated). Another company's statement answers 404.",
        params: ZStatementParams,
        response: errors,
      },
    },
    async (request, reply) =>
      sendFile(reply as FastifyReply, files, await service.download(companyOf(request).companyIdx, request.params.idx)),
  );
};
