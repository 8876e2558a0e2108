import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorEnvelope,
  ZStatusSuccess,
  ZTwoStepCodeBody,
  ZTwoStepDisableBody,
  ZTwoStepEnabled,
  ZTwoStepPolicyBody,
  ZTwoStepSetup,
} from '@portal/contract';
import { AppError } from '../../lib/errors';
import { activityOf } from '../../plugins/activity';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createTwoStepService, isEnabled } from './two-step';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope, 409: ZErrorEnvelope };

/**
 * (issue 58) A user's own 2-step login (TOTP): set up, confirm, turn off. Every role does this for itself, so the
 * calls are in the area `session` (what every user may do with its own login); the company's requirement is an owner's
 * (area `users`).
 */
export const twoStepRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config'>> = async (app, { db, auth, config }) => {
  routesInArea(app, 'session');
  const twoStep = createTwoStepService({ db, now: config.now });
  // a user whose company requires 2-step login sets it up with the token its login gave
  const beforeTwoStepSetup = true;

  app.post(
    '/company/two-step/setup',
    {
      config: { beforeTwoStepSetup },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) Start setting up 2-step login: a new secret, its otpauth:// URI and QR code',
        description:
          'Any role, for the user itself. The secret is pending until `two-step/enable` confirms it with a code; a new set-up ' +
          'replaces a pending one. The QR code is an SVG document drawn by the server (no remote service). 409 TWO_STEP_ENABLED ' +
          'when 2-step login is already on.',
        response: { 200: ZTwoStepSetup, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = companyOf(request);
      const user = await auth.loginInfo(me.companyIdx, me.userIdx);
      return twoStep.setup({ kind: 'user', idx: me.userIdx }, user.user.id);
    },
  );

  app.post(
    '/company/two-step/enable',
    {
      config: { beforeTwoStepSetup, activity: 'two_step.enable' },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) Turn 2-step login on with a code of the pending secret; answers ten recovery codes once',
        description:
          'The code of the current 30-second step (or the one before or after) turns 2-step login on; the next login asks for ' +
          'a code. The answer holds ten recovery codes, each usable once instead of a code, shown only this once (the server ' +
          'keeps their SHA-256). A wrong code answers 400 TWO_STEP_FAILED; no pending set-up 409 TWO_STEP_NOT_PENDING.',
        body: ZTwoStepCodeBody,
        response: { 200: ZTwoStepEnabled, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = companyOf(request);
      const answer = await twoStep.enable({ kind: 'user', idx: me.userIdx }, request.body.code, activityOf(request));
      auth.forgetUser(me.userIdx);
      return answer;
    },
  );

  app.post(
    '/company/two-step/disable',
    {
      config: { activity: 'two_step.disable' },
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) Turn the user's 2-step login off (with its password)",
        description:
          "Takes the user's password (a wrong one answers 400 PASSWORD_MISMATCH, throttled like the password check of " +
          'company settings). The secret and the recovery codes are dropped. When the company requires 2-step login it ' +
          'answers 409 TWO_STEP_REQUIRED_BY_POLICY (an owner lifts the requirement first).',
        body: ZTwoStepDisableBody,
        response: { 200: ZStatusSuccess, ...errors, 429: ZErrorEnvelope },
      },
    },
    async (request) => {
      const me = companyOf(request);
      const info = await auth.loginInfo(me.companyIdx, me.userIdx);
      if (info.require_2fa)
        throw new AppError(409, 'TWO_STEP_REQUIRED_BY_POLICY', 'Your company requires 2-step login, so it cannot be turned off.');
      if (!(await auth.userPasswordCheck(me.companyIdx, me.userIdx, request.body.password, request.ip)))
        throw new AppError(400, 'PASSWORD_MISMATCH', 'The password is not correct.');
      await twoStep.disable({ kind: 'user', idx: me.userIdx }, activityOf(request));
      auth.forgetUser(me.userIdx);
      return { status: 'success' as const };
    },
  );

  app.put(
    '/company/two-step/policy',
    {
      config: { area: 'users', activity: 'two_step.policy' },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) An owner requires 2-step login of every user of the company, or lifts it',
        description:
          'Owners only (403 NO_PERMISSION). With `require_2fa: true`, a user without 2-step login gets, at its next call, ' +
          '403 TWO_STEP_SETUP_REQUIRED on everything but the set-up (and loginInfo, uiLanguage, refresh, logout); its login ' +
          'answers `two_step_setup_required: true`. The owner turning it on must have 2-step login itself: 409 TWO_STEP_SETUP_FIRST.',
        body: ZTwoStepPolicyBody,
        response: { 200: ZStatusSuccess, ...errors },
      },
    },
    async (request) => {
      const me = companyOf(request);
      if (request.body.require_2fa && !isEnabled(await twoStep.state({ kind: 'user', idx: me.userIdx })))
        throw new AppError(409, 'TWO_STEP_SETUP_FIRST', 'Set up 2-step login for yourself first.');
      await auth.setRequire2fa(me.companyIdx, request.body.require_2fa, activityOf(request));
      return { status: 'success' as const };
    },
  );
};
