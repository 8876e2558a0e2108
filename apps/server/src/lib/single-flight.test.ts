import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('keyed single-flight', () => {
  it('runs the work once for the callers of one key while it runs, separately per key', async () => {
    const flights = createSingleFlight<string, number>();
    const gate = deferred<number>();
    let runs = 0;
    const work = () => {
      runs++;
      return gate.promise;
    };
    const a = Array.from({ length: 5 }, () => flights.run('a', work));
    const b = flights.run('b', async () => 7);
    gate.resolve(42);
    expect(await Promise.all(a)).toEqual([42, 42, 42, 42, 42]);
    expect(await b).toBe(7);
    expect(runs).toBe(1);
  });

  it('shares an error, then runs the work again for the next caller', async () => {
    const flights = createSingleFlight<string, string>();
    const gate = deferred<string>();
    const first = [flights.run('k', () => gate.promise), flights.run('k', () => gate.promise)];
    gate.reject(new Error('render failed'));
    for (const p of first) await expect(p).rejects.toThrow('render failed');
    await expect(flights.run('k', async () => 'fresh')).resolves.toBe('fresh');
  });

  it('a work that throws at once is a rejected call, and frees its key', async () => {
    const flights = createSingleFlight<string, string>();
    await expect(
      flights.run('k', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(flights.run('k', async () => 'ok')).resolves.toBe('ok');
  });
});
