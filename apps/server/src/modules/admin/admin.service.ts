import { randomUUID } from 'node:crypto';
import { COMPANY_MESSAGES, joinEmails, MAX_PAGE_SIZE } from '@portal/contract';
import type {
  TAdminCompanySortKey,
  TSortDir,
  TCompanyInfo,
  TCompanyUpdate,
  TAdminCompany,
  TAdminCompanyCreateBody,
  TAdminLoginBody,
  TAuditEntry,
  TAuditFilter,
  TMailFilter,
  TMailList,
  TOperator,
  TOperatorKey,
  TOperatorKeyCreated,
  TOperatorKeyScope,
  TPaging,
  TTokenResponse,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { hashKey, newKey, OPERATOR_TOKEN_KIND, type AdminCaller, type AdminLookup, type OperatorTokenClaims } from '../../lib/admin-auth';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { DEFAULT_TIME_ZONE } from '../../lib/imports/columns';
import { insertAudit, listAudit } from '../../lib/audit';
import { clampPaging } from '../../lib/lists';
import { sortOf } from '../../lib/lists/sort';
import type { FileStore } from '../../lib/file-store';
import type { MailContext } from '../../lib/mail/render';
import * as companyRepo from '../company/company.repository';
import { toInfo } from '../company/company.service';
import { emailListChanges, recordAccountChange } from './account-change';
import type { PasswordHasher } from '../../lib/password';
import type { TImportKind } from '@portal/contract';
import type { SheetFormat } from '../../lib/imports/read';
import { importTemplate } from '../../lib/imports/template';
import * as repo from './admin.repository';
import { clientKey } from '../../lib/client-address';
import type { AuthService } from '../auth/auth.service';
import * as throttle from '../auth/throttle';
import { createTwoStepService, isEnabled, spendSecondStep, twoStepFailed, twoStepRequired } from '../auth/two-step';
import { IMPORT_KIND_DEFS } from './import-kinds';
import { createImportJobs, type StartImport } from './import-jobs';

export interface AdminDeps {
  db: Db;
  now: () => Date;
  tokenTtlMinutes: number;
  hasher: PasswordHasher;
  sign: (claims: OperatorTokenClaims, expiresInSeconds: number) => string;
  /** where imported files (payment attachments, help files) are kept */
  fileStore?: FileStore;
  /** notifications of imported invoices and payments; absent: none are sent */
  mail?: MailContext;
  /** the business time zone imports read dates and times without an offset in (config timeZone; default Asia/Seoul) */
  timeZone?: string;
  /** PGlite: this process is the database's only one (an unfinished import run at start is a dead one) */
  singleProcess?: boolean;
  /** company passwords and sessions (a reset or deactivation ends them the way a password change does) */
  auth: Pick<AuthService, 'setInitialPassword' | 'revokeOtherSessions' | 'forgetSessions'>;
  /** (issue 58) ADMIN_REQUIRE_2FA: every operator must use 2-step login */
  requireTwoStep?: boolean;
}

/** Who wrote, for the audit log: an operator, a key, or the CLI run by someone on the server. */
export type Actor = AdminCaller | { kind: 'cli'; user: string };

const actorOf = (a: Actor) =>
  a.kind === 'operator'
    ? { actorKind: 'operator', actor: a.loginId }
    : a.kind === 'key'
      ? { actorKind: 'key', actor: a.name }
      : { actorKind: 'cli', actor: a.user };

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'Please check your login information.');

/** The operators and keys are few: a call without paging (the CLI, the console) gets one page of the largest size. */
const WHOLE: TPaging = { start: 0, length: MAX_PAGE_SIZE };

/** An operator's last use is written at most this often (a call within it is not a write). */
export const OPERATOR_LAST_USE_MS = 60_000;

