import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { passwordCheck } from './password-check';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('passwordCheck', () => {
  it('posts id and password as a JSON body: the password is in no URL (issue 13 item 2)', async () => {
    vi.spyOn(session, 'token').mockReturnValue('header.payload.signature');
    const calls = stubFetch(true);
    await expect(passwordCheck('demo', 'p@ss word&1')).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(init.method).toBe('POST');
    expect(url).toBe('/api/common/passwordCheck');
    expect(url).not.toContain('p%40ss');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'demo', password: 'p@ss word&1' });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer header.payload.signature');
  });

  it('answers false for a falsy answer', async () => {
    stubFetch(false);
    await expect(passwordCheck('demo', 'wrong-pass')).resolves.toBe(false);
  });
});
