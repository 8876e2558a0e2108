import type { TErrorEnvelope } from '@portal/contract';
import { session } from './session';

/**
 * A failed call: `code` is the envelope's stable code, mapped to an i18n text by `errorMessageKey`;
 * `requestId` names the request in the server's log (absent when no envelope came back).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: TErrorEnvelope['issues'] = [],
    /** placeholder values of the code's message (e.g. LIMIT_EXCEEDED { number }) */
    readonly params: NonNullable<TErrorEnvelope['params']> = {},
    /** seconds to wait before trying again (Retry-After of a 429 or 503) */
    readonly retryAfter?: number,
    /** the request in the server's log (the envelope's requestId, else x-request-id); absent when no answer came */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: (() => void) | undefined;
/** The app decides what a 401 on an authenticated call means (back to login, redirect kept). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

type Query = Record<string, string | number | boolean | object | null | undefined>;

function toSearch(query?: Query) {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    // search_value travels as a JSON-encoded object (ARCHITECTURE.md)
    p.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** false: do not send the bearer token (login) */
  auth?: boolean;
}

async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.auth === false ? null : session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}${toSearch(opts.query)}`, { method, headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (res.ok) return res;
  let envelope: Partial<TErrorEnvelope> = {};
  try {
    envelope = await res.json();
  } catch {
    /* not JSON */
  }
  if (res.status === 401 && token) onUnauthorized?.();
  throw new ApiError(
    res.status,
    typeof envelope.code === 'string' ? envelope.code : 'INTERNAL',
    typeof envelope.message === 'string' ? envelope.message : res.statusText,
    Array.isArray(envelope.issues) ? envelope.issues : [],
    envelope.params && typeof envelope.params === 'object' ? envelope.params : {},
    parseRetryAfter(res.headers.get('retry-after')),
    typeof envelope.requestId === 'string' ? envelope.requestId : (res.headers.get('x-request-id') ?? undefined),
  );
}

/** Retry-After in seconds (it may be a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function json<T>(method: string, path: string, opts?: RequestOptions): Promise<T> {
  const res = await send(method, path, opts);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A download: the body as a Blob, and the file name from Content-Disposition. */
async function download(method: string, path: string, opts?: RequestOptions & { onProgress?: (loaded: number) => void }) {
  const res = await send(method, path, opts);
  let blob: Blob;
  if (opts?.onProgress && res.body) {
    const reader = res.body.getReader();
    const chunks: BlobPart[] = [];
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as BlobPart);
      loaded += value.byteLength;
      opts.onProgress(loaded);
    }
    blob = new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  } else blob = await res.blob();
  return { blob, fileName: fileNameFrom(res.headers.get('content-disposition')) };
}

export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/** Saves a Blob under a name (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => json<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('POST', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('PATCH', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => json<T>('DELETE', path, opts),
  download,
};

/** The i18n key of an error's message (common.json `errors.*`). */
export function errorMessageKey(e: unknown): string {
  if (e instanceof ApiError) {
    switch (e.code) {
      case 'LOGIN_FAILED':
        return 'errors.loginFailed';
      case 'RATE_LIMITED':
        return 'errors.rateLimited';
      case 'SERVICE_UNAVAILABLE':
        return 'errors.busy';
      case 'FORBIDDEN':
      case 'NO_PERMISSION':
        return 'errors.noPermission';
      case 'NOT_FOUND':
        return 'errors.notFound';
      case 'TWO_STEP_FAILED':
        return 'errors.twoStepFailed';
      case 'TWO_STEP_SETUP_REQUIRED':
        return 'errors.twoStepSetupRequired';
      case 'VALIDATION':
        return 'errors.validation';
      case 'NETWORK':
      case 'REQUEST_TIMEOUT':
        return 'errors.communication';
      default:
        return 'errors.generic';
    }
  }
  return 'errors.generic';
}
