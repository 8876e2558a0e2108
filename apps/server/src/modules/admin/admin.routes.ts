import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_COMPANY_SORTS,
  AUDIT_SORT_DEFAULT,
  AUDIT_SORTS,
  IMPORT_KINDS,
  MAIL_KINDS,
  MAIL_SORTS,
  UI_LANGUAGES,
  ZAdminCompany,
  ZAdminCompanyCreateBody,
  ZAdminCompanyIdParams,
  ZAdminCompanyList,
  ZAdminCompanyListQuery,
  ZAdminLoginBody,
  ZAdminPasswordBody,
  ZAuditList,
  ZAuditListQuery,
  ZCompanyInfo,
  ZCompanyUpdateBody,
  ZErrorEnvelope,
  ZImportKindParams,
  ZImportQuery,
  ZImportRunDetail,
  ZImportRunIdParams,
  ZImportRunList,
  ZImportTemplateQuery,
  ZLogoutResponse,
  ZMailList,
  ZMailListQuery,
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
  ZOperatorTwoStepState,
  ZStatusSuccess,
  ZTwoStepCodeBody,
  ZTwoStepDisableBody,
  ZTwoStepEnabled,
  ZTwoStepSetup,
} from '@portal/contract';
import { badRequest } from '../../lib/errors';
import { sortDescription } from '../../lib/lists/sort';
import { formatOf } from '../../lib/imports/read';
import { receiveUpload, uploadTooLarge } from '../../lib/imports/upload';
import { adminOf } from '../../plugins/auth';
import type { AdminService } from './admin.service';
import { importKindScope } from './import-kinds';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope };
/** Routes only a logged-in operator opens (no API key). */
const operatorsOnly = { admin: { scope: null } };
/** (issue 58) Operator routes that open before the 2-step set-up ADMIN_REQUIRE_2FA asks for. */
const beforeTwoStepSetup = { ...operatorsOnly, beforeTwoStepSetup: true };
const companiesScope = { admin: { scope: 'companies' as const } };
/** The import history: an operator sees every run, a key the runs of the kinds its scope imports. */
const runsScope = { admin: { scope: ['import', 'companies'] as const } };
/** An import or template of a kind: the kind's scope (`companies` for companies, else `import`). */
const kindScope = { admin: { scope: importKindScope } };
const langOf = (query: string | undefined, acceptLanguage: string | undefined) =>
  query ?? (UI_LANGUAGES as readonly string[]).find((l) => (acceptLanguage ?? '').toLowerCase().startsWith(l));

