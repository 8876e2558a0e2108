import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, parseRetryAfter } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(' 1 ')).toBe(1);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('a refused call carries it on the ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '90' },
          }),
      ),
    );
    const err = await api.post('company/login', {}, { auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 90 });
  });
});

const respond = (body: string, status: number, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );

describe('api-client errors', () => {
  it('keeps code, message, issues and the request id of the error envelope', async () => {
    const envelope = {
      code: 'VALIDATION',
      message: 'Invalid request',
      issues: [{ path: 'body.x', message: 'required' }],
      requestId: 'a1b2',
    };
    respond(JSON.stringify(envelope), 400, { 'content-type': 'application/json' });
    const err = (await api.get('x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message, err.issues, err.requestId]).toEqual([
      400,
      'VALIDATION',
      'Invalid request',
      envelope.issues,
      'a1b2',
    ]);
  });

  it('falls back to the x-request-id header, and to INTERNAL when no envelope came back (a proxy page)', async () => {
    respond('<html>Bad gateway</html>', 502, { 'x-request-id': 'from-header' });
    const err = (await api.get('x').catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.issues, err.requestId]).toEqual([502, 'INTERNAL', [], 'from-header']);
    respond(JSON.stringify({ code: 42, message: null, issues: 'x' }), 500);
    const odd = (await api.get('x').catch((e: unknown) => e)) as ApiError;
    expect([odd.code, odd.issues, odd.requestId]).toEqual(['INTERNAL', [], undefined]);
  });
});
