import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Overload protection (issue 56), on in the server (loadConfig), off in in-process test apps unless asked for.
 *
 * A flood of logins from many addresses kept the event loop busy answering refusals that each client repeated
 * at once (docs/decisions/load-shedding.md has the profile): a faster refusal cannot help against a closed loop.
 *
 * So two things:
 * - refusals that ask the client to come back later (429, or 503 with Retry-After) are sent no sooner than
 *   `refusalPaceMs` after their request came: a flooding connection then costs one cheap request per pace, and
 *   a person who is refused waits no longer than the Retry-After asks anyway. Waiting costs a timer, not the loop.
 * - @fastify/under-pressure sheds everything else (503 + Retry-After, before the body is read) once the event
 *   loop's mean delay over a sample passes its limit, for floods of more connections than pacing can hold quiet,
 *   and for any other overload. Liveness and readiness (`config: { shedExempt: true }`) are never shed nor
 *   paced: they answer from the process.
 *
 * Utilisation alone is no overload: a server answering as fast as it can is busy all the time while each
 * request still waits only for the few in front of it. With a limit of 0.98 it shed 11-12 % of a 10-connection
 * load of uncached list requests (invoices of the 1M company, a new date range each: 20 of 174 and 30 of 246
 * answers 503 in two 8-second runs, 2026-12-07, load 26) while the loop's mean delay stayed at 11-71 ms;
 * so utilisation is not a limit unless one is asked for (`maxEventLoopUtilization`).
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
    // the first samples measure the start (migrations, seeding), not load: nothing is shed until two have passed since ready
    let readyAt = Infinity;
    app.addHook('onReady', async () => {
      readyAt = performance.now();
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
