import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { operatorSession } from '../operator-session';
import { adminApi } from './admin-client';

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the upload and the answer. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the console API client', () => {
  it("uploads with the operator token (never the company's) and reports the upload's real progress", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('portal.token', 'company-token');
    operatorSession.store('operator-token', 60);
    const seen: number[] = [];
    const form = new FormData();
    const done = adminApi.upload<{ ok: boolean }>('imports/companies', form, {
      query: { dryRun: true, lang: 'ko' },
      onProgress: (f) => seen.push(f),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.authorization, xhr.body]).toEqual([
      'POST',
      '/api/admin/imports/companies?dryRun=true&lang=ko',
      'Bearer operator-token',
      form,
    ]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 });
    xhr.answer(200, { ok: true });
    await expect(done).resolves.toEqual({ ok: true });
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it('a 401 ends the operator session only; the error carries the envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('portal.token', 'company-token');
    operatorSession.store('operator-token', 60);
    const done = adminApi.upload('imports/companies', new FormData());
    FakeXhr.last.answer(401, { code: 'UNAUTHORIZED', message: 'expired', requestId: 'r1' });
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).code, (err as ApiError).requestId]).toEqual([401, 'UNAUTHORIZED', 'r1']);
    expect(operatorSession.token()).toBeNull();
    expect(localStorage.getItem('portal.token')).toBe('company-token');
  });

  it('GET sends the operator token to /api/admin/* with the query', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response('{"dataset":[],"total_cnt":0}', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    operatorSession.store('operator-token', 60);
    await adminApi.get('companies', { query: { search: 'han', start: 0, length: 10, empty: '' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/companies?search=han&start=0&length=10');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer operator-token');
  });
});
