import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import type { SessionLookup, TokenClaims } from '../lib/session-token';

export interface AuthContext {
  companyIdx: number;
  /** the company's login id */
  id: string;
  division: string;
  sid: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: the route answers without a bearer token (login, health, generated covers, the API
     * docs and the web app's files). Every other route is authenticated (deny by default).
     */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Authentication required');

/** The verified company of the request; routes that are not public can rely on it. */
export function companyOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * HS256 tokens with `iat` = now, `exp` = now + the given seconds and a random `jti`: two tokens
 * issued in the same second (a login and an immediate refresh) still differ.
 */
export function createTokenSigner(secret: string) {
  const signers = new Map<number, (payload: object) => string>();
  return (claims: TokenClaims, expiresInSeconds: number) => {
    let sign = signers.get(expiresInSeconds);
    if (!sign)
      signers.set(expiresInSeconds, (sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: expiresInSeconds * 1000 })));
    return sign({ ...claims, jti: randomBytes(12).toString('base64url') });
  };
}

/**
 * Marks every route registered from now on in this scope (and its children) public: for routes
 * that third-party plugins add (the API docs, the web app's static files), whose options we do
 * not write ourselves. Register such plugins inside a scope of their own that calls this first.
 */
export function markRoutesPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i;

/**
 * Verifies the bearer token on every call (signature HS256 only, exp required, nbf honoured) and
 * then its session (in the database, remembered a few seconds), so logout and password changes
 * take effect at once. A verified token is remembered until its expiry (fast-jwt's cache, keyed by
 * a hash of the token): a repeated token costs a hash and a lookup instead of a decode and an HMAC.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { secret: string; auth: SessionLookup }) {
    const verify = createVerifier({
      key: opts.secret,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
      cache: 10_000,
    }) as (token: string) => TokenClaims & { exp: number };
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      // Decided by the route the router matched, never by the URL string: every route needs a
      // token unless its own options say `public: true`. A request that matched no route reaches
      // only a not-found handler (index.html of the web app, or a 404), which reads no data.
      if (request.routeOptions.config?.public || request.is404) return;
      const m = BEARER.exec(request.headers.authorization ?? '');
      if (!m) throw unauthorized();
      let claims: TokenClaims & { exp: number };
      try {
        claims = verify(m[1]!);
      } catch {
        throw unauthorized();
      }
      const companyIdx = Number(claims.sub);
      if (!Number.isInteger(companyIdx) || typeof claims.sid !== 'string' || !UUID.test(claims.sid)) throw unauthorized();
      const session = await opts.auth.liveSession(claims.sid);
      if (!session || session.companyIdx !== companyIdx) throw unauthorized();
      request.auth = { companyIdx, id: session.id, division: session.division, sid: claims.sid };
    });
  },
  { name: 'auth' },
);
