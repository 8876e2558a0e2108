import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';
import { CACHE_TOPICS, type CacheTopic } from './topics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Topics of the change feed the route's answer is built from: its 200 answers are kept per
     * company, route and validated parameters, and served again until a write to one of those topics is announced.
     */
    cacheTopics?: readonly CacheTopic[];
  }
  interface FastifyInstance {
    /** the routes declared with `cacheTopics` (docs/cache-topics.md is checked against them) */
    cachedRoutes: { method: string; url: string; topics: readonly CacheTopic[] }[];
  }
  interface FastifyRequest {
    cacheSlot: { key: string; stamp: string } | null;
  }
}

export interface ResponseCacheOptions {
  feed: ChangeFeed;
  /** bytes of answers kept (least recently used go first) */
  maxBytes?: number;
  /** each lookup of a cacheable request: answered from memory (hit) or not (miss) — metrics */
  onLookup?: (hit: boolean) => void;
}

/**
 * Answers of read-only list routes, kept in memory. Authentication and validation run first on
 * every request (onRequest / validation come before preHandler); only the database work and the
 * serialisation are saved. An entry is served only if its stamp equals the feed's stamp now, so a
 * committed write, or a lost feed connection, makes every answer built before it unusable.
 */
export async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const entries = new LRUCache<string, { stamp: string; body: string }>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    // UTF-16 in memory
    sizeCalculation: (e, key) => 2 * (e.body.length + key.length) + 64,
    ttl: 10 * 60_000,
  });
  app.decorateRequest('cacheSlot', null);
  // a topic no trigger announces would serve a kept answer forever: refused when the route is declared
  app.decorate('cachedRoutes', []);
  app.addHook('onRoute', (route) => {
    const topics = route.config?.cacheTopics;
    if (!topics) return;
    const unknown = topics.filter((t) => !(CACHE_TOPICS as readonly string[]).includes(t));
    if (unknown.length) throw new Error(`${String(route.method)} ${route.url}: no change feed topic ${unknown.join(', ')}`);
    // answers are kept for GET only (the HEAD route Fastify adds beside it is not listed)
    if (route.method === 'GET') app.cachedRoutes.push({ method: 'GET', url: route.url, topics });
  });

  app.addHook('preHandler', async (request, reply) => {
    const topics = request.routeOptions.config?.cacheTopics;
    if (!topics || !request.auth || request.method !== 'GET') return;
    // `Cache-Control: no-cache` (a reload, or a bench timing the database path): a fresh answer
    const fresh = /no-cache|no-store|max-age=0/i.test(request.headers['cache-control'] ?? '');
    // every commit before this request, also another process's, has been heard: a kept answer
    // older than such a write is never served (PostgreSQL delivers notifications asynchronously).
    // A fresh answer serves nothing kept: it is stored under the stamp of now, which can only be
    // older than what it read (a commit not heard yet moves the stamp later and voids the entry)
    if (!fresh) await opts.feed.caughtUp();
    const stamp = opts.feed.stamp(topics);
    if (stamp === null) {
      opts.onLookup?.(false);
      return;
    }
    // keyed on what the handler will see (the matched route and the validated parameters), not on
    // the URL string: every spelling of the same request (`/%61pi/…`, parameters in another order,
    // unknown ones the schema drops) shares one entry instead of filling the cache with copies
    const key = `${request.auth.companyIdx}\u0000${request.routeOptions.url}\u0000${JSON.stringify(request.params)}\u0000${JSON.stringify(request.query)}`;
    const hit = fresh ? undefined : entries.get(key);
    const served = !!hit && hit.stamp === stamp;
    opts.onLookup?.(served);
    if (served) {
      return reply.header('content-type', 'application/json; charset=utf-8').send(hit.body);
    }
    // the stamp is taken before the database is read: a write during the read voids this entry
    request.cacheSlot = { key, stamp };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.cacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string') entries.set(slot.key, { stamp: slot.stamp, body: payload });
    return payload;
  });
}
