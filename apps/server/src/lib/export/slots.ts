import { AppError } from '../errors';

export interface ExportSlotLimits {
  /** exports running at once in the process */
  max: number;
  /** exports running at once for one company */
  perCompany: number;
}

export const DEFAULT_EXPORT_SLOTS: ExportSlotLimits = { max: 6, perCompany: 2 };

/** Exports running now, capped per process and per company; `claim` throws 429 (Retry-After 5) or returns the release. */
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
