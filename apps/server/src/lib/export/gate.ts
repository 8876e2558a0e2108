import { availableParallelism } from 'node:os';

/**
 * What the process's export workers (xlsx-worker.mjs) and its request thread share, in one small block of
 * shared memory, so that no message is sent per request:
 * - the CPU permits: a worker reads and writes a batch only while it holds one of EXPORT_CPU_PERMITS
 *   (one fewer than the cores, at least one), so that exports never take every core from the requests;
 * - the lists being answered now, and when the last one ended: while lists are (or were just) being
 *   answered, a worker reads batches of about a millisecond, one at a time (not ahead of its writing).
 * Measured 2026-12-03 (2 cores, two 1M-row exports, a list requested back to back, perf sched): without
 * the permits the exports' threads and their database backends held both cores 98% of the time and the
 * list's p99 went from 2.2 to 5-7 ms; the pause/resume messages this block replaces woke both workers
 * twice per list. Process-wide: every app in the process shares the cores.
 *
 * Layout (Int32): cells 0..n-1 the permits (0 free, or the id of the worker holding it), then the count
 * of releases (the waiters' wake-up), the lists being answered, and the time the last one ended (ms
 * after `epoch`).
 */
const EXPORT_CPU_PERMITS = Math.max(1, availableParallelism() - 1);
const RELEASES = EXPORT_CPU_PERMITS;
const LISTS = EXPORT_CPU_PERMITS + 1;
const LISTS_ENDED = EXPORT_CPU_PERMITS + 2;
const cells = new Int32Array(new SharedArrayBuffer(4 * (EXPORT_CPU_PERMITS + 3)));
const epoch = Date.now();

/** What a worker is given (workerData.gate): the block, its layout and its clock. */
export const exportGate = { cells, permits: EXPORT_CPU_PERMITS, epoch };

/** A list (anything a user waits for) starts being answered. */
export function listStarted() {
  Atomics.add(cells, LISTS, 1);
}

/**
 * A list has been answered; when it was the last one, the time is noted (no worker waits for it: see
 * xlsx-worker.mjs), in ms after `epoch` as an Int32 that wraps every 24.8 days (readers subtract in Int32).
 */
export function listEnded() {
  if (Atomics.sub(cells, LISTS, 1) === 1) Atomics.store(cells, LISTS_ENDED, (Date.now() - epoch) | 0);
}

/** Frees the permits a worker still holds (it was terminated mid-batch), waking a waiting one. */
export function freePermitsOf(workerId: number) {
  for (let i = 0; i < EXPORT_CPU_PERMITS; i++) {
    if (Atomics.compareExchange(cells, i, workerId, 0) === workerId) {
      Atomics.add(cells, RELEASES, 1);
      Atomics.notify(cells, RELEASES);
    }
  }
}

let ids = 0;
/** A worker's id for the permits (never 0). */
export const nextWorkerId = () => (ids = (ids % 0x7ffffffe) + 1);
