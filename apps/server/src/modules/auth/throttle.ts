import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';

/** At most this many failed logins per account, and per client address, within WINDOW_MS. */
export const MAX_FAILURES_PER_ACCOUNT = 100;
export const MAX_FAILURES_PER_IP = 100;
export const WINDOW_MS = 60 * 60 * 1000;

/**
 * Login throttling on a sliding one-hour window of recorded failures. A refused attempt is not
 * recorded, so once an attacker stops, the window drains and the account opens again by itself;
 * Retry-After says when the oldest failure that keeps it shut leaves the window.
 */
export async function assertLoginAllowed(db: DbOrTx, account: string, ip: string, now: Date) {
  const since = new Date(now.getTime() - WINDOW_MS);
  for (const [column, value, max] of [
    ['account', account, MAX_FAILURES_PER_ACCOUNT],
    ['ip', ip, MAX_FAILURES_PER_IP],
  ] as const) {
    const n = await repo.countFailures(db, column, value, since);
    if (n >= max) {
      const oldest = await repo.nthFailureAt(db, column, value, since, n - max);
      const retryAfter = oldest
        ? Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now.getTime()) / 1000))
        : Math.ceil(WINDOW_MS / 1000);
      throw new AppError(429, 'RATE_LIMITED', 'Too many failed logins. Try again later.', undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
}

export function recordFailure(db: DbOrTx, account: string, ip: string, now: Date) {
  return repo.recordLoginFailure(db, account, ip, now);
}

export function clearFailures(db: DbOrTx, account: string) {
  return repo.clearLoginFailures(db, account);
}