export function createAdminService(deps: AdminDeps) {
  const { db, now, hasher } = deps;
  const ttlSeconds = Math.round(deps.tokenTtlMinutes * 60);

  /** Records an admin write (in the caller's transaction when given one). An import's entries are written by its job (import-jobs.ts). */
  async function audit(actor: Actor, action: string, target: string, counts: Record<string, number> | null = null, tx: DbOrTx = db) {
    await insertAudit(tx, { ...actorOf(actor), action, target, counts, at: now() });
  }

  async function companyById(id: string): Promise<TAdminCompany> {
    const row = await repo.findAdminCompany(db, id);
    if (!row) throw notFound('No such company');
    const { email_invoice: _, ...company } = row;
    return company;
  }

  /** (issue 59) A company's profile and e-mail lists, as its own profile screen shows them. */
  async function companyProfile(id: string): Promise<TCompanyInfo> {
    const found = await repo.findAdminCompany(db, id);
    const row = found && (await companyRepo.findProfile(db, found.idx));
    if (!row) throw notFound('No such company');
    return toInfo(row);
  }

  const imports = createImportJobs({
    db,
    now,
    fileStore: deps.fileStore,
    mail: deps.mail,
    timeZone: deps.timeZone,
    singleProcess: deps.singleProcess,
    onCompaniesImported: () => deps.auth.forgetSessions(),
  });

  const lookup: AdminLookup = {
    async liveOperator(sid, operatorIdx) {
      const at = now();
      const found = await repo.findLiveOperatorSession(db, sid, operatorIdx, at);
      if (!found) return undefined;
      const since = new Date(at.getTime() - OPERATOR_LAST_USE_MS);
      if (!found.lastUsedAt || found.lastUsedAt < since) await repo.touchOperator(db, operatorIdx, at, since);
      return { loginId: found.loginId, twoStepSetupRequired: !!deps.requireTwoStep && !found.totpEnabledAt };
    },
    async liveKey(keyHash) {
      const k = await repo.touchLiveKey(db, keyHash, now());
      return k && { keyIdx: k.keyIdx, name: k.name, scope: k.scope as TOperatorKeyScope };
    },
  };

  /** (issue 58) Whether `password` is the operator's own (turning 2-step login off), throttled like a settings check. */
  async function operatorPasswordCheck(operatorIdx: number, loginId: string, password: string, ip: string): Promise<boolean> {
    hasher.assertCapacity();
    const account = `operator:${throttle.accountKey(loginId)}`.slice(0, 100);
    const at = now();
    const gate = await throttle.assertSettingsCheckAllowed(db, account, at);
    const op = await repo.findOperatorByLoginId(db, loginId);
    const ok = op && op.idx === operatorIdx ? await hasher.verify(op.passwordHash, password) : await hasher.verifyAgainstDummy(password);
    if (!ok) await throttle.recordFailure(db, 'settings', account, clientKey(ip), at);
    else if (gate.failures > 0) await throttle.clearSettingsFailures(db, account);
    return ok;
  }

  const twoStep = createTwoStepService({ db, now });
  const operatorOnly = (caller: AdminCaller) => {
    if (caller.kind !== 'operator') throw new AppError(403, 'FORBIDDEN', 'Only an operator has a 2-step login.');
    return { kind: 'operator' as const, idx: caller.operatorIdx };
  };

  return {
    lookup,
    audit,

    /** (issue 58) The operator's 2-step login: whether it is on, and whether ADMIN_REQUIRE_2FA requires it. */
    async twoStepState(caller: AdminCaller) {
      const state = await twoStep.state(operatorOnly(caller));
      return { two_step: isEnabled(state), required: !!deps.requireTwoStep };
    },
    twoStepSetup: (caller: AdminCaller) => twoStep.setup(operatorOnly(caller), caller.kind === 'operator' ? `admin:${caller.loginId}` : ''),
    twoStepEnable: (caller: AdminCaller, code: string) => twoStep.enable(operatorOnly(caller), code),
    /** Turns the operator's 2-step login off with its password; refused while ADMIN_REQUIRE_2FA is on. */
    async twoStepDisable(caller: AdminCaller, password: string, ip: string) {
      const owner = operatorOnly(caller);
      if (deps.requireTwoStep)
        throw new AppError(409, 'TWO_STEP_REQUIRED_BY_POLICY', 'This server requires 2-step login of every operator (ADMIN_REQUIRE_2FA).');
      if (caller.kind !== 'operator' || !(await operatorPasswordCheck(owner.idx, caller.loginId, password, ip)))
        throw new AppError(400, 'PASSWORD_MISMATCH', 'The password is not correct.');
      await twoStep.disable(owner);
      return { status: 'success' as const };
    },

    /** Unknown id, wrong password and inactive operator answer alike; throttled like the company login (never per account alone). */
    async login(body: TAdminLoginBody, ip: string): Promise<TTokenResponse> {
      hasher.assertCapacity();
      // operators' failures apart from a company's of the same id (same table and schedules)
      const account = `operator:${throttle.accountKey(body.id)}`.slice(0, 100);
      const client = clientKey(ip);
      const at = now();
      const gate = await throttle.assertLoginAllowed(db, account, client, at);
      const op = await repo.findOperatorByLoginId(db, body.id.trim());
      const ok = op ? await hasher.verify(op.passwordHash, body.password) : await hasher.verifyAgainstDummy(body.password);
      if (!op || !ok || !op.active) {
        await throttle.recordFailure(db, 'login', account, client, at);
        throw loginFailed();
      }
      // (issue 58) the second step, as a company user's: none given asks for it, a wrong one counts like a wrong password
      if (op.totpSecret && op.totpEnabledAt) {
        if (!body.otp) throw twoStepRequired();
        if (!(await spendSecondStep(db, { kind: 'operator', idx: op.idx }, op.totpSecret, body.otp, at))) {
          await throttle.recordFailure(db, 'login', account, client, at);
          throw twoStepFailed();
        }
      }
      if (gate.pairFailures > 0) await throttle.clearPairFailures(db, account, client);
      // (issue 56) a session like a company's, checked on every call: logout and deactivation end it at once;
      // it is made only once every step passed
      const sid = randomUUID();
      await db.transaction(async (tx) => {
        await repo.insertOperatorSession(tx, { sid, operatorIdx: op.idx, expiresAt: new Date(at.getTime() + ttlSeconds * 1000), now: at });
        await repo.touchOperator(tx, op.idx, at, at);
      });
      const claims: OperatorTokenClaims = { sub: String(op.idx), sid, kind: OPERATOR_TOKEN_KIND };
      const token: TTokenResponse = { access_token: deps.sign(claims, ttlSeconds), expires_in: ttlSeconds };
      if (deps.requireTwoStep && !op.totpEnabledAt) token.two_step_setup_required = true;
      return token;
    },

    /** (issue 56) Ends the caller's session: its token is refused from the next call on, in every process. */
    async logout(caller: AdminCaller) {
      if (caller.kind !== 'operator') throw new AppError(403, 'FORBIDDEN', 'Only an operator logs out.');
      await repo.revokeOperatorSession(db, caller.sid, caller.operatorIdx, now());
      return { status: 'success' as const };
    },

    async listOperators(paging: TPaging = WHOLE) {
      const { rows, total } = await repo.listOperators(db, clampPaging(paging));
      return { dataset: rows, total_cnt: total };
    },

    /** Deactivates (every session ends) or reactivates an operator; not oneself (409), so the last cannot lock all out. */
    async setOperatorActive(actor: Actor, idx: number, active: boolean): Promise<TOperator> {
      if (!active && actor.kind === 'operator' && actor.operatorIdx === idx)
        throw new AppError(409, 'CONFLICT', 'You cannot deactivate yourself; ask another operator.');
      return db.transaction(async (tx) => {
        const row = await repo.setOperatorActive(tx, idx, active);
        if (!row) throw notFound('No such operator');
        if (!active) await repo.revokeOperatorSessions(tx, idx, now());
        await audit(actor, active ? 'operator.reactivate' : 'operator.deactivate', row.login_id, null, tx);
        return row;
      });
    },

    /** The operator of a login id (the CLI names operators by it). */
    async operatorByLoginId(loginId: string) {
      const op = await repo.findOperatorByLoginId(db, loginId);
      if (!op) throw notFound(`No operator ${loginId}`);
      return op.idx;
    },

    /** A new operator (CLI); 409 when the login id is taken. */
    async createOperator(actor: Actor, o: { loginId: string; name: string; password: string }) {
      const passwordHash = await hasher.hash(o.password);
      return db.transaction(async (tx) => {
        const row = await repo.insertOperator(tx, { loginId: o.loginId, name: o.name, passwordHash });
        if (!row) throw new AppError(409, 'CONFLICT', `The operator ${o.loginId} exists already.`);
        await audit(actor, 'operator.create', o.loginId, null, tx);
        return row;
      });
    },

    async createKey(actor: Actor, name: string, scope: TOperatorKeyScope): Promise<TOperatorKeyCreated> {
      const key = newKey();
      return db.transaction(async (tx) => {
        const row = await repo.insertKey(tx, {
          name,
          scope,
          keyHash: hashKey(key),
          prefix: key.slice(0, 10),
          createdBy: actor.kind === 'operator' ? actor.operatorIdx : null,
          at: now(),
        });
        await audit(actor, 'key.create', `${name} (${scope})`, null, tx);
        return { ...row, key };
      });
    },

    async listKeys(paging: TPaging = WHOLE) {
      const { rows, total } = await repo.listKeys(db, clampPaging(paging));
      return { dataset: rows, total_cnt: total };
    },

    /** Revokes a key at once (a revoked key stays revoked; revoking it again changes nothing). */
    async revokeKey(actor: Actor, idx: number): Promise<TOperatorKey> {
      return db.transaction(async (tx) => {
        const row = await repo.revokeKey(tx, idx, now());
        if (!row) throw notFound('No such key');
        await audit(actor, 'key.revoke', `${row.name} (${row.scope})`, null, tx);
        return row;
      });
    },

    // imports run as jobs (issue 56): modules/admin/import-jobs.ts
    ...imports,
    /** Records the run of an upload (queued) and queues its job: the run, at once. */
    startImport: (actor: Actor, job: Omit<StartImport, 'actorKind' | 'actor'>) =>
      imports.startImport({ ...actorOf(actor), ...job, fileName: job.fileName.slice(0, 200) }),

    // -------------------------------------------------------- companies (issue 15)

    async listCompanies(q: { search?: string; start: number; length: number; sort?: TAdminCompanySortKey; dir?: TSortDir }) {
      const { rows, total } = await repo.listCompanies(db, q.search || undefined, clampPaging(q), sortOf(repo.ADMIN_COMPANY_SORT, q));
      return { dataset: rows, total_cnt: total };
    },

    company: companyById,

    /** A new company with an initial password it must change at its first login; 409 when the id is taken. */
    async createCompany(actor: Actor, body: TAdminCompanyCreateBody): Promise<TAdminCompany> {
      const issues = [];
      if (!(await repo.countryExists(db, body.country))) issues.push({ path: 'country', message: 'Unknown country code.' });
      if (!(await repo.divisionExists(db, body.code_company_division)))
        issues.push({ path: 'code_company_division', message: 'Unknown company division.' });
      if (issues.length) throw badRequest('Please check the fields.', issues);
      if ((await repo.otherUserLogins(db, [body.id])).size)
        throw new AppError(409, 'CONFLICT', `The login id ${body.id} is a user's login already.`);
      const hash = await hasher.hash(body.password);
      await db.transaction(async (tx) => {
        const idx = await repo.insertCompanyAccount(tx, {
          id: body.id,
          companyName: body.company_name,
          country: body.country,
          codeCompanyDivision: body.code_company_division,
          email: body.email,
        });
        if (idx === undefined) throw new AppError(409, 'CONFLICT', `The company ${body.id} exists already.`);
        await deps.auth.setInitialPassword(idx, hash, tx);
        await audit(actor, 'company.create', body.id, null, tx);
      });
      return companyById(body.id);
    },

    /** Sets a new password the company must change at its next login, and ends every session of the company. */
    async resetCompanyPassword(actor: Actor, id: string, password: string): Promise<TAdminCompany> {
      const found = await repo.findAdminCompany(db, id);
      if (!found) throw notFound('No such company');
      const hash = await hasher.hash(password);
      await db.transaction(async (tx) => {
        await deps.auth.setInitialPassword(found.idx, hash, tx);
        // (issue 56) audited, and the company is told at its addresses
        await recordAccountChange(
          tx,
          { mail: deps.mail, audit: (action, target) => audit(actor, action, target, null, tx) },
          { companyIdx: found.idx, id, before: { email: found.email, emailInvoice: found.email_invoice }, changed: ['password'] },
        );
      });
      return companyById(id);
    },

    companyProfile,

    /**
     * Edits a company's profile and e-mail lists by the rules of its own profile screen (issue 59): audited as
     * `company.update`, a list change as account-change.ts does it; nothing changed, nothing written.
     */
    async updateCompany(actor: Actor, id: string, body: TCompanyUpdate): Promise<TCompanyInfo> {
      const found = await repo.findAdminCompany(db, id);
      const current = found && (await companyRepo.findProfile(db, found.idx));
      if (!current) throw notFound('No such company');
      // the login id is the company's key everywhere (imports, the CLI, the audit log): never changed here
      if (body.id !== undefined && body.id !== id)
        throw badRequest('Please check the fields.', [{ path: 'body.id', message: COMPANY_MESSAGES.readOnly }]);
      if (!(await repo.countryExists(db, body.country)))
        throw badRequest('Please check the fields.', [{ path: 'body.country', message: COMPANY_MESSAGES.country }]);
      const email = joinEmails(body.email);
      const emailInvoice = joinEmails(body.email_invoice);
      const before = toInfo(current);
      const after: TCompanyInfo = { ...before, ...body, id, email, email_invoice: emailInvoice };
      const changed = emailListChanges(current, { email, emailInvoice });
      const profileChanged = (Object.keys(before) as (keyof TCompanyInfo)[]).some(
        (k) => k !== 'email' && k !== 'email_invoice' && String(before[k]).trimEnd() !== String(after[k]),
      );
      if (!profileChanged && !changed.length) return before;
      await db.transaction(async (tx) => {
        await companyRepo.updateProfile(tx, current.idx, body, email, emailInvoice, now());
        if (profileChanged) await audit(actor, 'company.update', id, null, tx);
        await recordAccountChange(
          tx,
          { mail: deps.mail, audit: (action, target) => audit(actor, action, target, null, tx) },
          { companyIdx: current.idx, id, before: { email: current.email, emailInvoice: current.emailInvoice }, changed },
        );
      });
      return companyProfile(id);
    },

    /** Deactivates (no login, every session ends at once) or reactivates a company. */
    async setCompanyActive(actor: Actor, id: string, active: boolean): Promise<TAdminCompany> {
      await db.transaction(async (tx) => {
        const idx = await repo.setCompanyActive(tx, id, active);
        if (idx === undefined) throw notFound('No such company');
        if (!active) await deps.auth.revokeOtherSessions(idx, null, tx);
        await audit(actor, active ? 'company.reactivate' : 'company.deactivate', id, null, tx);
      });
      return companyById(id);
    },

    template(kind: TImportKind, format: SheetFormat) {
      const def = IMPORT_KIND_DEFS[kind];
      return importTemplate(def.columns, format);
    },

    /** The audit log, newest first, of the entries `filter` keeps (its days in the business time zone). */
    async listAudit(
      start: number,
      length: number,
      filter: TAuditFilter = {},
      dir: TSortDir = 'desc',
    ): Promise<{ dataset: TAuditEntry[]; total_cnt: number }> {
      return listAudit(db, filter, clampPaging({ start, length }), deps.timeZone ?? DEFAULT_TIME_ZONE, dir);
    },

    /** (issue 57) The mail outbox's mails `filter` keeps (its days in the business time zone), newest first by default (sortOf: `sort` alone is ascending). */
    async listMails(
      start: number,
      length: number,
      filter: TMailFilter = {},
      order: { sort?: 'created_at'; dir?: TSortDir } = {},
    ): Promise<TMailList> {
      return repo.listMails(db, filter, clampPaging({ start, length }), deps.timeZone ?? DEFAULT_TIME_ZONE, sortOf(repo.MAIL_SORT, order));
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
