import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActivityListQuery,
  ZAuditList,
  ZCompanyUserList,
  ZCompanyUserParams,
  ZCompanyUserUpdate,
  ZErrorEnvelope,
  ZStatusSuccess,
} from '@portal/contract';
import { listAudit } from '../../lib/audit';
import { clampPaging } from '../../lib/lists';
import { activityOf } from '../../plugins/activity';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createUsersService } from './users.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 403: ZErrorEnvelope };

/** (issue 58) The company's users, for its owners. Invitations (adding a user) come in a later part of the issue. */
export const usersRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config'>> = async (app, { db, auth, config }) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['users']
  routesInArea(app, 'users');
  const users = createUsersService({ db, auth, now: config.now });

  app.get(
    '/company/users',
    {
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) The company's users: id, name, e-mail, role, status, last login",
        description:
          'Owners only (403 NO_PERMISSION for other roles). Every user of the company in the order they were added, ' +
          "the company's own login (`company_login: true`) first. Roles: owner, accounting, editorial, viewer.",
        response: { 200: ZCompanyUserList, ...errors },
      },
    },
    async (request) => users.list(companyOf(request).companyIdx),
  );

  app.patch(
    '/company/users/:user_idx',
    {
      config: { activity: 'user.update' },
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) Change a user's role, or suspend / reactivate it",
        description:
          'Owners only. `role` gives another role; `status: "suspended"` suspends the user (its sessions end at once and ' +
          'its login is refused) and `"active"` reactivates it. A change that would leave the company without an active ' +
          "owner answers 409 LAST_OWNER. Another company's user answers 404.",
        params: ZCompanyUserParams,
        body: ZCompanyUserUpdate,
        response: { 200: ZStatusSuccess, ...errors, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => users.update(companyOf(request).companyIdx, request.params.user_idx, request.body, activityOf(request)),
  );

  app.delete(
    '/company/users/:user_idx',
    {
      config: { activity: 'user.remove' },
      schema: {
        tags: ['auth'],
        summary: '(addition, issue 58) Remove a user',
        description:
          'Owners only. The user and its sessions end at once. The last active owner answers 409 LAST_OWNER, the ' +
          "company's own login 409 COMPANY_LOGIN_USER (its password is the company's). Another company's user answers 404.",
        params: ZCompanyUserParams,
        response: { 200: ZStatusSuccess, ...errors, 404: ZErrorEnvelope, 409: ZErrorEnvelope },
      },
    },
    async (request) => users.remove(companyOf(request).companyIdx, request.params.user_idx, activityOf(request)),
  );

  app.get(
    '/company/activity',
    {
      schema: {
        tags: ['auth'],
        summary: "(addition, issue 58) The company's activity log: who changed what, who downloaded exports",
        description:
          "Owners only. The writes of the company's users to the profile (e-mail lists included), notification " +
          'settings, password, addresses, contact persons and users, and their export downloads: `actor` is the ' +
          "user's login id, `action` one of COMPANY_ACTIVITY_ACTIONS, `target` the route's ids. Newest first " +
          '(`dir=asc` oldest first); search_value filters by `action` (a prefix), `actor`, and startDate…endDate (days ' +
          'in the business time zone).',
        querystring: ZActivityListQuery,
        response: { 200: ZAuditList, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return listAudit(
        db,
        { ...(q.search_value ?? {}), companyIdx: companyOf(request).companyIdx },
        clampPaging(q),
        config.timeZone,
        q.dir ?? 'desc',
      );
    },
  );
};
