import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FlateStreamHandler } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inflateEntry, readCentralDirectory, ZipError } from './zip';

// Counts every byte the inflater hands out: what a lying zip really costs before it is stopped.
const inflated = vi.hoisted(() => ({ bytes: 0 }));
vi.mock('fflate', async (importOriginal) => {
  const real = await importOriginal<typeof import('fflate')>();
  class CountingInflate extends real.Inflate {
    constructor(ondata?: FlateStreamHandler) {
      super((chunk, final) => {
        inflated.bytes += chunk.length;
        ondata?.(chunk, final);
      });
    }
  }
  return { ...real, Inflate: CountingInflate };
});

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '__fixtures__', name)));
const MiB = 1024 * 1024;

beforeEach(() => {
  inflated.bytes = 0;
});

describe('zip reader against a directory that lies about sizes', () => {
  // the sheet of this file inflates to 60 MB; its directory and local header claim ~200 KB
  const lying = fixture('zip-bomb-lying-sizes.xlsx');
  const sheet = readCentralDirectory(lying).find((e) => e.name === 'xl/worksheets/sheet1.xml')!;

  it('stops inflating about as soon as the real output passes the declared size', () => {
    expect(sheet.size).toBeLessThan(MiB);
    let error: unknown;
    try {
      inflateEntry(lying, sheet);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ZipError);
    expect((error as ZipError).kind).toBe('bomb');
    // the bomb is 60 MB: only what was inflated before the check counts, at most one step beyond the size
    expect(inflated.bytes).toBeGreaterThan(sheet.size);
    expect(inflated.bytes).toBeLessThan(sheet.size + 2 * MiB);
  });

  it('an honest workbook still inflates whole, step by step', () => {
    const good = fixture('libreoffice.xlsx');
    const entries = readCentralDirectory(good);
    for (const e of entries.filter((x) => x.method === 8)) expect(inflateEntry(good, e)).toHaveLength(e.size);
    expect(inflated.bytes).toBe(entries.filter((x) => x.method === 8).reduce((n, e) => n + e.size, 0));
  });
});
