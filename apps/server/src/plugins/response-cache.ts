import fp from 'fastify-plugin';
import { responseCache } from '../lib/cache/response-cache';

/** Kept answers of routes with `cacheTopics` (lib/cache/response-cache.ts), after authentication. */
export default fp(responseCache, { name: 'response-cache', dependencies: ['auth'] });