/** (addition, issue 15) The distributor's admin area: operator login, API keys, audit log. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; importMaxBytes: number }> = async (
  app,
  { admin, importMaxBytes },
) => {
  // multipart bodies in this scope only (import files, up to the IMPORT_MAX_BYTES setting)
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: importMaxBytes, parts: 6 } });

  app.post(
    '/admin/imports/:kind',
    {
      config: { ...kindScope, uploadFile: true },
      schema: {
        tags: ['admin'],
        summary: '(addition) Import a CSV, XLSX or ZIP file of a kind as a job: all rows or none',
        description:
          `Kinds: ${IMPORT_KINDS.join(', ')}. The body is multipart/form-data with one file part: a CSV (UTF-8 with or without BOM, ` +
          'UTF-16 with BOM, or CP949/EUC-KR: detected, or named by `encoding`), an XLSX (its first sheet) or a ZIP (the sheet and ' +
          'the files its rows name); the first row names the columns (see the template). The upload is received whole (at most the ' +
          'IMPORT_MAX_BYTES setting, default 128 MB: a larger body answers 413 and nothing is written), then imported as a job: the ' +
          'answer is 202 with the run at once (`Location` names it). Poll `GET /api/admin/import-runs/{id}` for its progress ' +
          '(`status` queued → running → done | failed, `phase`, `rows_read`, `rows_written`) and, once finished, its report. Rows ' +
          'are matched by their natural key: the report counts created, updated and unchanged; importing the same file again ' +
          'changes nothing. One bad row rejects the whole file and every bad row is reported with its row number, column and ' +
          'message (in `lang`, else Accept-Language); a byte invalid in the encoding is reported with its row and byte offset. ' +
          '`dryRun=true` reports without writing. Scope `import`; the `companies` kind needs scope `companies`.',
        params: ZImportKindParams,
        querystring: ZImportQuery,
        response: { 202: ZImportRunDetail, ...errors, 413: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
      // a body declared larger than the limit is refused before a byte of it is read
      if (Number(request.headers['content-length'] ?? 0) > importMaxBytes + 64 * 1024) throw uploadTooLarge(importMaxBytes);
      const file = await request.file();
      if (!file) throw badRequest('Send one file.');
      // received whole (a chunked body over the limit: 413, nothing kept) before the import starts
      const upload = await receiveUpload(file.file, importMaxBytes);
      const run = await admin.startImport(adminOf(request), {
        kind: request.params.kind,
        file: upload,
        removeFile: true,
        fileName: file.filename,
        format: formatOf(file.filename),
        dryRun: request.query.dryRun,
        encoding: request.query.encoding,
        lang: langOf(request.query.lang, request.headers['accept-language']),
      });
      return reply.code(202).header('location', `/api/admin/import-runs/${run.id}`).send(run);
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
          '(also for the right password until then); another client is never slowed down by them. (issue 58) An operator ' +
          'with 2-step login sends `otp` too (its code or a recovery code): without it 401 TWO_STEP_REQUIRED, a wrong one 401 ' +
          'TWO_STEP_FAILED (counted like a wrong password). With ADMIN_REQUIRE_2FA, an operator without 2-step login gets ' +
          '`two_step_setup_required: true` and a token that opens only /admin/two-step/* and logout (403 TWO_STEP_SETUP_REQUIRED).',
        body: ZAdminLoginBody,
        response: { 200: ZTokenResponse, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.login(request.body, request.ip);
    },
  );

  app.get(
    '/admin/two-step',
    {
      config: beforeTwoStepSetup,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 58) The operator's 2-step login: on or not, and whether ADMIN_REQUIRE_2FA requires it",
        response: { 200: ZOperatorTwoStepState, ...errors },
      },
    },
    async (request) => admin.twoStepState(adminOf(request)),
  );

  app.post(
    '/admin/two-step/setup',
    {
      config: beforeTwoStepSetup,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 58) Start setting up the operator's 2-step login: a new secret, its otpauth:// URI and QR code",
        description: 'As POST company/two-step/setup, for the operator itself. 409 TWO_STEP_ENABLED when it is on already.',
        response: { 200: ZTwoStepSetup, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.twoStepSetup(adminOf(request));
    },
  );

  app.post(
    '/admin/two-step/enable',
    {
      config: beforeTwoStepSetup,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 58) Turn the operator's 2-step login on with a code; answers ten recovery codes once",
        description:
          'As POST company/two-step/enable. A wrong code answers 400 TWO_STEP_FAILED; no pending set-up 409 TWO_STEP_NOT_PENDING.',
        body: ZTwoStepCodeBody,
        response: { 200: ZTwoStepEnabled, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.twoStepEnable(adminOf(request), request.body.code);
    },
  );

  app.post(
    '/admin/two-step/disable',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 58) Turn the operator's 2-step login off (with its password)",
        description:
          'A wrong password answers 400 PASSWORD_MISMATCH (throttled). While ADMIN_REQUIRE_2FA is on it answers 409 TWO_STEP_REQUIRED_BY_POLICY.',
        body: ZTwoStepDisableBody,
        response: { 200: ZStatusSuccess, ...errors, 409: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request) => admin.twoStepDisable(adminOf(request), request.body.password, request.ip),
  );

  app.post(
    '/admin/logout',
    {
      config: beforeTwoStepSetup,
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
        description: 'By login id, paged (start, length < 1 → 10).',
        querystring: ZPaging,
        response: { 200: ZOperatorList, ...errors },
      },
    },
    async (request) => admin.listOperators(request.query),
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
        description: 'Newest first, paged (start, length < 1 → 10).',
        querystring: ZPaging,
        response: { 200: ZOperatorKeyList, ...errors },
      },
    },
    async (request) => admin.listKeys(request.query),
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
        description:
          'Paged (start, length < 1 → 10). `search_value` (JSON, all optional): `action`, the actions starting with it ' +
          '(`company.` or `company.create`); `actor`, one operator login id, key name or CLI user; `company`, the changes of ' +
          'one company (its login id: the `company.*` entries naming it); `startDate`…`endDate` (YYYY-MM-DD), days in the ' +
          'business time zone. ' +
          sortDescription(AUDIT_SORTS, 'at desc, newest first'),
        querystring: ZAuditListQuery,
        response: { 200: ZAuditList, ...errors },
      },
    },
    async (request) =>
      admin.listAudit(request.query.start, request.query.length, request.query.search_value, request.query.dir ?? AUDIT_SORT_DEFAULT.dir),
  );

  app.get(
    '/admin/mails',
    {
      config: operatorsOnly,
      schema: {
        tags: ['admin'],
        summary: '(addition, issue 57) The mail outbox, newest first: which mail went to whom, and if not why',
        description:
          'Paged (start, length < 1 → 10). `search_value` (JSON, all optional): `state` (pending: neither sent nor given up; ' +
          `sent; failed: given up after the last attempt); \`kind\` (${MAIL_KINDS.join(', ')}); \`company\`, one company's ` +
          'login id (exact); `recipient`, the addresses containing it (case-insensitive); `startDate`…`endDate` (YYYY-MM-DD), ' +
          'the days of creation in the business time zone. A row never carries the body nor the attachment; `last_error` is cut ' +
          'to 300 characters. ' +
          sortDescription(MAIL_SORTS, 'created_at desc, newest first'),
        querystring: ZMailListQuery,
        response: { 200: ZMailList, ...errors },
      },
    },
    async (request) =>
      admin.listMails(request.query.start, request.query.length, request.query.search_value, {
        sort: request.query.sort,
        dir: request.query.dir,
      }),
  );

  // ---------------------------------------------------------------- import history (scope import)

  app.get(
    '/admin/import-runs',
    {
      config: runsScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) The import history, newest first: who imported which file when, and what came of it',
        description:
          'Every import is recorded: queued and running ones with their progress, committed, dry runs, rejected files (bad rows), ' +
          'unreadable files and failed runs (a run whose server process stopped is marked failed at the next start). Scope `import` ' +
          '(the runs of every kind but companies) or `companies` (the companies runs); an operator sees them all.',
        querystring: ZPaging,
        response: { 200: ZImportRunList, ...errors },
      },
    },
    async (request) => admin.listImportRuns(request.query.start, request.query.length, adminOf(request)),
  );

  app.get(
    '/admin/import-runs/:id',
    {
      config: runsScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) One import run: its progress while it runs, its report (the row errors included) once finished',
        params: ZImportRunIdParams,
        response: { 200: ZImportRunDetail, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request) => admin.importRun(request.params.id, adminOf(request)),
  );

  // ---------------------------------------------------------------- companies (scope companies)

  app.get(
    '/admin/companies',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: '(addition) The companies, newest first; `search` matches part of the login id or the name',
        description: `Scope \`companies\`. ${sortDescription(ADMIN_COMPANY_SORTS, 'created_at desc, newest first')}`,
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

  app.get(
    '/admin/companies/:id',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 59) A company's profile and e-mail lists, as its own profile screen shows them",
        description: 'Scope `companies`.',
        params: ZAdminCompanyIdParams,
        response: { 200: ZCompanyInfo, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.companyProfile(request.params.id);
    },
  );

  app.patch(
    '/admin/companies/:id',
    {
      config: companiesScope,
      schema: {
        tags: ['admin'],
        summary: "(addition, issue 59) Edit a company's profile and e-mail lists",
        description:
          "The body and its rules are those of `PATCH /api/company/companyUpdate/{idx}` (the company's own profile screen); " +
          'the login id cannot change. Audited (`company.update` for the profile, `company.email` / `company.email_invoice` ' +
          'for a list) with who made it; a changed e-mail list is mailed to the addresses the company had before, as an ' +
          'import or the CLI does. Scope `companies`.',
        params: ZAdminCompanyIdParams,
        body: ZCompanyUpdateBody,
        response: { 200: ZCompanyInfo, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.updateCompany(adminOf(request), request.params.id, request.body);
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
