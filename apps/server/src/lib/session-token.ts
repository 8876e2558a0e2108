import type { TUserRole } from '@portal/contract';

/** What the auth plugin shares with modules/auth (plugins never import modules). */

/** The claims of a bearer token. */
export interface TokenClaims {
  /** company idx */
  sub: string;
  /** session id */
  sid: string;
  div: string;
  /** (issue 58) the user's idx; a token without it (issued before users existed) is the company's login user's */
  uid?: number;
  /** (issue 58) the user's role when the token was issued; informative: the server checks the live role on every call */
  role?: TUserRole;
}

/** A session that is neither revoked nor expired, and the company it belongs to. */
export interface LiveSession {
  companyIdx: number;
  /** the company's login id */
  id: string;
  division: string;
  /** (issue 15) the distributor set the password: only routes marked `passwordChangePending` open until it is changed */
  mustChangePassword: boolean;
  /** (issue 58) the company requires 2-step login and the user has not set it up: only routes marked `beforeTwoStepSetup` open */
  twoStepSetupRequired: boolean;
  /** (issue 58) the session's user (its login id) and its current role */
  userIdx: number;
  loginId: string;
  role: TUserRole;
}

export interface SessionLookup {
  /** the live session of this id, or undefined when it is revoked, expired or unknown */
  liveSession(sid: string): Promise<LiveSession | undefined>;
}
