import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorEnvelope,
  ZLoginBody,
  ZLoginInfo,
  ZLogoutResponse,
  ZPasswordResetCheckBody,
  ZPasswordResetConfirmBody,
  ZPasswordResetRequestBody,
  ZStatusSuccess,
  ZTokenResponse,
  ZUiLanguageBody,
  ZEndedSessions,
  ZUserSessionList,
  ZUserSessionParams,
} from '@portal/contract';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { SESSION_CACHE_MS } from './auth.service';
import { createPasswordResetService, RESET_TOKEN_MINUTES } from './password-reset';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope };

export const authRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'mail' | 'config'>> = async (app, opts) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['session']
  routesInArea(app, 'session');
  const { auth } = opts;
  const reset = createPasswordResetService({ db: opts.db, auth, now: opts.config.now, mail: opts.mail });

  app.post(
    '/company/passwordReset/request',
    {
      config: { public: true, rateLimitPolicy: 'passwordReset' },
      schema: {
        tags: ['auth'],
        summary: '(addition) Forgotten password: mail a reset link to the company',
        description:
          'Always answers 200 `{ status: "success" }` after the same time, whether or not the id exists. When it ' +
          `exists, a single-use link valid ${RESET_TOKEN_MINUTES} minutes goes to the company's \`email\` list (at most 3 an hour). ` +
          'Counted per id (5 in 15 minutes, known or not) and per client (10 a minute with the confirmation): 429 with Retry-After.',
        body: ZPasswordResetRequestBody,
        response: { 200: ZStatusSuccess, 400: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request) => reset.request(request.body.id, request.ip, request.body.language),
  );

  app.post(
    '/company/passwordReset/check',
    {
      config: { public: true, rateLimitPolicy: 'passwordReset' },
      schema: {
        tags: ['auth'],
        summary: "(addition) Forgotten password: whether the link's token can still be used",
        description:
          'Asked by the reset page when it opens, so that a used or expired link says so before a password is typed. ' +
          'Spends nothing. A live token answers 200 `{ status: "success" }`; an unknown, used or expired one 400 RESET_TOKEN_INVALID. ' +
          'Counted with the request and the confirmation per client (429 with Retry-After).',
        body: ZPasswordResetCheckBody,
        response: { 200: ZStatusSuccess, 400: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reset.check(request.body.token);
    },
  );

  app.post(
    '/company/passwordReset/confirm',
    {
      config: { public: true, rateLimitPolicy: 'passwordReset' },
      schema: {
        tags: ['auth'],
        summary: "(addition) Forgotten password: set a new password with the link's token",
        description:
          'The password follows the password-change rules. Spends the token (and every other link of the company) and ' +
          'ends every session of the company. An unknown, used or expired token answers 400 RESET_TOKEN_INVALID.',
        body: ZPasswordResetConfirmBody,
        response: { 200: ZStatusSuccess, 400: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reset.confirm(request.body);
    },
  );

  app.post(
    '/company/login',
    {
      config: { public: true, rateLimitPolicy: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Log in as a company of division AUT',
        description:
          'A wrong id, a wrong password, a deactivated company and a company of another division all answer 401 LOGIN_FAILED. ' +
          'When the distributor set the password (initial or reset), the answer has `password_change_required: true` and the token ' +
          'opens only the password change (and loginInfo, passwordCheck, uiLanguage, refresh, logout) until then: 403 PASSWORD_CHANGE_REQUIRED. ' +
          '(issue 58) A user with 2-step login sends `otp` too (its 6-digit code or a recovery code): the right password ' +
          'without it answers 401 TWO_STEP_REQUIRED (no session, not counted as a failure); a wrong, used or expired code ' +
          '401 TWO_STEP_FAILED, counted like a wrong password. Codes of the step before and after the server clock are ' +
          'accepted, each code and each recovery code once. When the company requires 2-step login and the user has none, ' +
          'the answer has `two_step_setup_required: true` and the token opens only the 2-step set-up (and loginInfo, ' +
          'uiLanguage, refresh, logout): 403 TWO_STEP_SETUP_REQUIRED. ' +
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
      return auth.login(request.body, request.ip, request.headers['user-agent'] ?? '');
    },
  );

  // (issue 15) the calls a company that must change its password can still make: its info, language, refresh, logout
  const beforePasswordChange = true;
  // (issue 58) and those a user who must set up 2-step login can make
  const beforeTwoStepSetup = true;

  app.patch(
    '/company/uiLanguage',
    {
      config: { beforePasswordChange, beforeTwoStepSetup },
      schema: {
        tags: ['auth'],
        summary: '(addition) The UI language the company switched to',
        description:
          'Mails to the company (notifications, password reset) are written in the language it used last: set at login and by this call.',
        body: ZUiLanguageBody,
        response: { 200: ZStatusSuccess, 400: ZErrorEnvelope, 401: ZErrorEnvelope },
      },
    },
    async (request) => {
      await auth.setUiLanguage(companyOf(request).companyIdx, request.body.language);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/company/loginInfo',
    {
      config: { beforePasswordChange, beforeTwoStepSetup },
      schema: { tags: ['auth'], summary: 'The logged-in company', response: { 200: ZLoginInfo, 401: ZErrorEnvelope } },
    },
    async (request) => {
      const me = companyOf(request);
      return auth.loginInfo(me.companyIdx, me.userIdx);
    },
  );

  app.get(
    '/company/refresh',
    {
      config: { rateLimitPolicy: 'refresh', beforePasswordChange, beforeTwoStepSetup },
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
      return auth.refresh(me.companyIdx, me.sid, me.role);
    },
  );

  app.get(
    '/company/logout',
    {
      config: { beforePasswordChange, beforeTwoStepSetup },
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

  app.get(
    '/company/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) The user's live sessions: device, address, login and last use",
        description:
          "Every role, for the caller's own user: its sessions that are neither ended nor expired, the last used first. " +
          '`current` marks the session of the asking token. `last_used_at` is kept to the minute.',
        response: { 200: ZUserSessionList, 401: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const me = companyOf(request);
      reply.header('cache-control', 'no-store');
      return auth.sessions(me.userIdx, me.sid);
    },
  );

  app.delete(
    '/company/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) End one of the user's sessions",
        description:
          'Its tokens are refused from then on: at once by this server process, within ' +
          `${SESSION_CACHE_MS / 1000} seconds by every other (each remembers a live session that long). Ending the ` +
          "current session is a logout. A session that is not a live one of the caller's user answers 404.",
        params: ZUserSessionParams,
        response: { 200: ZEndedSessions, 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => auth.endSessions(companyOf(request).userIdx, { sid: request.params.id }),
  );

  app.delete(
    '/company/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) End every session of the user but the current one',
        description: `As ending one session (refused within ${SESSION_CACHE_MS / 1000} seconds in every process); \`ended\` counts them.`,
        response: { 200: ZEndedSessions, 401: ZErrorEnvelope },
      },
    },
    async (request) => {
      const me = companyOf(request);
      return auth.endSessions(me.userIdx, { keepSid: me.sid });
    },
  );
};
