import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupFailed, lookupInBatches } from './lookup-books';

const isbns = Array.from({ length: 250 }, (_, i) => `isbn${i}`);
const answer = (asked: string[]) => asked.map((isbn13) => ({ isbn13, found: true }));

/** fetch stub: answers each batch after `delay(batchNo)` ms, or fails the batches in `fail` */
function stubFetch(delay: (n: number) => number, fail: number[] = []) {
  const calls: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://x').searchParams.get('isbns')!.split(',');
      const n = calls.push(asked) - 1;
      await new Promise((r) => setTimeout(r, delay(n)));
      if (fail.includes(n)) return new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'x' }), { status: 503 });
      return new Response(JSON.stringify(answer(asked)), { status: 200 });
    }),
  );
  return calls;
}
/** fetch stub whose answers the test releases one by one, in the order it chooses */
function stubFetchReleased() {
  const calls: string[][] = [];
  const release: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://x').searchParams.get('isbns')!.split(',');
      calls.push(asked);
      await new Promise<void>((r) => release.push(r));
      return new Response(JSON.stringify(answer(asked)), { status: 200 });
    }),
  );
  return { calls, release };
}
afterEach(() => vi.unstubAllGlobals());

describe('lookupInBatches', () => {
  it('asks at most 100 ISBNs a call and keeps the order when batches answer out of order', async () => {
    // answers released last batch first (timers of different lengths raced on a loaded machine)
    const { calls, release } = stubFetchReleased();
    const progress: number[] = [];
    const done = lookupInBatches(isbns, (p) => progress.push(p.done));
    await vi.waitFor(() => expect(calls.map((c) => c.length)).toEqual([100, 100, 50]));
    release[2]!();
    await vi.waitFor(() => expect(progress).toEqual([50]));
    release[1]!();
    await vi.waitFor(() => expect(progress).toEqual([50, 150]));
    release[0]!();
    const rows = await done;
    expect(rows.map((r) => r.isbn13)).toEqual(isbns);
    expect(progress).toEqual([50, 150, 250]);
  });

  it('on a failure keeps the answered batches from the start and resumes at the first missing one', async () => {
    stubFetch(() => 1, [1]);
    const err = await lookupInBatches(isbns, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LookupFailed);
    const failed = err as LookupFailed;
    expect(failed.resumeAt).toBe(100);
    expect(failed.rows).toHaveLength(100);
    stubFetch(() => 1);
    const rows = await lookupInBatches(isbns, () => {}, { from: failed.resumeAt, rows: failed.rows });
    expect(rows.map((r) => r.isbn13)).toEqual(isbns);
  });
});
