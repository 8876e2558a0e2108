import {
  COMPANY_MESSAGES,
  joinEmails,
  type TCompanyAddress,
  type TCompanyAddressInput,
  type TCompanyInfo,
  type TCompanyUpdate,
  type TContactPerson,
  type TContactPersonInput,
  type TPaging,
  type TPasswordUpdateBody,
  type TNotificationSettings,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { recordActivity, type ActivityEntry } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { clampPaging } from '../../lib/lists';
import type { AuthService } from '../auth/auth.service';
import * as repo from './company.repository';

export interface CompanyServiceDeps {
  db: Db;
  auth: AuthService;
  now: () => Date;
}

/** The caller as the routes know it from the verified token. */
export interface Caller {
  companyIdx: number;
  id: string;
  sid: string;
  ip: string;
  /** (issue 58) the activity the call records with its change (plugins/activity.ts) */
  activity?: ActivityEntry;
}

const invalid = (field: string, message: string) => badRequest('Invalid request', [{ path: `body.${field}`, message }]);

/** PostgreSQL unique violation (PGlite and node-postgres; Drizzle may wrap the driver error). */
function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err) {
    if (err.code === '23505') return true;
  }
  return false;
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>;
/** A company's profile as the API shows it (the portal's own screen, and the console's edit: issue 59). */
export const toInfo = (c: ProfileRow): TCompanyInfo => ({
  idx: c.idx,
  id: c.id,
  company_name: c.companyName,
  first_name: c.firstName,
  last_name: c.lastName,
  registration_number: c.registrationNumber,
  site_url: c.siteUrl,
  country: c.country,
  zipcode: c.zipcode,
  addressLine1: c.addressLine1,
  addressLine2: c.addressLine2,
  city: c.city,
  state: c.state,
  business_conditions: c.businessConditions,
  item: c.item,
  telephone: c.telephone,
  fax: c.fax,
  email: c.email,
  email_invoice: c.emailInvoice,
});

const asAddress = (r: Omit<TCompanyAddress, 'default_yn'> & { default_yn: string }): TCompanyAddress => ({
  ...r,
  default_yn: r.default_yn === 'Y' ? 'Y' : '',
});

