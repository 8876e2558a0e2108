import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import type { AuthService, TokenClaims } from '../modules/auth/auth.service';

export interface AuthContext {
  companyIdx: number;
  /** the company's login id */
  id: string;
  division: string;
  sid: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route answers without a bearer token (login, health) */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims & { exp: number; iat: number };
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
 * Verifies the bearer token on every call (signature HS256 only, exp required, nbf honoured) and
 * then its session in the database, so logout and password changes take effect at once.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { secret: string; auth: AuthService }) {
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { algorithm: 'HS256' },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] },
    });
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
      if (request.routeOptions.config?.public) return;
      let claims: TokenClaims & { exp: number };
      try {
        claims = await request.jwtVerify();
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
