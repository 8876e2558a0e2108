/**
 * What the auth plugin (plugins/auth.ts) shares with the admin module (modules/admin): the shapes
 * of an admin caller and the lookups the plugin makes. Plugins never import modules.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_KEY_PREFIX, type TOperatorKeyScope } from '@portal/contract';

/** The `kind` claim of an operator's token: company tokens have none, so neither opens the other's area. */
export const OPERATOR_TOKEN_KIND = 'operator';

/** The claims of an operator's token (signed like a company's, told apart by `kind`). */
export interface OperatorTokenClaims {
  /** operator idx */
  sub: string;
  /** (issue 56) the operator's session (the sessions table, as a company's): logout and deactivation revoke it */
  sid: string;
  kind: typeof OPERATOR_TOKEN_KIND;
}

/** Who calls an admin route: a logged-in operator (every scope) or an API key (its one scope). */
export type AdminCaller =
  | { kind: 'operator'; operatorIdx: number; loginId: string; sid: string }
  | { kind: 'key'; keyIdx: number; name: string; scope: TOperatorKeyScope };

export interface AdminLookup {
  /** The operator of a live session of this active operator, looked up every call (no cache); records the last use. */
  liveOperator(sid: string, operatorIdx: number): Promise<{ loginId: string; twoStepSetupRequired?: boolean } | undefined>;
  /** the unrevoked key with this hash (its last use is recorded), or undefined */
  liveKey(keyHash: string): Promise<{ keyIdx: number; name: string; scope: TOperatorKeyScope } | undefined>;
}

/** The stored form of a key: hex SHA-256 (the key is 256 random bits, so no slow hash is needed). */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: the prefix and 32 random bytes in base64url. */
export const newKey = () => `${OPERATOR_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
