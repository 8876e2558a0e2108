import { randomUUID } from 'node:crypto';
import { STATUS_CODES as HTTP_STATUS_TEXT } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TErrorCode, TErrorEnvelope } from '@portal/contract';
import { AppError } from '../lib/errors';

const STATUS_CODES: Record<number, TErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'VALIDATION',
  415: 'VALIDATION',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'PAYLOAD_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/** Driver and PostgreSQL codes of a database that is down or restarting (connection refused, admin shutdown, …). */
const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

/** Whether a failure is the database being unavailable, also when Drizzle wraps the driver error as its cause. */
function databaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE.has(e.code)) return true;
    // node-postgres: a connection that dropped, a pool that cannot connect, and every later statement
    // on a client whose connection broke (the rollback of a transaction cut by a restart included)
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i.test(e.message)
    )
      return true;
  }
  return false;
}

const GENERIC_500 = 'An error occurred. Please contact the administrator';
/** Fastify's own 4xx texts are safe to show, except where they echo the request back. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL: invalid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
  FST_ERR_ASYNC_CONSTRAINT: GENERIC_500,
};

/** The request id every log line of the request carries (Fastify's `reqId`): random, so ids of several processes never collide. */
export const genReqId = () => randomUUID();

/** The answer to a failure: internals are logged, never sent (a 5xx always answers the same text). */
function answerOf(error: FastifyError, request: FastifyRequest, reply: FastifyReply): { status: number; body: TErrorEnvelope } {
  const requestId = request.id;
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return {
      status: error.statusCode,
      body: {
        code: error.code,
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.params ? { params: error.params } : {}),
        requestId,
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'Invalid request',
        issues: error.validation.map((v) => ({
          path: [
            error.validationContext,
            ...String(v.instancePath ?? '')
              .split('/')
              .filter(Boolean),
          ].join('.'),
          message: v.message ?? 'invalid',
        })),
        requestId,
      },
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return { status: 500, body: { code: 'INTERNAL', message: GENERIC_500, requestId } };
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    const status = error.statusCode;
    const code = STATUS_CODES[status] ?? 'VALIDATION';
    const message = status === 429 ? 'Too many requests' : (FRAMEWORK_MESSAGES[error.code] ?? error.message);
    return { status, body: { code, message, requestId } };
  }
  if (databaseUnavailable(error)) {
    // a database restart or outage: the client may retry shortly
    request.log.error({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return {
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again in a moment.', requestId },
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { code: 'INTERNAL', message: GENERIC_500, requestId } };
}

/** Sends `{ code, message, issues?, requestId }` (the id also in x-request-id) and logs it on the request's line. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = answerOf(error, request, reply);
  if (status >= 500) request.log.error({ status, code: body.code }, 'request failed');
  else request.log.info({ status, code: body.code }, 'request refused');
  // a download that failed before its first byte had already announced a file: the envelope is JSON
  reply.removeHeader('content-disposition').removeHeader('content-length').type('application/json; charset=utf-8');
  return reply.status(status).header('x-request-id', request.id).send(body);
}

/** Fastify's `frameworkErrors` (routing failures before any hook), in the same envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

/**
 * Requests Node's HTTP parser refused (431, 400, 408): answered on the socket with a request id of its own;
 * the raw bytes on the error (headers, a token) are never logged.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, TErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'PAYLOAD_TOO_LARGE', 'Request headers too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'Request timeout']
        : [400, 'VALIDATION', 'Malformed request'];
  const requestId = genReqId();
  this.log.info({ reqId: requestId, status, code, cause: err.code }, 'request refused by the HTTP parser');
  // as Node does: an answer only if no other answer on this connection has started
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const body = JSON.stringify({ code, message, requestId } satisfies TErrorEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${HTTP_STATUS_TEXT[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nx-content-type-options: nosniff\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** One error envelope for every failure a route, a hook or Fastify itself raises. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(sendError);
});
