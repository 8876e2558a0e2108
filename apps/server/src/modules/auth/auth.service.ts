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

export function createAuthService(deps: AuthDeps) {
  const { db, now } = deps;
  const ttlSeconds = Math.round(deps.tokenTtlMinutes * 60);

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
      return issue(companyIdx, sid, COMPANY_DIVISION);
    },

    async logout(sid: string) {
      await repo.revokeSession(db, sid, now());
    },

    /** The session behind a verified token, or undefined when it was revoked or its company left AUT. */
    async liveSession(sid: string) {
      const s = await repo.findLiveSession(db, sid, now());
      return s && s.division === COMPANY_DIVISION ? s : undefined;
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
    revokeOtherSessions(companyIdx: number, keepSid: string | null) {
      return repo.revokeOtherSessions(db, companyIdx, keepSid, now());
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
