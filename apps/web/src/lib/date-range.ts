import { DATE_MAX, DATE_MIN } from '@portal/contract/constants';

/** Spec §5: search dates use the mask YYYY-MM-DD ~ YYYY-MM-DD. */
export interface DateRange {
  startDate?: string;
  endDate?: string;
}

export const DATE_RANGE_SEPARATOR = ' ~ ';

/** Formats typed text into the mask as the user types: only digits count. */
export function maskDateRange(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 16);
  const part = (s: string) => [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8)].filter(Boolean).join('-');
  const first = part(d.slice(0, 8));
  if (d.length <= 8) return first + (d.length === 8 && text.includes('~') ? DATE_RANGE_SEPARATOR : '');
  return `${first}${DATE_RANGE_SEPARATOR}${part(d.slice(8))}`;
}

/** A real calendar date of the mask, within the dates the server accepts (years 0001–9999). */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < DATE_MIN || s > DATE_MAX) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export type DateRangeParse = { ok: true; value: DateRange } | { ok: false; error: 'dateRangeInvalid' | 'dateRangeOrder' };

/** Reads "YYYY-MM-DD ~ YYYY-MM-DD" (either side may be empty; empty text = no range). */
export function parseDateRange(text: string): DateRangeParse {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: {} };
  const [a = '', b = ''] = trimmed.split('~').map((s) => s.trim());
  if ((a && !isRealDate(a)) || (b && !isRealDate(b)) || trimmed.split('~').length > 2) {
    return { ok: false, error: 'dateRangeInvalid' };
  }
  if (a && b && a > b) return { ok: false, error: 'dateRangeOrder' };
  return { ok: true, value: { ...(a ? { startDate: a } : {}), ...(b ? { endDate: b } : {}) } };
}

export function formatDateRange(r: DateRange | undefined): string {
  if (!r || (!r.startDate && !r.endDate)) return '';
  return `${r.startDate ?? ''}${DATE_RANGE_SEPARATOR}${r.endDate ?? ''}`.trim();
}
