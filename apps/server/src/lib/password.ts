import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { AppError } from './errors';

// OWASP's argon2id baseline: m=19 MiB, t=2, p=1 (ARCHITECTURE.md).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash of a password (seeds and tests call it directly; requests go through a PasswordHasher). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

export interface PasswordHasherOptions {
  /** hashes running at once; default: one core fewer than the machine has (at least one) */
  concurrency?: number;
  /** hashes waiting for a free slot before new ones are refused; default: 4 per hashing slot */
  maxWaiting?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown id answers as slowly as a wrong password. */
  verifyAgainstDummy(password: string): Promise<false>;
  /** Throws the 503 at once when no more work can wait (before any other work for a request is done). */
  assertCapacity(): void;
  readonly running: number;
  readonly waiting: number;
}

/** Seconds a client is asked to wait when the hashing queue is full. */
export const HASHING_BUSY_RETRY_AFTER = 1;

const busy = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.', undefined, {
    'retry-after': String(HASHING_BUSY_RETRY_AFTER),
  });

/**
 * Password hashing with bounded concurrency (p-limit): over `maxWaiting` waiting, 503 + Retry-After at once, and
 * one core left to the event loop (login-throttling.md).
 */
export function createPasswordHasher(opts: PasswordHasherOptions = {}): PasswordHasher {
  const concurrency = Math.max(1, opts.concurrency ?? availableParallelism() - 1);
  const maxWaiting = Math.max(0, opts.maxWaiting ?? concurrency * 4);
  const limit = pLimit(concurrency);
  const full = () => limit.activeCount >= concurrency && limit.pendingCount >= maxWaiting;
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    if (full()) return Promise.reject(busy());
    return limit(fn);
  };
  return {
    hash: (password) => run(() => hashPassword(password)),
    verify: (passwordHash, password) => run(() => verifyPassword(passwordHash, password)),
    async verifyAgainstDummy(password) {
      dummyHash ??= hashPassword('dummy-password-for-timing');
      const h = await dummyHash;
      await run(() => verifyPassword(h, password));
      return false;
    },
    assertCapacity() {
      if (full()) throw busy();
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
