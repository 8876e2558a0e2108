import { randomUUID } from 'node:crypto';
import {
  COMPANY_DIVISION,
  type TLoginBody,
  type TLoginInfo,
  type TTokenResponse,
  type TUserRole,
  type TUserSessionList,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { companies } from '../../db/schema';
import { clientKey } from '../../lib/client-address';
import { recordActivity, type ActivityEntry } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { TokenClaims } from '../../lib/session-token';
import * as repo from './auth.repository';
import * as throttle from './throttle';
import { spendSecondStep, twoStepFailed, twoStepRequired } from './two-step';

export interface AuthDeps {
  db: Db;
  now: () => Date;
  tokenTtlMinutes: number;
  /** absolute session lifetime: no token reaches past this many hours after the login */
  sessionMaxHours: number;
  /** password hashing with bounded concurrency (lib/password.ts) */
  hasher: PasswordHasher;
  sign: (claims: TokenClaims, expiresInSeconds: number) => string;
}

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'Please check your login information.');
const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');

/** Live sessions remembered this long; another process sees a revocation within it (tokens are checked every call). */
export const SESSION_CACHE_MS = 5_000;
/** (issue 58) A session's last use is kept to the minute: not a write on every call. */
const LAST_USE_GRAIN_MS = 60_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  companyIdx: number;
  id: string;
  loginId: string;
  division: string;
  userIdx: number;
  role: TUserRole;
  mustChangePassword: boolean;
  twoStepSetupRequired: boolean;
  expiresAt: Date;
  until: number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, now, hasher } = deps;
  const ttlSeconds = Math.round(deps.tokenTtlMinutes * 60);
  const maxSessionMs = Math.round(deps.sessionMaxHours * 3600 * 1000);
  const cache = new Map<string, CachedSession>();
  const forgetCompany = (companyIdx: number, keepSid: string | null) => {
    for (const [sid, s] of cache) if (s.companyIdx === companyIdx && sid !== keepSid) cache.delete(sid);
  };
  /** (issue 58) a user's role or status changed: its sessions are looked up again on their next call */
  const forgetUser = (userIdx: number) => {
    for (const [sid, s] of cache) if (s.userIdx === userIdx) cache.delete(sid);
  };

  /** Ends every session of the company but the given one (password change), in `tx` when given. */
  async function revokeOtherSessions(companyIdx: number, keepSid: string | null, tx: DbOrTx = db) {
    forgetCompany(companyIdx, keepSid);
    await repo.revokeOtherSessions(tx, companyIdx, keepSid, now());
    forgetCompany(companyIdx, keepSid);
  }

  /** A token for a session: its lifetime, cut short where the session's absolute lifetime ends. */
  function issue(user: { companyIdx: number; userIdx: number; role: TUserRole }, sid: string, seconds: number): TTokenResponse {
    const claims: TokenClaims = { sub: String(user.companyIdx), sid, div: COMPANY_DIVISION, uid: user.userIdx, role: user.role };
    return { access_token: deps.sign(claims, seconds), expires_in: seconds };
  }
  /** Seconds the next token of a session logged in at `loggedInAt` may live from `at` (0: none). */
  const tokenSeconds = (loggedInAt: Date, at: Date) =>
    Math.max(0, Math.min(ttlSeconds, Math.floor((loggedInAt.getTime() + maxSessionMs - at.getTime()) / 1000)));

  return {
    /** Throttled (throttle.ts) before any password is hashed; hashing waits in a bounded queue (503 when full). */
    async login(body: TLoginBody, ip: string, userAgent = ''): Promise<TTokenResponse> {
      hasher.assertCapacity();
      const account = throttle.accountKey(body.id);
      const client = clientKey(ip);
      const at = now();
      const gate = await throttle.assertLoginAllowed(db, account, client, at);
      // (issue 58) a user's login id: the company's own id is its first user's
      const found = await repo.findLoginAccount(db, body.id.trim());
      const ok = found?.passwordHash
        ? await hasher.verify(found.passwordHash, body.password)
        : await hasher.verifyAgainstDummy(body.password);
      // Another division's company answers exactly like a wrong password (spec: AUT only).
      const division = found?.company.codeCompanyDivision;
      // a company the distributor deactivated, and a suspended user, answer like a wrong password too (after the same hashing)
      if (
        !found ||
        !ok ||
        !found.company.active ||
        found.user.status !== 'active' ||
        division !== COMPANY_DIVISION ||
        body.company_division !== COMPANY_DIVISION
      ) {
        await throttle.recordFailure(db, 'login', account, client, at);
        throw loginFailed();
      }
      // (issue 58) the second step: none given asks for it (not a failure: the password was right); a wrong, used or
      // expired code counts like a wrong password (same scope and schedules)
      if (found.user.totpSecret && found.user.totpEnabledAt) {
        if (!body.otp) throw twoStepRequired();
        if (!(await spendSecondStep(db, { kind: 'user', idx: found.user.idx }, found.user.totpSecret, body.otp, at))) {
          await throttle.recordFailure(db, 'login', account, client, at);
          throw twoStepFailed();
        }
      }
      if (gate.pairFailures > 0) await throttle.clearPairFailures(db, account, client);
      if (body.language) await repo.setUiLanguage(db, found.company.idx, body.language);
      const sid = randomUUID();
      const user = { companyIdx: found.company.idx, userIdx: found.user.idx, role: found.user.role };
      // the session and the user's last login together: a login is both or neither
      await db.transaction(async (tx) => {
        await repo.createSession(tx, {
          sid,
          companyIdx: user.companyIdx,
          userIdx: user.userIdx,
          expiresAt: new Date(at.getTime() + tokenSeconds(at, at) * 1000),
          now: at,
          client: { userAgent, ip },
        });
        await repo.touchLastLogin(tx, user.userIdx, at);
      });
      const token: TTokenResponse = issue(user, sid, tokenSeconds(at, at));
      if (found.mustChange) token.password_change_required = true;
      if (found.company.require2fa && !found.user.totpEnabledAt) token.two_step_setup_required = true;
      return token;
    },

    /**
     * A new token in a new session that keeps the login time; the replaced session is revoked (of concurrent
     * refreshes one wins). None once SESSION_MAX_HOURS have passed since the login.
     */
    async refresh(companyIdx: number, sid: string, role: TUserRole): Promise<TTokenResponse> {
      const at = now();
      const next = randomUUID();
      const granted = await db.transaction(async (tx) => {
        const old = await repo.revokeLiveSession(tx, sid, at);
        if (!old || old.companyIdx !== companyIdx || old.userIdx === null) return undefined;
        const seconds = tokenSeconds(old.loggedInAt, at);
        if (seconds <= 0) return undefined;
        await repo.createSession(tx, {
          sid: next,
          companyIdx,
          userIdx: old.userIdx,
          expiresAt: new Date(at.getTime() + seconds * 1000),
          now: at,
          loggedInAt: old.loggedInAt,
          client: { userAgent: old.userAgent, ip: old.ip },
        });
        return { seconds, userIdx: old.userIdx };
      });
      cache.delete(sid);
      if (!granted) throw unauthorized();
      return issue({ companyIdx, userIdx: granted.userIdx, role }, next, granted.seconds);
    },

    async logout(sid: string) {
      cache.delete(sid);
      await repo.revokeSession(db, sid, now());
      cache.delete(sid);
    },

    /** The session behind a verified token, or undefined when it was revoked or its company left AUT. */
    async liveSession(sid: string) {
      const at = now();
      const hit = cache.get(sid);
      if (hit && hit.until > Date.now() && hit.expiresAt > at) return hit;
      const s = await repo.findLiveSession(db, sid, at);
      if (!s || s.division !== COMPANY_DIVISION) {
        cache.delete(sid);
        return undefined;
      }
      // (issue 58) the session list's last use, to the minute: at most one write a minute per session
      if (!s.lastUsedAt || at.getTime() - s.lastUsedAt.getTime() >= LAST_USE_GRAIN_MS)
        await repo.touchSession(db, sid, at, new Date(at.getTime() - LAST_USE_GRAIN_MS));
      // a session that must change its password (or set up 2-step login) is not remembered: the change (another call)
      // lifts the limit at once
      if (s.mustChangePassword || s.twoStepSetupRequired) return s;
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(sid, { ...s, until: Date.now() + SESSION_CACHE_MS });
      return s;
    },

    /** (issue 58) The user's live sessions, the one of `currentSid` marked. */
    async sessions(userIdx: number, currentSid: string): Promise<TUserSessionList> {
      const rows = await repo.listUserSessions(db, userIdx, now());
      const dataset = rows.map((r) => ({
        id: r.sid,
        user_agent: r.userAgent,
        ip: r.ip,
        logged_in_at: r.loggedInAt.toISOString(),
        last_used_at: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
        current: r.sid === currentSid,
      }));
      return { dataset, total_cnt: dataset.length };
    },

    /**
     * (issue 58) Ends one of the user's sessions (404 when it is not a live one of the user's), or every one but the
     * current. This process refuses them at once; another within SESSION_CACHE_MS.
     */
    async endSessions(userIdx: number, which: { sid: string } | { keepSid: string }) {
      const ended = await repo.endUserSessions(db, userIdx, which, now());
      for (const sid of ended) cache.delete(sid);
      if ('sid' in which && ended.length === 0) throw notFound();
      return { status: 'success' as const, ended: ended.length };
    },

    /** The company's fields of loginInfo (its name and flags), for other modules. */
    async companyInfo(companyIdx: number): Promise<Omit<TLoginInfo, 'user'>> {
      const c = await repo.findCompanyByIdx(db, companyIdx);
      if (!c) throw unauthorized();
      return toLoginInfo(c);
    },

    async loginInfo(companyIdx: number, userIdx: number): Promise<TLoginInfo> {
      const c = await repo.findCompanyByIdx(db, companyIdx);
      const user = await repo.findLoginUser(db, companyIdx, userIdx);
      if (!c || !user) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
      return { ...toLoginInfo(c), user };
    },

    /** passwordCheck / passwordUpdate: only the caller's own id, throttled per account apart from the login. */
    async passwordCheck(companyIdx: number, id: string, password: string, ip: string): Promise<boolean> {
      const c = await repo.findCompanyByIdx(db, companyIdx);
      if (!c || c.id !== id) return false;
      hasher.assertCapacity();
      const account = throttle.accountKey(c.id);
      const at = now();
      const gate = await throttle.assertSettingsCheckAllowed(db, account, at);
      const hash = await repo.findPasswordHash(db, companyIdx);
      const ok = hash ? await hasher.verify(hash, password) : false;
      if (!ok) await throttle.recordFailure(db, 'settings', account, clientKey(ip), at);
      else if (gate.failures > 0) await throttle.clearSettingsFailures(db, account);
      return ok;
    },

    /** The UI language the company used last (mails are written in it). */
    setUiLanguage(companyIdx: number, language: string) {
      return repo.setUiLanguage(db, companyIdx, language);
    },

    /** Stores a password hash (password change, reset); false when the company has no credentials. */
    setPasswordHash(companyIdx: number, hash: string, at: Date, tx: DbOrTx = db): Promise<boolean> {
      return repo.setPasswordHash(tx, companyIdx, hash, at);
    },

    /** An argon2id hash of a new password, through the bounded hashing queue. */
    hashPassword(password: string): Promise<string> {
      return hasher.hash(password);
    },

    /** A password the distributor sets: must-change, and every session of the company ends (in `tx`). */
    async setInitialPassword(companyIdx: number, hash: string, tx: DbOrTx = db) {
      await repo.setInitialPassword(tx, companyIdx, hash, now());
      await revokeOtherSessions(companyIdx, null, tx);
    },

    /** Forgets every remembered session (an import's deactivations or resets). */
    forgetSessions() {
      cache.clear();
    },

    /** (issue 58) Whether `password` is the user's own (turning 2-step login off), throttled like passwordCheck. */
    async userPasswordCheck(companyIdx: number, userIdx: number, password: string, ip: string): Promise<boolean> {
      const found = await repo.findUserPasswordHash(db, companyIdx, userIdx);
      if (!found) return false;
      hasher.assertCapacity();
      const account = throttle.accountKey(found.loginId);
      const at = now();
      const gate = await throttle.assertSettingsCheckAllowed(db, account, at);
      const ok = found.hash ? await hasher.verify(found.hash, password) : await hasher.verifyAgainstDummy(password);
      if (!ok) await throttle.recordFailure(db, 'settings', account, clientKey(ip), at);
      else if (gate.failures > 0) await throttle.clearSettingsFailures(db, account);
      return ok;
    },

    /** (issue 58) An owner's require_2fa: the company's remembered sessions are looked up again (its gate applies at once). */
    async setRequire2fa(companyIdx: number, require2fa: boolean, activity?: ActivityEntry) {
      await db.transaction(async (tx) => {
        await repo.setRequire2fa(tx, companyIdx, require2fa);
        await recordActivity(tx, activity, now());
      });
      forgetCompany(companyIdx, null);
    },

    revokeOtherSessions,
    forgetUser,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

type CompanyRow = typeof companies.$inferSelect;
const yn = (v: string) => (v === 'Y' ? 'Y' : 'N');

export function toLoginInfo(c: CompanyRow): Omit<TLoginInfo, 'user'> {
  return {
    idx: c.idx,
    id: c.id,
    company_name: c.companyName,
    country: c.country,
    code_company_division: c.codeCompanyDivision,
    buy_rights: c.buyRights,
    sale_rights: c.saleRights,
    saleInfo_display: yn(c.saleInfoDisplay),
    buy_onCredit: yn(c.buyOnCredit),
    buy_consignment: yn(c.buyConsignment),
    buy_prepayment: yn(c.buyPrepayment),
    sale_onCredit: yn(c.saleOnCredit),
    sale_consignment: yn(c.saleConsignment),
    sale_prepayment: yn(c.salePrepayment),
    require_2fa: c.require2fa,
  };
}
