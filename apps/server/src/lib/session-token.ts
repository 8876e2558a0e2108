/** What the auth plugin shares with modules/auth (plugins never import modules). */

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
