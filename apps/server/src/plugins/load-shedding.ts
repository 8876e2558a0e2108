import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Overload protection (issue 56; load-shedding.md): refusals asking to come back later (429, 503) are paced to
 * `refusalPaceMs` after their request, and @fastify/under-pressure sheds the rest (503 + Retry-After) once the
 * event loop's delay passes its limit. Liveness and readiness (`shedExempt`) are never shed nor paced.
 * Utilisation alone is no overload: no limit on it unless asked for (`maxEventLoopUtilization`).
 */
export interface LoadSheddingOptions {
  /** Mean event-loop delay over a sample (ms) above which requests are shed; default 200. */
  maxEventLoopDelayMs?: number;
  /** Event-loop utilisation over a sample (0–1) above which requests are shed; default none (see above). */
  maxEventLoopUtilization?: number;
  /** How often the event loop is sampled (ms); default 1000 (a slow query of the embedded database is not an overload). */
  sampleIntervalMs?: number;
  /** Retry-After of a shed request (s); default 2. */
  retryAfterSeconds?: number;
  /** Least time between a refused request's arrival and its answer (ms); default 1000. */
  refusalPaceMs?: number;
  /**
   * Work the server does at start while it already listens (main.ts: the demo seed and its statements, which block
   * the embedded database's event loop): its delay is not load, so nothing is shed until it has ended.
   */
  startWork?: Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** never shed nor paced by plugins/load-shedding.ts (liveness, readiness) */
    shedExempt?: boolean;
  }
}

export default fp(
  async function loadShedding(app: FastifyInstance, opts: LoadSheddingOptions) {
    const retryAfter = opts.retryAfterSeconds ?? 2;
    const paceMs = opts.refusalPaceMs ?? 1000;
    const sampleInterval = opts.sampleIntervalMs ?? 1000;
    // the first samples measure the start (migrations, seeding), not load: nothing is shed until two have passed since
    // ready and the start's own work has ended
    let readyAt = Infinity;
    app.addHook('onReady', async () => {
      if (!opts.startWork) readyAt = performance.now();
      else
        void opts.startWork.finally(() => {
          readyAt = performance.now();
        });
    });
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs ?? 200,
      maxEventLoopUtilization: opts.maxEventLoopUtilization ?? 0,
      // utilisation of the last sample, not since the start
      eventLoopUtilizationMode: 'interval',
      sampleInterval,
      retryAfter,
      // a rejection goes to the error handler (plugins/errors: the envelope and the AppError's Retry-After)
      pressureHandler: async (request) => {
        if (request.routeOptions.config?.shedExempt || performance.now() - readyAt < 2 * sampleInterval) return;
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.', undefined, {
          'retry-after': String(retryAfter),
        });
      },
    });
    // callback style: nearly every answer passes with a check, not a promise
    app.addHook('onSend', (request, reply, payload, done) => {
      const status = reply.statusCode;
      if ((status !== 429 && status !== 503) || !reply.hasHeader('retry-after') || app.draining || request.routeOptions.config?.shedExempt)
        return done(null, payload);
      const wait = paceMs - reply.elapsedTime;
      if (wait <= 0) return done(null, payload);
      setTimeout(() => done(null, payload), wait);
    });
  },
  { name: 'load-shedding', dependencies: ['shutdown'] },
);
