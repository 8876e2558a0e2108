import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddressIdxParams,
  ZCompanyAddress,
  ZCompanyAddressBody,
  ZCompanyAddressList,
  ZCompanyIdxParams,
  ZCompanyInfo,
  ZCompanyUpdateBody,
  ZContactPerson,
  ZContactPersonBody,
  ZContactPersonIdxParams,
  ZContactPersonList,
  ZDeleteResponse,
  ZErrorEnvelope,
  ZIdxListParam,
  ZPaging,
  ZPasswordUpdateBody,
  ZStatusSuccess,
  ZNotificationSettings,
} from '@portal/contract';
import { activityOf } from '../../plugins/activity';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createCompanyService, type Caller } from './company.service';

const tags = ['company'];
const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };
const writeErrors = { ...errors, 409: ZErrorEnvelope, 429: ZErrorEnvelope };
const ADDITION = '(addition) Not in the specification §7; the company settings screen needs it.';
const NOT_OWN = "An idx that is not one of the caller's company answers 404.";

function caller(request: FastifyRequest): Caller {
  const me = companyOf(request);
  return { companyIdx: me.companyIdx, id: me.id, sid: me.sid, ip: request.ip, activity: activityOf(request) };
}

/** Spec §7 "Company": profile, password change, addresses; plus the additions the screen needs. */
export const companyRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config'>> = async (app, { db, auth, config }) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['profile']
  routesInArea(app, 'profile');
  const company = createCompanyService({ db, auth, now: config.now });

  // ---------------------------------------------------------------- profile

  app.get(
    '/company/getInfo/:idx',
    {
      schema: {
        tags,
        summary: "The company's profile",
        description: `E-mail lists come comma-separated. ${'`idx`'} must be the caller's company, else 404.`,
        params: ZCompanyIdxParams,
        response: { 200: ZCompanyInfo, ...errors },
      },
    },
    async (request) => company.getInfo(caller(request), request.params.idx),
  );

  app.patch(
    '/company/companyUpdate/:idx',
    {
      config: { activity: 'profile.update' },
      schema: {
        tags,
        summary: 'Update the profile',
        description:
          '`email` and `email_invoice` as JSON arrays or comma-separated strings; every address must be an ' +
          'e-mail, none twice. City and state are required unless the country is KOR (then stored empty). ' +
          "The id cannot be changed. Answers the saved profile. `idx` must be the caller's company, else 404.",
        params: ZCompanyIdxParams,
        body: ZCompanyUpdateBody,
        response: { 200: ZCompanyInfo, ...writeErrors },
      },
    },
    async (request) => company.updateProfile(caller(request), request.params.idx, request.body),
  );

  // ---------------------------------------------------------------- notification mails (issue 18)

  app.get(
    '/company/notificationSettings',
    {
      schema: {
        tags,
        summary: 'Which notification mails the company gets',
        description: `${ADDITION} New invoices (to email_invoice), payments, Q&A replies and comments, royalty statements (to email); each is on unless switched off.`,
        response: { 200: ZNotificationSettings, ...errors },
      },
    },
    async (request) => company.notificationSettings(caller(request)),
  );

  app.patch(
    '/company/notificationSettings',
    {
      config: { activity: 'notifications.update' },
      schema: {
        tags,
        summary: 'Switch notification mails on or off',
        description: `${ADDITION} All four switches at once; answers the saved settings.`,
        body: ZNotificationSettings,
        response: { 200: ZNotificationSettings, ...errors },
      },
    },
    async (request) => company.updateNotificationSettings(caller(request), request.body),
  );

  // ---------------------------------------------------------------- password

  for (const path of ['/company/passwordUpdate/', '/company/passwordUpdate']) {
    app.patch(
      path,
      {
        // the one call that lifts a password the distributor set (issue 15)
        config: { beforePasswordChange: true, activity: 'password.change' },
        schema: {
          // the spec's spelling with a trailing slash answers too, but the document names the call once
          hide: path.endsWith('/'),
          tags,
          summary: 'Change the password',
          description:
            'Checks the current password (failures are throttled per account, apart from the login: 429 with ' +
            'Retry-After); the new one has at least ' +
            '7 characters and differs from the current one. Every other session of the company ends; the ' +
            "caller's token keeps working. A wrong current password answers 400 with issue `wrongPassword`. " +
            "Also answered at `/api/company/passwordUpdate/` (the specification's spelling).",
          body: ZPasswordUpdateBody,
          response: { 200: ZStatusSuccess, ...writeErrors },
        },
      },
      async (request) => company.changePassword(caller(request), request.body),
    );
  }

  // ---------------------------------------------------------------- addresses

  app.get(
    '/company/CompanyAddress',
    {
      schema: {
        tags,
        summary: "The company's addresses",
        description: `${ADDITION} Paged like every list (start, length), oldest first.`,
        querystring: ZPaging,
        response: { 200: ZCompanyAddressList, ...errors },
      },
    },
    async (request) => company.listAddresses(caller(request), request.query),
  );

  app.post(
    '/company/CompanyAddress',
    {
      config: { activity: 'address.create' },
      schema: {
        tags,
        summary: 'Add an address',
        description:
          'Rules of spec §5 (address form). `default_yn` "Y" makes it the default and clears the previous ' +
          'default in the same transaction. Answers the saved address.',
        body: ZCompanyAddressBody,
        response: { 200: ZCompanyAddress, ...writeErrors },
      },
    },
    async (request) => company.createAddress(caller(request), request.body),
  );

  app.patch(
    '/company/CompanyAddress/:customer_address_idx',
    {
      config: { activity: 'address.update' },
      schema: {
        tags,
        summary: 'Update an address',
        description: `Same rules as the create call. ${NOT_OWN}`,
        params: ZAddressIdxParams,
        body: ZCompanyAddressBody,
        response: { 200: ZCompanyAddress, ...writeErrors },
      },
    },
    async (request) => company.updateAddress(caller(request), request.params.customer_address_idx, request.body),
  );

  app.delete(
    '/company/CompanyAddress/:customer_address_idx',
    {
      config: { activity: 'address.delete' },
      schema: {
        tags,
        summary: 'Delete addresses',
        description: `${ADDITION} One idx or several comma-separated ("3,5"); all of them or none. ${NOT_OWN}`,
        params: z.object({ customer_address_idx: ZIdxListParam }),
        response: { 200: ZDeleteResponse, ...errors },
      },
    },
    async (request) => company.deleteAddresses(caller(request), request.params.customer_address_idx),
  );

  app.get(
    '/company/CompanyAddressDetail/:customer_address_idx',
    {
      schema: {
        tags,
        summary: 'One address, as an array whose first element is used',
        description: NOT_OWN,
        params: ZAddressIdxParams,
        response: { 200: z.array(ZCompanyAddress), ...errors },
      },
    },
    async (request) => company.addressDetail(caller(request), request.params.customer_address_idx),
  );

  // ---------------------------------------------------------------- contact persons (additions)

  app.get(
    '/company/CompanyContactPerson',
    {
      schema: {
        tags,
        summary: "The company's contact persons",
        description: `${ADDITION} Paged (start, length), oldest first.`,
        querystring: ZPaging,
        response: { 200: ZContactPersonList, ...errors },
      },
    },
    async (request) => company.listContacts(caller(request), request.query),
  );

  app.post(
    '/company/CompanyContactPerson',
    {
      config: { activity: 'contact.create' },
      schema: {
        tags,
        summary: 'Add a contact person',
        description: `${ADDITION} name and e-mail required; department, position, telephone, mobile optional.`,
        body: ZContactPersonBody,
        response: { 200: ZContactPerson, ...writeErrors },
      },
    },
    async (request) => company.createContact(caller(request), request.body),
  );

  app.patch(
    '/company/CompanyContactPerson/:contact_person_idx',
    {
      config: { activity: 'contact.update' },
      schema: {
        tags,
        summary: 'Update a contact person',
        description: `${ADDITION} ${NOT_OWN}`,
        params: ZContactPersonIdxParams,
        body: ZContactPersonBody,
        response: { 200: ZContactPerson, ...writeErrors },
      },
    },
    async (request) => company.updateContact(caller(request), request.params.contact_person_idx, request.body),
  );

  app.delete(
    '/company/CompanyContactPerson/:contact_person_idx',
    {
      config: { activity: 'contact.delete' },
      schema: {
        tags,
        summary: 'Delete contact persons',
        description: `${ADDITION} One idx or several comma-separated; all of them or none. ${NOT_OWN}`,
        params: z.object({ contact_person_idx: ZIdxListParam }),
        response: { 200: ZDeleteResponse, ...errors },
      },
    },
    async (request) => company.deleteContacts(caller(request), request.params.contact_person_idx),
  );

  app.get(
    '/company/CompanyContactPersonDetail/:contact_person_idx',
    {
      schema: {
        tags,
        summary: 'One contact person, as an array (like CompanyAddressDetail)',
        description: `${ADDITION} ${NOT_OWN}`,
        params: ZContactPersonIdxParams,
        response: { 200: z.array(ZContactPerson), ...errors },
      },
    },
    async (request) => company.contactDetail(caller(request), request.params.contact_person_idx),
  );
};
