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
      body = { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
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
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'An error occurred. Please contact the administrator' };
    }
    if (status >= 500) request.log.error({ status, code: body.code }, 'request failed');
    return reply.status(status).send(body);
  });
});
