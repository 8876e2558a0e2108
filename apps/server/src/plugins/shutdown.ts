import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** true once a graceful shutdown began: new requests answer 503 */
    readonly draining: boolean;
    /** Stops taking work: new requests answer 503, the listener closes, in-flight requests finish. */
    drain(): Promise<void>;
  }
}

/**
 * Graceful shutdown. Once draining, every new request (also on an open keep-alive connection)
 * answers 503 with the error envelope, Retry-After and `connection: close`; requests already
 * running finish; `app.close()` stops the listener and waits for them.
 * (Needs `return503OnClosing: false` so that Fastify leaves the answer to this hook.)
 */
export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('drain', async function drain(this: FastifyInstance) {
      draining = true;
      await app.close();
    });
    // callback-style hooks: on every request they cost a check, not a promise and a turn of microtasks
    // answers finishing while draining close their keep-alive connection, so the listener can close
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (!draining) return done();
      reply.header('connection', 'close');
      done(
        new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.', undefined, {
          'retry-after': '5',
        }),
      );
    });
  },
  { name: 'shutdown' },
);
