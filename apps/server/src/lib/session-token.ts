/**
 * What the auth plugin (plugins/auth.ts: token signing and the check on every request) shares with
 * the auth module (modules/auth: login, refresh, sessions). Plugins never import modules, so the
 * shapes both sides use live here and the module's service implements SessionLookup.
 */

/** The claims of a bearer token. */
export interface TokenClaims {
  /** company idx */
  sub: string;
  /** session id */
  sid: string;
  div: string;
}

/** A session that is neither revoked nor expired, and the company it belongs to. */
export interface LiveSession {
  companyIdx: number;
  /** the company's login id */
  id: string;
  division: string;
  /** (issue 15) the distributor set the password: only routes marked `passwordChangePending` open until it is changed */
  mustChangePassword: boolean;
}

export interface SessionLookup {
  /** the live session of this id, or undefined when it is revoked, expired or unknown */
  liveSession(sid: string): Promise<LiveSession | undefined>;
}
