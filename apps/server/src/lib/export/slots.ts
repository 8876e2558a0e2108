import { AppError } from '../errors';

export interface ExportSlotLimits {
  /** exports running at once in the process */
  max: number;
  /** exports running at once for one company */
  perCompany: number;
}

export const DEFAULT_EXPORT_SLOTS: ExportSlotLimits = { max: 6, perCompany: 2 };

/**
 * Exports running now, in the process and per company: each holds a worker thread (and on PostgreSQL
 * a connection of its own) until its file is sent, so their number is capped. `claim` throws a 429
 * (the error envelope with the request id, Retry-After 5) when either cap is reached, and otherwise
 * returns the release, which may be called any number of times.
 */
export function createExportSlots(limits: ExportSlotLimits = DEFAULT_EXPORT_SLOTS) {
  const running = new Map<number, number>();
  let total = 0;
  return {
    get inUse() {
      return total;
    },
    limits,
    claim(companyIdx: number): () => void {
      if (total >= limits.max || (running.get(companyIdx) ?? 0) >= limits.perCompany) {
        throw new AppError(429, 'RATE_LIMITED', 'Too many exports are running; try again shortly', undefined, { 'retry-after': '5' });
      }
      total++;
      running.set(companyIdx, (running.get(companyIdx) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        const n = (running.get(companyIdx) ?? 1) - 1;
        if (n > 0) running.set(companyIdx, n);
        else running.delete(companyIdx);
      };
    },
  };
}
