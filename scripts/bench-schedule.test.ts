import { describe, expect, it } from 'vitest';
import { schedule } from './bench/lists.mjs';

const groups = [['big1m', 'big10k'], ['small10k']];
const seq = (rounds: number, run: number) => [...schedule(groups, rounds, run)] as [string, number][];
const server = (k: string) => (k === 'small10k' ? 'small' : 'big');

describe('the lists bench order (schedule)', () => {
  it('with runs of one round is the former order: each round forward, then reversed', () => {
    expect(seq(4, 1).map(([k]) => k)).toEqual([
      'big1m',
      'big10k',
      'small10k',
      'small10k',
      'big10k',
      'big1m',
      'big1m',
      'big10k',
      'small10k',
      'small10k',
      'big10k',
      'big1m',
    ]);
  });

  it('asks every key once a round, each round index once per key, a partial last run included', () => {
    const s = seq(25, 10);
    for (const k of groups.flat()) expect(s.filter(([x]) => x === k).map(([, r]) => r)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('puts each 10k company after the other server once in 2·run requests, and the 1M company never', () => {
    const s = seq(4000, 10);
    const switches = Object.fromEntries(groups.flat().map((k) => [k, 0]));
    let prev: string | undefined;
    for (const [k] of s) {
      if (prev && server(k) !== server(prev)) switches[k] = (switches[k] ?? 0) + 1;
      prev = k;
    }
    expect(switches).toEqual({ big1m: 0, big10k: 200, small10k: 200 });
  });

  it('puts the 1M company’s request right before the 10k company’s on their server, but after a server switch', () => {
    const s = seq(4000, 10);
    const before: Record<string, number> = { big1m: 0, small10k: 0, big10k: 0 };
    let prev: string | undefined;
    for (const [k] of s) {
      if (prev && k === 'big10k') before[prev] = (before[prev] ?? 0) + 1;
      prev = k;
    }
    expect(before).toEqual({ big1m: 3800, small10k: 200, big10k: 0 });
  });
});
