import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';
import { CACHE_TOPICS, type CacheTopic } from './topics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The change-feed topics the answer is built from: kept per company, route and parameters until one is announced. */
    cacheTopics?: readonly CacheTopic[];
    /** What else the answer depends on, part of every key (e.g. today's date for a list that marks what is overdue). */
    cacheVary?: () => string;
  }
  interface FastifyInstance {
    /** the routes declared with `cacheTopics` (docs/cache-topics.md is checked against them) */
    cachedRoutes: { method: string; url: string; topics: readonly CacheTopic[] }[];
  }
  interface FastifyRequest {
    /** where a fresh answer is kept (null: not cacheable, or served from memory) */
    cacheSlot: { key: string; stamp: string } | null;
  }
}

type OnSendDone = (err: Error | null, payload?: unknown) => void;
const asArray = <T>(x: T | T[] | undefined): T[] => (Array.isArray(x) ? x : x ? [x] : []);

interface Entry {
  stamp: string;
  /** the answer as UTF-8 bytes */
  body: Buffer;
}

export interface ResponseCacheOptions {
  feed: ChangeFeed;
  /** bytes of answers kept (least recently used go first) */
  maxBytes?: number;
  /** each lookup of a cacheable request: answered from memory (hit) or not (miss) — metrics */
  onLookup?: (hit: boolean) => void;
}

/**
 * Answers of read-only list routes, kept in memory after authentication and validation, keyed on the matched
 * route and validated parameters, served only while their stamp equals the feed's.
 */
export async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const entries = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (e, key) => e.body.length + 2 * key.length + 64,
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
    // answers are kept for GET only (the HEAD route Fastify adds beside it gets no hooks)
    if (route.method !== 'GET') return;
    app.cachedRoutes.push({ method: 'GET', url: route.url, topics });
    // the lookup runs after every application-wide preHandler (the input guard); the answer is kept
    // before the route's other onSend hooks (compression) see it
    const url = route.url;
    const vary = route.config?.cacheVary ?? (() => '');
    route.preHandler = [...asArray(route.preHandler), (request, reply) => lookup(request, reply, topics, url, vary())];
    route.onSend = [keep, ...asArray(route.onSend)];
  });

  /** A fresh 200 answer is kept as UTF-8 bytes, and those bytes are what is sent. */
  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) {
    const slot = request.cacheSlot;
    if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const body = Buffer.from(payload);
    entries.set(slot.key, { stamp: slot.stamp, body });
    done(null, body);
  }

  async function lookup(request: FastifyRequest, reply: FastifyReply, topics: readonly CacheTopic[], url: string, vary: string) {
    if (!request.auth) return;
    // `Cache-Control: no-cache` (a reload, or a bench timing the database path): a fresh answer
    const fresh = /no-cache|no-store|max-age=0/i.test(request.headers['cache-control'] ?? '');
    // every commit before this request, in any process, has been heard; a fresh answer is stored under the
    // stamp of now, which can only be older than what it read
    if (!fresh) await opts.feed.caughtUp();
    const stamp = opts.feed.stamp(topics);
    if (stamp === null) {
      opts.onLookup?.(false);
      return;
    }
    const key = `${request.auth.companyIdx}\u0000${vary}\u0000${url}\u0000${JSON.stringify(request.params)}\u0000${JSON.stringify(request.query)}`;
    const hit = fresh ? undefined : entries.get(key);
    opts.onLookup?.(hit?.stamp === stamp);
    if (hit && hit.stamp === stamp) return reply.header('content-type', 'application/json; charset=utf-8').send(hit.body);
    // the stamp is taken before the database is read: a write during the read voids this entry
    request.cacheSlot = { key, stamp };
  }
}
