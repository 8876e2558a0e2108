import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's headers for `options`, worked out once (no per-request parts); recomputing cost ~7 % of a list request. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  for (const v of Object.values((options.contentSecurityPolicy as { directives?: object } | undefined)?.directives ?? {})) {
    if (Array.isArray(v) && v.some((x) => typeof x === 'function')) throw new Error('per-request CSP directives cannot be precomputed');
  }
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let called = false;
  helmet(options)({} as never, res as never, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** helmet's security headers on every response (the API docs set their own CSP over it). */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
