import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleMay, type TAccessArea, type TAccessMode, type TOperatorKeyScope, type TUserRole } from '@portal/contract';
import { hashKey, OPERATOR_TOKEN_KIND, type AdminCaller, type AdminLookup, type OperatorTokenClaims } from '../lib/admin-auth';
import { AppError } from '../lib/errors';
import type { SessionLookup, TokenClaims } from '../lib/session-token';

export interface AuthContext {
  companyIdx: number;
  /** the company's login id */
  id: string;
  division: string;
  sid: string;
  /** (issue 58) the user logged in (its login id) and its current role */
  userIdx: number;
  loginId: string;
  role: TUserRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route answers without a token; every other route is authenticated (deny by default). */
    public?: boolean;
    /**
     * An admin route: only an operator's token or API key opens it. `scope`: the key scope needed; null:
     * operators only; a function: from the raw params (the import kind); a list: any of these scopes.
     */
    admin?: { scope: TOperatorKeyScope | readonly TOperatorKeyScope[] | null | ((params: unknown) => TOperatorKeyScope) };
    /** true: a company that must change its password may call this route; others answer 403 PASSWORD_CHANGE_REQUIRED. */
    beforePasswordChange?: boolean;
    /**
     * (issue 58) true: a user whose company requires 2-step login and who has not set it up may call this route;
     * others answer 403 TWO_STEP_SETUP_REQUIRED.
     */
    beforeTwoStepSetup?: boolean;
    /**
     * (issue 58) The area of a company route (contract roles.ts ROLE_TABLE says which roles read and write there).
     * A company route without one answers 403 to everyone (deny by default). Set per route, or for a module's
     * routes by `routesInArea`.
     */
    area?: TAccessArea;
    /** (issue 58) whether the route reads or writes in its area; default: GET reads, every other method writes */
    access?: TAccessMode;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** the operator or API key of an admin route */
    admin: AdminCaller | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');

/** The verified company of the request; routes that are not public can rely on it. */
export function companyOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The verified operator or key of an admin route. */
export function adminOf(request: FastifyRequest): AdminCaller {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/**
 * (issue 58) The routes this scope registers from now on are in `area` unless they name their own (a module's routes
 * register them in their module's plugin: `routesInArea(app, 'settlement')`).
 */
export function routesInArea(scope: FastifyInstance, area: TAccessArea) {
  scope.addHook('onRoute', (route) => {
    route.config = { area, ...route.config };
  });
}

/** spec §8 'no permission': the user's role may not use this call */
const noPermission = () => new AppError(403, 'NO_PERMISSION', 'no permission');

/** HS256 tokens with iat, exp and a random jti (two tokens of the same second still differ). */
export function createTokenSigner(secret: string) {
  const signers = new Map<number, (payload: object) => string>();
  return (claims: TokenClaims | OperatorTokenClaims, expiresInSeconds: number) => {
    let sign = signers.get(expiresInSeconds);
    if (!sign)
      signers.set(expiresInSeconds, (sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: expiresInSeconds * 1000 })));
    return sign({ ...claims, jti: randomBytes(12).toString('base64url') });
  };
}

/** Marks the routes third-party plugins register from now on in this scope public (API docs, static files). */
export function markRoutesPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;
const BEARER_KEY = /^Bearer (ppk_[A-Za-z0-9_-]{43})$/;

/** What a verified token says (operator tokens carry `kind`). */
type VerifiedClaims = TokenClaims & { exp: number; kind?: unknown };

/** Verifies the bearer token (HS256, exp required) and then its session, so logout takes effect at once. */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { secret: string; auth: SessionLookup; admin: AdminLookup }) {
    const verify = createVerifier({
      key: opts.secret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    }) as (token: string) => VerifiedClaims;
    const verified = (token: string) => {
      try {
        return verify(token);
      } catch {
        throw unauthorized();
      }
    };

    /** An admin route: an operator's token (kind claim `operator`) or a live key of the route's scope. */
    async function adminCaller(
      authorization: string,
      scope: TOperatorKeyScope | readonly TOperatorKeyScope[] | null,
      beforeTwoStepSetup: boolean,
    ): Promise<AdminCaller> {
      const key = BEARER_KEY.exec(authorization);
      if (key) {
        if (!scope) throw unauthorized();
        const found = await opts.admin.liveKey(hashKey(key[1]!));
        if (!found) throw unauthorized();
        const scopes: readonly TOperatorKeyScope[] = typeof scope === 'string' ? [scope] : scope;
        if (!scopes.includes(found.scope))
          throw new AppError(403, 'FORBIDDEN', `This key's scope is ${found.scope}; this call needs ${scopes.join(' or ')}.`);
        return { kind: 'key', ...found };
      }
      const m = BEARER.exec(authorization);
      if (!m) throw unauthorized();
      const claims = verified(m[1]!);
      const operatorIdx = Number(claims.sub);
      if (claims.kind !== OPERATOR_TOKEN_KIND || !Number.isInteger(operatorIdx)) throw unauthorized();
      if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) throw unauthorized();
      const operator = await opts.admin.liveOperator(claims.sid, operatorIdx);
      if (!operator) throw unauthorized();
      // (issue 58) ADMIN_REQUIRE_2FA: an operator without 2-step login sets it up before anything else
      if (operator.twoStepSetupRequired && !beforeTwoStepSetup)
        throw new AppError(403, 'TWO_STEP_SETUP_REQUIRED', 'Please set up 2-step login first.');
      return { kind: 'operator', operatorIdx, loginId: operator.loginId, sid: claims.sid };
    }

    app.decorateRequest('auth', null);
    app.decorateRequest('admin', null);
    app.addHook('onRequest', async (request) => {
      // Decided by the matched route, never by the URL: public only if its options say so (read once per request).
      const config = request.routeOptions.config;
      if (config?.public || request.is404) return;
      const admin = config?.admin;
      if (admin) {
        const scope = typeof admin.scope === 'function' ? admin.scope(request.params) : admin.scope;
        request.admin = await adminCaller(request.headers.authorization ?? '', scope, config.beforeTwoStepSetup === true);
        return;
      }
      const m = BEARER.exec(request.headers.authorization ?? '');
      if (!m) throw unauthorized();
      const claims = verified(m[1]!);
      // an operator's token never opens a company route
      if (claims.kind !== undefined) throw unauthorized();
      const companyIdx = Number(claims.sub);
      if (!Number.isInteger(companyIdx) || typeof claims.sid !== 'string' || !UUID.test(claims.sid)) throw unauthorized();
      const session = await opts.auth.liveSession(claims.sid);
      if (!session || session.companyIdx !== companyIdx) throw unauthorized();
      // a token that names its user names the session's (a token without one is the company's login user's session)
      if (claims.uid !== undefined && claims.uid !== session.userIdx) throw unauthorized();
      if (session.mustChangePassword && !config?.beforePasswordChange)
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please change your password first.');
      if (session.twoStepSetupRequired && !config?.beforeTwoStepSetup)
        throw new AppError(403, 'TWO_STEP_SETUP_REQUIRED', 'Please set up 2-step login first.');
      // (issue 58) the role, as it is now, against the route's area: none declared is no permission for anyone
      const access = config?.access ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
      if (!config?.area || !roleMay(session.role, config.area, access)) throw noPermission();
      request.auth = {
        companyIdx,
        id: session.id,
        division: session.division,
        sid: claims.sid,
        userIdx: session.userIdx,
        loginId: session.loginId,
        role: session.role,
      };
    });
  },
  { name: 'auth' },
);
