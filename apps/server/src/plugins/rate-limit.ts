import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { clientKey } from '../lib/client-address';
import { AppError } from '../lib/errors';

/**
 * Named per-client rate limits, chosen by `config: { rateLimitPolicy }`, keyed on the real client address.
 * login 30/min (under 1 % of what two cores can hash), refresh 30/min, passwordReset 10/min (a link costs a mail).
 */
export const RATE_LIMIT_POLICIES = {
  login: { max: 30, timeWindow: 60_000 },
  refresh: { max: 30, timeWindow: 60_000 },
  passwordReset: { max: 10, timeWindow: 60_000 },
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a named per-client rate limit (plugins/rate-limit.ts) */
    rateLimitPolicy?: RateLimitPolicy;
  }
}

type StoreCallback = (err: Error | null, res: { current: number; ttl: number }) => void;
interface Entry {
  current: number;
  startMs: number;
}

/** @fastify/rate-limit's in-memory store on the app's clock (tests move time with `t.clock`). */
function clockStore(now: () => Date) {
  return class ClockStore {
    private readonly entries = new LRUCache<string, Entry>({ max: 50_000 });
    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const at = now().getTime();
      let e = this.entries.get(key);
      if (!e || e.startMs + timeWindow <= at) e = { current: 0, startMs: at };
      e.current++;
      this.entries.set(key, e);
      cb(null, { current: e.current, ttl: e.startMs + timeWindow - at });
    }
    read(key: string, cb: StoreCallback, timeWindow: number) {
      const at = now().getTime();
      const e = this.entries.get(key);
      if (!e || e.startMs + timeWindow <= at) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: e.current, ttl: e.startMs + timeWindow - at });
    }
    child() {
      return new ClockStore();
    }
  };
}

/** Before the auth plugin: refused requests cost neither a session lookup nor a hash. */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { now: () => Date }) {
    await app.register(rateLimit, {
      global: false,
      store: clockStore(opts.now),
      keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    });
    const limiters = new Map(
      Object.entries(RATE_LIMIT_POLICIES).map(([name, policy]) => [name, app.createRateLimit({ ...policy })] as const),
    );
    async function limit(request: FastifyRequest, reply: FastifyReply, check: NonNullable<ReturnType<typeof limiters.get>>) {
      const limit = await check(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('ratelimit-policy', `${limit.max};w=${Math.round(limit.timeWindow / 1000)}`);
      throw new AppError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.', undefined, {
        'retry-after': String(Math.max(1, limit.ttlInSeconds)),
      });
    }
    // callback style: a route without a policy (nearly every request) costs a lookup, not a promise
    app.addHook('onRequest', (request, reply, done) => {
      const name = request.routeOptions.config?.rateLimitPolicy;
      const check = name && limiters.get(name);
      if (!check) return done();
      limit(request, reply, check).then(() => done(), done);
    });
  },
  { name: 'rate-limit' },
);
