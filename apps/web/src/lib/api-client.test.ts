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
      vi.fn(async () =>
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