export function createCompanyService({ db, auth, now }: CompanyServiceDeps) {
  /** An idx in a path must be the caller's own company; anything else answers 404. */
  function own(caller: Caller, idx: number) {
    if (idx !== caller.companyIdx) throw notFound();
  }

  async function assertCountry(code3: string) {
    if (!(await repo.countryExists(db, code3))) throw invalid('country', COMPANY_MESSAGES.country);
  }

  async function getAddress(companyIdx: number, idx: number): Promise<TCompanyAddress> {
    const row = await repo.addresses.find(db, companyIdx, idx);
    if (!row) throw notFound();
    return asAddress(row);
  }

  /**
   * Runs a write in a transaction with the caller's activity entry (both or neither); a second default address racing
   * in answers 409.
   */
  async function write<T>(caller: Caller, fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await fn(tx);
        await recordActivity(tx, caller.activity, now());
        return result;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(409, 'CONFLICT', 'Another default address was set at the same time');
      throw e;
    }
  }

  /** All of them or none: one idx that is not the caller's answers 404 and deletes nothing. */
  async function deleteOwn(rows: Pick<typeof repo.contacts, 'countOwn' | 'remove'>, caller: Caller, idxs: number[]) {
    const deleted = await write(caller, async (tx) => {
      if ((await rows.countOwn(tx, caller.companyIdx, idxs)) !== idxs.length) throw notFound();
      return rows.remove(tx, caller.companyIdx, idxs);
    });
    return { status: 'success' as const, deleted };
  }

  return {
    async getInfo(caller: Caller, idx: number): Promise<TCompanyInfo> {
      own(caller, idx);
      const row = await repo.findProfile(db, idx);
      if (!row) throw notFound();
      return toInfo(row);
    },

    async updateProfile(caller: Caller, idx: number, body: TCompanyUpdate): Promise<TCompanyInfo> {
      own(caller, idx);
      const current = await repo.findProfile(db, idx);
      if (!current) throw notFound();
      // spec §2: the id cannot be changed once the company has an idx
      if (body.id !== undefined && body.id !== current.id) throw invalid('id', COMPANY_MESSAGES.readOnly);
      await assertCountry(body.country);
      await write(caller, (tx) => repo.updateProfile(tx, idx, body, joinEmails(body.email), joinEmails(body.email_invoice), now()));
      return toInfo((await repo.findProfile(db, idx))!);
    },

    /**
     * Spec §5: the current password is checked (failures are throttled apart from the login), the new one
     * is stored as an argon2id hash, and every other session of the company ends; the caller's stays.
     */
    async changePassword(caller: Caller, body: TPasswordUpdateBody) {
      const ok = await auth.passwordCheck(caller.companyIdx, caller.id, body.password_current, caller.ip);
      if (!ok) throw invalid('password_current', COMPANY_MESSAGES.wrongPassword);
      const hash = await auth.hashPassword(body.password_change);
      const at = now();
      // the new password and the end of the other sessions: one transaction
      const changed = await write(caller, async (tx) => {
        if (!(await auth.setPasswordHash(caller.companyIdx, hash, at, tx))) return false;
        await auth.revokeOtherSessions(caller.companyIdx, caller.sid, tx);
        return true;
      });
      if (!changed) throw notFound();
      return { status: 'success' as const };
    },

    // -------------------------------------------------------- notification mails (issue 18)

    async notificationSettings(caller: Caller): Promise<TNotificationSettings> {
      const row = await repo.findNotificationSettings(db, caller.companyIdx);
      if (!row) throw notFound();
      return row;
    },

    async updateNotificationSettings(caller: Caller, body: TNotificationSettings): Promise<TNotificationSettings> {
      const row = await write(caller, (tx) => repo.updateNotificationSettings(tx, caller.companyIdx, body, now()));
      if (!row) throw notFound();
      return row;
    },

    // -------------------------------------------------------- addresses

    async listAddresses(caller: Caller, paging: TPaging) {
      const { rows, total } = await repo.addresses.page(db, caller.companyIdx, clampPaging(paging));
      return { dataset: rows.map(asAddress), total_cnt: total };
    },

    async addressDetail(caller: Caller, idx: number): Promise<TCompanyAddress[]> {
      return [await getAddress(caller.companyIdx, idx)];
    },

    async createAddress(caller: Caller, body: TCompanyAddressInput): Promise<TCompanyAddress> {
      await assertCountry(body.country);
      const idx = await write(caller, async (tx) => {
        const at = now();
        if (body.default_yn === 'Y') await repo.clearDefaultAddress(tx, caller.companyIdx, null, at);
        return repo.addresses.insert(tx, caller.companyIdx, body, at);
      });
      return getAddress(caller.companyIdx, idx);
    },

    async updateAddress(caller: Caller, idx: number, body: TCompanyAddressInput): Promise<TCompanyAddress> {
      await assertCountry(body.country);
      await write(caller, async (tx) => {
        const at = now();
        if (!(await repo.addresses.find(tx, caller.companyIdx, idx))) throw notFound();
        if (body.default_yn === 'Y') await repo.clearDefaultAddress(tx, caller.companyIdx, idx, at);
        await repo.addresses.update(tx, caller.companyIdx, idx, body, at);
      });
      return getAddress(caller.companyIdx, idx);
    },

    deleteAddresses: (caller: Caller, idxs: number[]) => deleteOwn(repo.addresses, caller, idxs),

    // -------------------------------------------------------- contact persons

    async listContacts(caller: Caller, paging: TPaging) {
      const { rows, total } = await repo.contacts.page(db, caller.companyIdx, clampPaging(paging));
      return { dataset: rows, total_cnt: total };
    },

    async contactDetail(caller: Caller, idx: number): Promise<TContactPerson[]> {
      const row = await repo.contacts.find(db, caller.companyIdx, idx);
      if (!row) throw notFound();
      return [row];
    },

    async createContact(caller: Caller, body: TContactPersonInput): Promise<TContactPerson> {
      const idx = await write(caller, (tx) => repo.contacts.insert(tx, caller.companyIdx, body, now()));
      return (await repo.contacts.find(db, caller.companyIdx, idx))!;
    },

    async updateContact(caller: Caller, idx: number, body: TContactPersonInput): Promise<TContactPerson> {
      await write(caller, async (tx) => {
        if (!(await repo.contacts.update(tx, caller.companyIdx, idx, body, now()))) throw notFound();
      });
      return (await repo.contacts.find(db, caller.companyIdx, idx))!;
    },

    deleteContacts: (caller: Caller, idxs: number[]) => deleteOwn(repo.contacts, caller, idxs),
  };
}
