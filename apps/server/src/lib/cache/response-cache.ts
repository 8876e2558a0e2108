import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    /**
     * What else the route's answer depends on besides its parameters and the tables of its topics, as a string
     * that is part of every key: e.g. today's date for a list that marks (or filters) what is overdue, so that an
     * answer kept yesterday is not served today though nothing was written since.
     */
    cacheVary?: () => string;
  }
  interface FastifyInstance {
    /** the routes declared with `cacheTopics` (docs/cache-topics.md is checked against them) */
    cachedRoutes: { method: string; url: string; topics: readonly CacheTopic[] }[];
  }
  interface FastifyRequest {
    /** `url`: company and URL as asked, remembered beside the key once the answer is kept (null: never looked up early) */
    cacheSlot: { key: string; stamp: string; served: boolean; url: string | null } | null;
    /** the change feed has heard every commit made before this request came in */
    caughtUp: boolean;
  }
}

type OnSendDone = (err: Error | null, payload?: unknown) => void;
const asArray = <T>(x: T | T[] | undefined): T[] => (Array.isArray(x) ? x : x ? [x] : []);

/** URLs remembered beside the keys of their validated parameters (a few per kept answer) */
const URLS_KEPT = 20_000;

/** Compressed copies kept per answer: one per Accept-Encoding header seen (browsers send few). */
const ENCODED_PER_ENTRY = 4;

interface Entry {
  stamp: string;
  /**
   * the answer as UTF-8 bytes, encoded once when it was kept: a hit writes them as they are (a JSON string
   * holding any character outside Latin-1, as '₩' is, was measured and encoded again on every send)
   */
  body: Buffer;
  /** the answer as compressed for a client's Accept-Encoding header (by @fastify/compress, once) */
  encoded: ReadonlyMap<string, { encoding: string; bytes: Buffer }>;
}
const entrySize = (e: Entry, key: string) => {
  // the key in UTF-16, the bytes as they are
  let size = e.body.length + 2 * key.length + 64;
  for (const [accept, v] of e.encoded) size += 2 * accept.length + v.bytes.length + 32;
  return size;
};

export interface ResponseCacheOptions {
  feed: ChangeFeed;
  /** bytes of answers kept (least recently used go first) */
  maxBytes?: number;
  /** each lookup of a cacheable request: answered from memory (hit) or not (miss) — metrics */
  onLookup?: (hit: boolean) => void;
}

/**
 * Answers of read-only list routes, kept in memory. Authentication runs first on every request
 * (onRequest), and so does validation, or its result for the same URL (below); only the database work
 * and the serialisation are saved. An entry is served only if its stamp equals the feed's stamp now, so a
 * committed write, or a lost feed connection, makes every answer built before it unusable.
 *
 * Entries are keyed on what the handler sees (the matched route and the validated parameters). The URL
 * of a request that validated to a key is remembered beside it: the same URL again, by the same company,
 * is looked up right after authentication (an onRequest hook of the route), so a kept answer does not
 * parse, validate and run the preHandlers again for parameters already validated to that key (validation
 * of the path and query string is a function of the URL alone; routes with a headers schema are not
 * looked up early). Anything not served there takes the whole way.
 */
