import type { TErrorCode } from '@portal/contract';

/** A failure the client should see: mapped to the envelope `{ code, message, issues? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** placeholder values of the message the code stands for (sent as the envelope's `params`) */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'NOT_FOUND', what);
export const forbidden = (what = 'no permission') => new AppError(403, 'FORBIDDEN', what);
export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(400, 'VALIDATION', message, issues);
/** A count cap reached (spec §5 'Maximum number allowed is {number}.'). */
export const limitExceeded = (max: number) =>
  new AppError(409, 'LIMIT_EXCEEDED', `Maximum number allowed is ${max}.`, undefined, undefined, { number: max });
