import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVITATION_HOURS,
  ZErrorEnvelope,
  ZInvitationAccept,
  ZInvitationCreate,
  ZInvitationCreated,
  ZInvitationInfo,
  ZInvitationList,
  ZInvitationParams,
  ZInvitationTokenParams,
  ZStatusSuccess,
} from '@portal/contract';
import { activityOf } from '../../plugins/activity';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createInvitationsService } from './invitations.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope };
const publicErrors = { 400: ZErrorEnvelope, 404: ZErrorEnvelope, 410: ZErrorEnvelope, 429: ZErrorEnvelope };

/** (issue 58) An owner's invitations of people to the company, and the invited person's acceptance (public, by the link). */
export const invitationsRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config' | 'mail'>> = async (
  app,
  { db, auth, config, mail },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['users']; the two token routes are public
  routesInArea(app, 'users');
  const invitations = createInvitationsService({ db, auth, now: config.now, mail });

  app.post(
    '/company/users/invitations',
    {
      config: { activity: 'user.invite' },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) Invite a person by e-mail',
        description:
          `Owners only (403 NO_PERMISSION for other roles). Mails a single-use link valid ${INVITATION_HOURS} hours to \`email\`, in ` +
          "`language` or else the company's mail language; the person chooses a login id and a password with it and gets `role`. " +
          'An address of an active user of the company answers 409 ALREADY_USER; a live invitation of the same address is ' +
          "withdrawn by the new one. Answers the new invitation's idx.",
        body: ZInvitationCreate,
        response: { 200: ZInvitationCreated, ...errors, 409: ZErrorEnvelope },
      },
    },
    async (request) => {
      const me = companyOf(request);
      return invitations.create(me.companyIdx, me.userIdx, request.body, activityOf(request));
    },
  );

  app.get(
    '/company/users/invitations',
    {
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) The company's pending invitations",
        description: 'Owners only. The invitations neither accepted, withdrawn nor expired, oldest first.',
        response: { 200: ZInvitationList, ...errors },
      },
    },
    async (request) => invitations.list(companyOf(request).companyIdx),
  );

  app.delete(
    '/company/users/invitations/:invitation_idx',
    {
      config: { activity: 'user.invitation_withdraw' },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) Withdraw a pending invitation',
        description: "Owners only. Its link stops working at once. Another company's, an accepted, withdrawn or expired one answers 404.",
        params: ZInvitationParams,
        response: { 200: ZStatusSuccess, ...errors, 404: ZErrorEnvelope },
      },
    },
    async (request) => invitations.withdraw(companyOf(request).companyIdx, request.params.invitation_idx, activityOf(request)),
  );

  app.get(
    '/invitations/:token',
    {
      config: { public: true, rateLimitPolicy: 'passwordReset' },
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) An invitation's company, address, name and role, by its link's token",
        description:
          'Asked by the accept page when it opens; spends nothing. An expired invitation answers 410 INVITATION_EXPIRED; ' +
          'an accepted, withdrawn or unknown one 404 INVITATION_NOT_FOUND (one answer for the three). Counted with the ' +
          'password-reset calls per client (429 with Retry-After).',
        params: ZInvitationTokenParams,
        response: { 200: ZInvitationInfo, ...publicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invitations.show(request.params.token);
    },
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { public: true, rateLimitPolicy: 'passwordReset' },
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) Accept an invitation: the new user's login id, name and password",
        description:
          "Makes an active user of the invitation's company with its role and spends the link (once: of two accepts at " +
          'once, one makes the user). The password follows the password-change rules; the login id (4 to 100 of ' +
          "`A-Z a-z 0-9 . _ - @`) must be no user's and no company's id: 409 LOGIN_TAKEN. Then the user logs in on the " +
          'login page with it. 410 INVITATION_EXPIRED / 404 INVITATION_NOT_FOUND as the GET.',
        params: ZInvitationTokenParams,
        body: ZInvitationAccept,
        response: { 200: ZStatusSuccess, ...publicErrors, 409: ZErrorEnvelope, 503: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invitations.accept(request.params.token, request.body);
    },
  );
};
