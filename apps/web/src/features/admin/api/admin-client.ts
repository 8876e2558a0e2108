import type { TErrorEnvelope } from '@portal/contract';
import { ApiError, fileNameFrom, parseRetryAfter } from '../../../lib/api-client';
import { operatorSession } from '../operator-session';

/**
 * The console's API client: like lib/api-client.ts, but it sends the operator's token (never the
 * company's), and only to /api/admin/*. A 401 on an authenticated call ends the operator session
 * (the console's layout then goes to /admin/login); the company session is left alone.
 */
type Query = Record<string, string | number | boolean | null | undefined>;

function url(path: string, query?: Query) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return `/api/admin/${path.replace(/^\//, '')}${s ? `?${s}` : ''}`;
}

function authHeaders(auth: boolean): Record<string, string> {
  const token = auth ? operatorSession.token() : null;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The ApiError of a failed answer (status, the envelope's code, message and issues). */
function apiError(status: number, statusText: string, text: string, header: (name: string) => string | null, sentToken: boolean) {
  let envelope: Partial<TErrorEnvelope> = {};
  try {
    envelope = JSON.parse(text) as Partial<TErrorEnvelope>;
  } catch {
    /* not JSON */
  }
  if (status === 401 && sentToken) operatorSession.clear();
  return new ApiError(
    status,
    typeof envelope.code === 'string' ? envelope.code : 'INTERNAL',
    typeof envelope.message === 'string' ? envelope.message : statusText,
    Array.isArray(envelope.issues) ? envelope.issues : [],
    envelope.params && typeof envelope.params === 'object' ? envelope.params : {},
    parseRetryAfter(header('retry-after')),
    typeof envelope.requestId === 'string' ? envelope.requestId : (header('x-request-id') ?? undefined),
  );
}

async function send(method: string, path: string, opts: { query?: Query; body?: unknown; signal?: AbortSignal; auth?: boolean } = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(opts.auth !== false) };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url(path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (res.ok) return res;
  throw apiError(res.status, res.statusText, await res.text(), (n) => res.headers.get(n), !!headers.authorization);
}

async function json<T>(method: string, path: string, opts?: Parameters<typeof send>[2]): Promise<T> {
  const text = await (await send(method, path, opts)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A multipart upload with real progress: fetch cannot report how much of a request body has been
 * sent, XMLHttpRequest's upload events can. `onProgress` gets the fraction sent (0..1).
 */
function upload<T>(
  path: string,
  form: FormData,
  opts: { query?: Query; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url(path, opts.query));
    const headers = { accept: 'application/json', ...authHeaders(true) };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, 'INTERNAL', 'Unreadable answer'));
        }
      } else reject(apiError(xhr.status, xhr.statusText, xhr.responseText, (n) => xhr.getResponseHeader(n), 'authorization' in headers));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** A download: the body as a Blob and the file name from Content-Disposition. */
async function download(path: string, query?: Query) {
  const res = await send('GET', path, { query });
  return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('content-disposition')) };
}

export const adminApi = {
  get: <T>(path: string, opts?: { query?: Query; signal?: AbortSignal }) => json<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: { auth?: boolean }) => json<T>('POST', path, { ...opts, body }),
  patch: <T>(path: string, body: unknown) => json<T>('PATCH', path, { body }),
  upload,
  download,
};
