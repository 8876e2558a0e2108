import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFormatters } from './intl-warmup.worker';

/** warmIntl starts one worker per page: each test gets the module afresh. */
async function freshWarmIntl() {
  vi.resetModules();
  return (await import('./intl-warmup')).warmIntl;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('buildFormatters (the worker)', () => {
  it('builds a formatter of each Intl kind the screens use, in the locale it is sent', () => {
    const kinds = ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'DisplayNames'] as const;
    const built: Record<string, unknown[]> = {};
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    const originals = kinds.map((k) => [k, intl[k]!] as const);
    for (const [k, Original] of originals)
      intl[k] = new Proxy(Original, {
        construct(target, args) {
          (built[k] ??= []).push(...[args[0]].flat());
          return Reflect.construct(target, args) as object;
        },
      });
    try {
      buildFormatters('ko-KR');
    } finally {
      for (const [k, Original] of originals) intl[k] = Original;
    }
    for (const k of kinds) expect(new Set(built[k]), k).toEqual(new Set(['ko-KR']));
  });
});

describe('warmIntl', () => {
  it('does nothing where there are no workers', async () => {
    const warmIntl = await freshWarmIntl();
    vi.stubGlobal('Worker', undefined);
    expect(() => warmIntl('en-US')).not.toThrow();
  });

  it('sends the locale to its worker, ends the worker once it has answered, and starts one per page', async () => {
    const warmIntl = await freshWarmIntl();
    const made: FakeWorker[] = [];
    class FakeWorker {
      onmessage: (() => void) | null = null;
      onerror: (() => void) | null = null;
      posted: unknown[] = [];
      terminated = false;
      constructor(
        readonly url: URL,
        readonly options: WorkerOptions,
      ) {
        made.push(this);
      }
      postMessage(m: unknown) {
        this.posted.push(m);
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    warmIntl('ja-JP');
    expect(made).toHaveLength(1);
    const w = made[0]!;
    expect(String(w.url)).toMatch(/intl-warmup\.worker/);
    expect(w.options.type).toBe('module');
    expect(w.posted).toEqual(['ja-JP']);
    expect(w.terminated).toBe(false);
    w.onmessage?.();
    expect(w.terminated).toBe(true);
    warmIntl('ja-JP');
    expect(made).toHaveLength(1);
  });

  it('leaves the page as it was when a worker is refused', async () => {
    const warmIntl = await freshWarmIntl();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(() => warmIntl('es-ES')).not.toThrow();
  });
});
