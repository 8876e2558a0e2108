import { randomUUID } from 'node:crypto';
import { COMPANY_DIVISION, type TLoginBody, type TLoginInfo, type TTokenResponse } from '@portal/contract';
import type { Db } from '../../db/client';
import type { companies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';
import { verifyAgainstDummy, verifyPassword } from './password';
import * as throttle from './throttle';

export interface TokenClaims {
  /** company idx */
  sub: string;
  /** session id */
  sid: string;
  div: string;
}

export interface AuthDeps {
  db: Db;
  now: () => Date;
  tokenTtlMinutes: number;
  sign: (claims: TokenClaims, expiresInSeconds: number) => string;
}

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'Please check your login information.');

/**
 * Live sessions are remembered for this long, so a burst of calls does not look the session up
 * each time. Logout and password changes drop them here at once; another server process would
 * see a revocation within this time (every token's signature and expiry are still checked on
 * every call).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  companyIdx: number;
  id: string;
  division: string;
  expiresAt: Date;
  until: number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, now } = deps;
  const ttlSeconds = Math.round(deps.tokenTtlMinutes * 60);
  const cache = new Map<string, CachedSession>();
  const forgetCompany = (companyIdx: number, keepSid: string | null) => {
    for (const [sid, s] of cache) if (s.companyIdx === companyIdx && sid !== keepSid) cache.delete(sid);
  };

  function issue(companyIdx: number, sid: string, division: string): TTokenResponse {
    return { access_token: deps.sign({ sub: String(companyIdx), sid, div: division }, ttlSeconds), expires_in: ttlSeconds };
  }

  return {
    async login(body: TLoginBody, ip: string): Promise<TTokenResponse> {
      const account = body.id.trim().toLowerCase();
      const at = now();
      await throttle.assertLoginAllowed(db, account, ip, at);
      const found = await repo.findCompanyById(db, body.id.trim());
      const ok = found?.passwordHash
        ? await verifyPassword(found.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      // Another division's company answers exactly like a wrong password (spec: AUT only).
      const division = found?.company.codeCompanyDivision;
      if (!found || !ok || division !== COMPANY_DIVISION || body.company_division !== COMPANY_DIVISION) {
        await throttle.recordFailure(db, account, ip, at);
        throw loginFailed();
      }
      await throttle.clearFailures(db, account);
      const sid = randomUUID();
      await repo.createSession(db, {
        sid,
        companyIdx: found.company.idx,
        expiresAt: new Date(at.getTime() + ttlSeconds * 1000),
        now: at,
      });
      return issue(found.company.idx, sid, COMPANY_DIVISION);
    },

    async refresh(companyIdx: number, sid: string): Promise<TTokenResponse> {
      await repo.extendSession(db, sid, new Date(now().getTime() + ttlSeconds * 1000));
      cache.delete(sid);
      return issue(companyIdx, sid, COMPANY_DIVISION);
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
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(sid, { ...s, until: Date.now() + SESSION_CACHE_MS });
      return s;
    },

    async loginInfo(companyIdx: number): Promise<TLoginInfo> {
      const c = await repo.findCompanyByIdx(db, companyIdx);
      if (!c) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
      return toLoginInfo(c);
    },

    /** Spec §7 common/passwordCheck: only the caller's own id can be checked. */
    async passwordCheck(companyIdx: number, id: string, password: string, ip: string): Promise<boolean> {
      const c = await repo.findCompanyByIdx(db, companyIdx);
      if (!c || c.id !== id) return false;
      const account = c.id.toLowerCase();
      const at = now();
      await throttle.assertLoginAllowed(db, account, ip, at);
      const hash = await repo.findPasswordHash(db, companyIdx);
      const ok = hash ? await verifyPassword(hash, password) : false;
      if (!ok) await throttle.recordFailure(db, account, ip, at);
      return ok;
    },

    /** Ends every session of the company but the given one (password change). */
    async revokeOtherSessions(companyIdx: number, keepSid: string | null) {
      forgetCompany(companyIdx, keepSid);
      await repo.revokeOtherSessions(db, companyIdx, keepSid, now());
      forgetCompany(companyIdx, keepSid);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

type CompanyRow = typeof companies.$inferSelect;
const yn = (v: string) => (v === 'Y' ? 'Y' : 'N');

export function toLoginInfo(c: CompanyRow): TLoginInfo {
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
  };
}
