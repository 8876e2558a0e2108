import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_KINDS,
  UI_LANGUAGES,
  ZAdminCompany,
  ZAdminCompanyCreateBody,
  ZAdminCompanyIdParams,
  ZAdminCompanyList,
  ZAdminCompanyListQuery,
  ZAdminLoginBody,
  ZAdminPasswordBody,
  ZAuditList,
  ZErrorEnvelope,
  ZImportKindParams,
  ZImportQuery,
  ZImportReport,
  ZImportRunDetail,
  ZImportRunIdParams,
  ZImportRunList,
  ZImportTemplateQuery,
  ZLogoutResponse,
  ZOperator,
  ZOperatorIdxParams,
  ZOperatorKey,
  ZOperatorKeyCreateBody,
  ZOperatorKeyCreated,
  ZOperatorKeyIdxParams,
  ZOperatorKeyList,
  ZOperatorList,
  ZPaging,
  ZTokenResponse,
} from '@portal/contract';
import { AppError, badRequest } from '../../lib/errors';
import { formatOf } from '../../lib/imports/read';
import { adminOf } from '../../plugins/auth';
import type { AdminService } from './admin.service';
import { importKindScope } from './import-kinds';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope };
/** Routes only a logged-in operator opens (no API key). */
const operatorsOnly = { admin: { scope: null } };
const importScope = { admin: { scope: 'import' as const } };
const companiesScope = { admin: { scope: 'companies' as const } };
/** An import or template of a kind: the kind's scope (`companies` for companies, else `import`). */
const kindScope = { admin: { scope: importKindScope } };
/** Largest import file. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const langOf = (query: string | undefined, acceptLanguage: string | undefined) =>
  query ?? (UI_LANGUAGES as readonly string[]).find((l) => (acceptLanguage ?? '').toLowerCase().startsWith(l));

/** (addition, issue 15) The distributor's admin area: operator login, API keys, audit log. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  // multipart bodies in this scope only (import files)
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: IMPORT_MAX_BYTES, parts: 6 } });

  app.post(
    '/admin/imports/:kind',
    {
      config: { ...kindScope, uploadFile: true },
      schema: {
        tags: ['admin'],
        summary: '(addition) Import a CSV or XLSX file of a kind: all rows or none',
        description:
          `Kinds: ${IMPORT_KINDS.join(', ')}. The body is multipart/form-data with one file part (CSV in UTF-8, or XLSX: its first sheet); ` +
          'the first row names the columns (see the template). Rows are matched by their natural key: the report counts created, ' +
          'updated and unchanged; importing the same file again changes nothing. One bad row rejects the whole file and every bad row ' +
          'is reported with its row number, column and message (in `lang`, else Accept-Language). `dryRun=true` reports without writing. ' +
          'Scope `import`; the `companies` kind needs scope `companies`.',
        params: ZImportKindParams,
        querystring: ZImportQuery,
        response: { 200: ZImportReport, ...errors, 413: ZErrorEnvelope },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
      // a body declared larger than the limit is refused before a byte of it is read
      if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      const file = await request.file();
      if (!file) throw badRequest('Send one file.');
      try {
        return await admin.importFile(adminOf(request), request.params.kind, file.file, {
          format: formatOf(file.filename),
          dryRun: request.query.dryRun,
          lang: langOf(request.query.lang, request.headers['accept-language']),
          fileName: file.filename,
        });
      } finally {
        // what was not read (a file rejected at its header) is drained, so the request ends
        file.file.resume();
      }
    },
  );

  app.get(
    '/admin/imports/:kind/template',
    {
      config: kindScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) The template of an import kind: its columns and an example row',
        params: ZImportKindParams,
        querystring: ZImportTemplateQuery,
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { format } = request.query;
      const body = await admin.template(kind, format);
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${kind}-template.${format}"`)
        .send(body);
    },
  );
  app.post(
    '/admin/login',
    {
      config: { public: true, rateLimitPolicy: 'login' },
      schema: {
        tags: ['admin'],
        summary: '(addition) Log in as an operator of the distributor',
        description:
          'The token opens /api/admin/* only (its `kind` claim is `operator`); a company token never opens an admin route. ' +
          'A wrong id, a wrong password and a deactivated operator all answer 401 LOGIN_FAILED. Failures slow further ' +
          'attempts down like the company login: per (account, client) and per client, 429 RATE_LIMITED with Retry-After ' +
          '(also for the right password until then); another client is never slowed down by them.',
        body: ZAdminLoginBody,
        response: { 200: ZTokenResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.login(request.body, request.ip);
    },
  );

  app.post(
    '/admin/logout',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: "(addition) End the operator's session: its token is refused from the next call on",
        response: { 200: ZLogoutResponse, ...errors },
      },
    },
    async (request) => admin.logout(adminOf(request)),
  );

  app.get(
    '/admin/operators',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition) The operators: login id, name, active, created, last use (to the minute)',
        response: { 200: ZOperatorList, ...errors },
      },
    },
    async () => admin.listOperators(),
  );

  for (const active of [false, true]) {
    app.post(
      `/admin/operators/:idx/${active ? 'reactivate' : 'deactivate'}`,
      {
        config: operatorsOnly,
        schema: {
          tags: ['admin'],
          summary: active
            ? '(addition) Reactivate an operator: it can log in again'
            : '(addition) Deactivate an operator: it cannot log in and every session of it ends at once',
          description: active ? undefined : 'An operator cannot deactivate itself: 409 CONFLICT.',
          params: ZOperatorIdxParams,
          response: { 200: ZOperator, ...errors, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
        },
      },
      async (request) => admin.setOperatorActive(adminOf(request), request.params.idx, active),
    );
  }

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

  // ---------------------------------------------------------------- import history (scope import)

  app.get(
    '/admin/import-runs',
    {
      config: importScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) The import history, newest first: who imported which file when, and what came of it',
        description: 'Every import is recorded: committed, dry runs, rejected files (bad rows) and unreadable files. Scope `import`.',
        querystring: ZPaging,
        response: { 200: ZImportRunList, ...errors },
      },
    },
    async (request) => admin.listImportRuns(request.query.start, request.query.length),
  );

  app.get(
    '/admin/import-runs/:id',
    {
      config: importScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) One import run with its report (the row errors included)',
        params: ZImportRunIdParams,
        response: { 200: ZImportRunDetail, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request) => admin.importRun(request.params.id),
  );

  // ---------------------------------------------------------------- companies (scope companies)

  app.get(
    '/admin/companies',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) The companies, newest first; `search` matches part of the login id or the name',
        description: 'Scope `companies`.',
        querystring: ZAdminCompanyListQuery,
        response: { 200: ZAdminCompanyList, ...errors },
      },
    },
    async (request) => admin.listCompanies(request.query),
  );

  app.post(
    '/admin/companies',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) Create a company with an initial password it must change at its first login',
        description:
          'An existing login id answers 409 CONFLICT; an unknown country or division 400 with the field in `issues`. Scope `companies`.',
        body: ZAdminCompanyCreateBody,
        response: { 200: ZAdminCompany, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.createCompany(adminOf(request), request.body);
    },
  );

  app.post(
    '/admin/companies/:id/password',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: "(addition) Reset a company's password: it must change it at its next login, and every session of it ends at once",
        description: 'Scope `companies`.',
        params: ZAdminCompanyIdParams,
        body: ZAdminPasswordBody,
        response: { 200: ZAdminCompany, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.resetCompanyPassword(adminOf(request), request.params.id, request.body.password);
    },
  );

  for (const active of [false, true]) {
    app.post(
      `/admin/companies/:id/${active ? 'reactivate' : 'deactivate'}`,
      {
        config: companiesScope,
        schema: {
          tags: ['admin'],
          summary: active
            ? '(addition) Reactivate a company: it can log in again'
            : '(addition) Deactivate a company: it cannot log in (401 LOGIN_FAILED, like a wrong password) and every session of it ends at once',
          description: 'Scope `companies`.',
          params: ZAdminCompanyIdParams,
          response: { 200: ZAdminCompany, ...errors, 404: ZErrorEnvelope },
        },
      },
      async (request) => admin.setCompanyActive(adminOf(request), request.params.id, active),
    );
  }
};
