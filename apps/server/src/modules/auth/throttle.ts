import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';

/**
 * Failed password checks slow the next attempt: `free` failures within `windowMs`, then `baseMs` doubling
 * to `capMs`. A refused attempt is not checked nor counted, and the right password answers the same 429.
 */
export interface DelaySchedule {
  free: number;
  baseMs: number;
  capMs: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Per (account, client): five free, then 1 s doubling to 15 min (OWASP/Cognito); a right password forgets. */
export const PAIR_SCHEDULE: DelaySchedule = { free: 5, baseMs: 1000, capMs: 15 * MINUTE, windowMs: 24 * HOUR };

/** Per client across accounts (spraying): 20 free an hour, then 1 s doubling to 5 min (an office NAT shares it). */
export const CLIENT_SCHEDULE: DelaySchedule = { free: 20, baseMs: 1000, capMs: 5 * MINUTE, windowMs: HOUR };

/** Current-password checks in settings: per account, a budget apart from the login's. */
export const SETTINGS_SCHEDULE: DelaySchedule = { free: 5, baseMs: 1000, capMs: 15 * MINUTE, windowMs: 24 * HOUR };

/** The wait the schedule asks for after `failures` failures (0 while they are free). */
export function delayAfter(failures: number, s: DelaySchedule): number {
  if (failures < s.free) return 0;
  return Math.min(s.capMs, s.baseMs * 2 ** Math.min(failures - s.free, 40));
}

/** Milliseconds still to wait, given the failures counted and the latest of them. */
function waitMs(failures: number, last: Date | null, s: DelaySchedule, now: Date) {
  const delay = delayAfter(failures, s);
  if (!delay || !last) return 0;
  return Math.max(0, last.getTime() + delay - now.getTime());
}

const tooMany = (ms: number) =>
  new AppError(429, 'RATE_LIMITED', 'Too many failed attempts. Please try again later.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ms / 1000))),
  });

/** The account key of a login id: failures of "Demo" and "demo " count together. */
export const accountKey = (id: string) => id.trim().toLowerCase().slice(0, 100);

export interface LoginGate {
  /** failures of this (account, client) pair in its window: a success forgets them */
  pairFailures: number;
}

/** Refuses (429 + Retry-After) a login attempt that comes before its pair's or its client's wait is over. */
export async function assertLoginAllowed(db: DbOrTx, account: string, client: string, now: Date): Promise<LoginGate> {
  const since = new Date(now.getTime() - Math.max(PAIR_SCHEDULE.windowMs, CLIENT_SCHEDULE.windowMs));
  const clientSince = new Date(now.getTime() - CLIENT_SCHEDULE.windowMs);
  const f = await repo.clientFailures(db, 'login', account, client, since, clientSince);
  const wait = Math.max(waitMs(f.pairCount, f.pairLast, PAIR_SCHEDULE, now), waitMs(f.clientCount, f.clientLast, CLIENT_SCHEDULE, now));
  if (wait > 0) throw tooMany(wait);
  return { pairFailures: f.pairCount };
}

/** Refuses a current-password check in company settings that comes before the account's wait is over. */
export async function assertSettingsCheckAllowed(db: DbOrTx, account: string, now: Date): Promise<{ failures: number }> {
  const f = await repo.accountFailures(db, 'settings', account, new Date(now.getTime() - SETTINGS_SCHEDULE.windowMs));
  const wait = waitMs(f.count, f.last, SETTINGS_SCHEDULE, now);
  if (wait > 0) throw tooMany(wait);
  return { failures: f.count };
}

const PRUNE_EVERY_MS = 10 * MINUTE;
let lastPrune = 0;

export async function recordFailure(db: DbOrTx, scope: repo.FailureScope, account: string, client: string, now: Date) {
  await repo.recordFailure(db, { scope, account, ip: client, at: now });
  // nothing older than the longest window counts: drop such rows now and then
  if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = now.getTime();
    const oldest = Math.max(PAIR_SCHEDULE.windowMs, CLIENT_SCHEDULE.windowMs, SETTINGS_SCHEDULE.windowMs);
    await repo.pruneFailures(db, new Date(now.getTime() - oldest));
  }
}

export const clearPairFailures = (db: DbOrTx, account: string, client: string) => repo.clearPairFailures(db, 'login', account, client);
export const clearSettingsFailures = (db: DbOrTx, account: string) => repo.clearAccountFailures(db, 'settings', account);

/** Forgotten-password requests: per (account, client) 5 and per client 20 within 15 min; never per account alone. */
export const RESET_REQUESTS = { max: 5, clientMax: 20, windowMs: 15 * MINUTE } as const;

/** Counts a reset request for `account` from `client` and refuses it (429) when the pair's or the client's budget is spent. */
export async function assertResetAllowed(db: DbOrTx, account: string, client: string, now: Date) {
  const f = await repo.clientFailures(db, 'reset', account, client, new Date(now.getTime() - RESET_REQUESTS.windowMs));
  const until = (last: Date | null) => (last?.getTime() ?? now.getTime()) + RESET_REQUESTS.windowMs - now.getTime();
  if (f.pairCount >= RESET_REQUESTS.max) throw tooMany(until(f.pairLast));
  if (f.clientCount >= RESET_REQUESTS.clientMax) throw tooMany(until(f.clientLast));
  await recordFailure(db, 'reset', account, client, now);
}