export async function responseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const entries = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: entrySize,
    ttl: 10 * 60_000,
  });
  /** company + route + URL as the client wrote it → the key its validated parameters made */
  const urls = new LRUCache<string, string>({ max: URLS_KEPT });
  app.decorateRequest('cacheSlot', null);
  app.decorateRequest('caughtUp', false);
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
    // hooks of these routes only (a route without cacheTopics pays for none of them). The early lookup runs
    // after every application-wide onRequest hook (authentication); the lookup after every application-wide
    // preHandler (the input guard), as it did when it was one of them; the answer is kept before the route's
    // other onSend hooks see it, and keepEncoded runs last, after @fastify/compress's (added when it saw the
    // route, before this hook): it keeps the compressed bytes beside the kept answer, so compression runs
    // once per answer and encoding
    const url = route.url;
    const vary = route.config?.cacheVary ?? (() => '');
    const early = !(route.schema as { headers?: unknown } | undefined)?.headers;
    if (early) route.onRequest = [...asArray(route.onRequest), (request, reply) => lookupUrl(request, reply, topics, vary())];
    route.preHandler = [...asArray(route.preHandler), (request, reply) => lookup(request, reply, topics, url, early, vary())];
    route.onSend = [keep, ...asArray(route.onSend), keepEncoded];
  });

  // onSend hooks in callback style: a kept answer is mostly these hooks, and an async one costs a promise and a turn of microtasks
  function keepEncoded(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) {
    const slot = request.cacheSlot;
    const accept = request.headers['accept-encoding'];
    if (!slot || !accept || reply.statusCode !== 200 || !Buffer.isBuffer(payload)) return done(null, payload);
    const encoding = reply.getHeader('content-encoding');
    if (typeof encoding !== 'string') return done(null, payload);
    const entry = entries.peek(slot.key);
    // the entry this request stored or was served (not one stored meanwhile under a newer stamp)
    if (!entry || entry.stamp !== slot.stamp || entry.encoded.has(accept) || entry.encoded.size >= ENCODED_PER_ENTRY)
      return done(null, payload);
    entries.set(slot.key, { ...entry, encoded: new Map(entry.encoded).set(accept, { encoding, bytes: payload }) });
    done(null, payload);
  }

  /** A fresh 200 answer is kept as UTF-8 bytes, and those bytes are what is sent (encoded once, not again by the response). */
  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone) {
    const slot = request.cacheSlot;
    if (!slot || slot.served || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const body = Buffer.from(payload);
    entries.set(slot.key, { stamp: slot.stamp, body, encoded: new Map() });
    if (slot.url) urls.set(slot.url, slot.key);
    done(null, body);
  }

  /** `Cache-Control: no-cache` (a reload, or a bench timing the database path): a fresh answer */
  const wantsFresh = (request: FastifyRequest) => /no-cache|no-store|max-age=0/i.test(request.headers['cache-control'] ?? '');

  /** Sends the kept answer `hit` (its compressed bytes when this Accept-Encoding was seen before). */
  function serve(request: FastifyRequest, reply: FastifyReply, key: string, stamp: string, hit: Entry) {
    opts.onLookup?.(true);
    reply.header('content-type', 'application/json; charset=utf-8');
    const accept = request.headers['accept-encoding'];
    const encoded = accept ? hit.encoded.get(accept) : undefined;
    // compressed for this Accept-Encoding before: the stored bytes (@fastify/compress leaves an encoded answer alone)
    if (encoded) return reply.header('content-encoding', encoded.encoding).header('vary', 'accept-encoding').send(encoded.bytes);
    request.cacheSlot = { key, stamp, served: true, url: null };
    return reply.send(hit.body);
  }

  /** onRequest, after authentication: the kept answer of a URL this company asked before, if it is current. */
  async function lookupUrl(request: FastifyRequest, reply: FastifyReply, topics: readonly CacheTopic[], vary: string) {
    if (!request.auth || wantsFresh(request)) return;
    const key = urls.get(`${request.auth.companyIdx}\u0000${vary}\u0000${request.url}`);
    if (key === undefined) return;
    // every commit before this request, also another process's, has been heard (see lookup)
    await opts.feed.caughtUp();
    request.caughtUp = true;
    const stamp = opts.feed.stamp(topics);
    const hit = entries.get(key);
    if (stamp !== null && hit?.stamp === stamp) return serve(request, reply, key, stamp, hit);
  }

  async function lookup(
    request: FastifyRequest,
    reply: FastifyReply,
    topics: readonly CacheTopic[],
    url: string,
    early: boolean,
    vary: string,
  ) {
    if (!request.auth) return;
    const fresh = wantsFresh(request);
    // every commit before this request, also another process's, has been heard: a kept answer
    // older than such a write is never served (PostgreSQL delivers notifications asynchronously).
    // A fresh answer serves nothing kept: it is stored under the stamp of now, which can only be
    // older than what it read (a commit not heard yet moves the stamp later and voids the entry)
    if (!fresh && !request.caughtUp) await opts.feed.caughtUp();
    const stamp = opts.feed.stamp(topics);
    if (stamp === null) {
      opts.onLookup?.(false);
      return;
    }
    // keyed on what the handler will see (the matched route and the validated parameters), not on
    // the URL string: every spelling of the same request (`/%61pi/…`, parameters in another order,
    // unknown ones the schema drops) shares one entry instead of filling the cache with copies
    const key = `${request.auth.companyIdx}\u0000${vary}\u0000${url}\u0000${JSON.stringify(request.params)}\u0000${JSON.stringify(request.query)}`;
    const hit = fresh ? undefined : entries.get(key);
    if (hit && hit.stamp === stamp) return serve(request, reply, key, stamp, hit);
    opts.onLookup?.(false);
    // the stamp is taken before the database is read: a write during the read voids this entry
    request.cacheSlot = { key, stamp, served: false, url: early ? `${request.auth.companyIdx}\u0000${vary}\u0000${request.url}` : null };
  }
}
