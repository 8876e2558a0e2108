import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorEnvelope } from '@portal/contract';
import { AppError } from '../lib/errors';

const STATUS_CODES: Record<number, TErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'VALIDATION',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Driver and PostgreSQL codes of a database that is down or restarting (connection refused, admin shutdown, …). */
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);

/** Whether a failure is the database being unavailable, also when Drizzle wraps the driver error as its cause. */
function databaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE.has(e.code)) return true;
    // node-postgres: a connection that dropped, a pool that cannot connect, and every later statement
    // on a client whose connection broke (the rollback of a transaction cut by a restart included)
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i.test(e.message))
      return true;
  }
  return false;
}

/**
 * One error envelope for every failure. Internals (stacks, SQL, driver messages) are logged,
 * never sent: a 5xx always answers the same generic text.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: TErrorEnvelope;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}), ...(error.params ? { params: error.params } : {}) };
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: 'VALIDATION',
        message: 'Invalid request',
        issues: error.validation.map((v) => ({
          path: [error.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].join('.'),
          message: v.message ?? 'invalid',
        })),
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      status = 500;
      body = { code: 'INTERNAL', message: 'An error occurred. Please contact the administrator' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = STATUS_CODES[status] ?? 'VALIDATION';
      // Fastify's own 4xx texts (bad JSON, wrong content type, body too large) are safe to show.
      body = { code, message: status === 429 ? 'Too many requests' : error.message };
    } else if (databaseUnavailable(error)) {
      // a database restart or outage: the client may retry shortly
      request.log.error({ err: error }, 'database unavailable');
      status = 503;
      body = { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again in a moment.' };
      reply.header('retry-after', '5');
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'An error occurred. Please contact the administrator' };
    }
    if (status >= 500) request.log.error({ status, code: body.code }, 'request failed');
    return reply.status(status).send(body);
  });
});
