import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return `${at}.${k.split('\u0000').join('\\0')}`;
    const hit = findNul(v, `${at}.${k}`, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** A NUL character anywhere in the parsed input answers 400 (PostgreSQL text cannot hold one). */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    // callback style: it runs on every request, and a check needs no promise
    app.addHook('preHandler', (request, _reply, done) => {
      const where = findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
      done(
        where
          ? new AppError(400, 'VALIDATION', 'Invalid request', [{ path: where, message: 'must not contain a NUL character' }])
          : undefined,
      );
    });
  },
  { name: 'input-guard' },
);
