import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

/** a call whose answers the test gives, in order */
function controlled() {
  const pending: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  let begun = 0;
  const call = () => new Promise<number>((resolve, reject) => (begun++, pending.push({ resolve, reject })));
  return {
    call,
    begun: () => begun,
    answer: (n: number) => pending.shift()?.resolve(n),
    fail: () => pending.shift()?.reject(new Error('lost')),
  };
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalesced', () => {
  it('callers of one quiet moment share one call', async () => {
    const c = controlled();
    const shared = coalesced(c.call);
    const calls = [shared(), shared(), shared()];
    await turn();
    expect(c.begun()).toBe(1);
    c.answer(1);
    expect(await Promise.all(calls)).toEqual([1, 1, 1]);
  });

  it('a caller that arrives while a call is out waits for the next call, begun after it, shared with the others that arrive meanwhile', async () => {
    const c = controlled();
    const shared = coalesced(c.call);
    const first = shared();
    await turn();
    const later = [shared(), shared()];
    await turn();
    expect(c.begun()).toBe(1);
    c.answer(1);
    expect(await first).toBe(1);
    await turn();
    expect(c.begun()).toBe(2);
    c.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('a failed call fails its callers only', async () => {
    const c = controlled();
    const shared = coalesced(c.call);
    const first = shared();
    await turn();
    const second = shared();
    c.fail();
    await expect(first).rejects.toThrow('lost');
    await turn();
    c.answer(2);
    expect(await second).toBe(2);
  });

  it('gather delays the first call of a quiet spell', async () => {
    const c = controlled();
    let open!: () => void;
    const shared = coalesced(c.call, () => new Promise<void>((resolve) => (open = resolve)));
    const calls = [shared(), shared()];
    await turn();
    expect(c.begun()).toBe(0);
    open();
    await turn();
    expect(c.begun()).toBe(1);
    c.answer(7);
    expect(await Promise.all(calls)).toEqual([7, 7]);
  });
});
