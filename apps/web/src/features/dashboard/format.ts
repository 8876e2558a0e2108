import { intlLocale } from '../../lib/format';

// Intl formatters are costly to build; the dashboard formats a few hundred figures per render (and
// the counters every animation frame), so each formatter is built once per language and shape.
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lng: string, decimals: number) {
  const key = `${lng}|${decimals}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lng), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numbers.set(key, f);
  }
  return f;
}

/** An integer with thousands separators in the UI language. */
export const fmtInt = (n: number, lng: string) => numberFormat(lng, 0).format(n);
/** A percentage figure with exactly 2 decimals (spec §2: percent with 2 decimals). */
export const fmtPercent = (n: number, lng: string) => numberFormat(lng, 2).format(n);

/** YYYY-MM as a short month name, optionally with the year, in the UI language. */
export function fmtMonth(month: string, lng: string, part: 'month' | 'year' | 'both') {
  const key = `${lng}|${part}`;
  let f = dates.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      part === 'month' ? { month: 'short' } : part === 'year' ? { year: 'numeric' } : { month: 'short', year: 'numeric' };
    f = new Intl.DateTimeFormat(intlLocale(lng), opts);
    dates.set(key, f);
  }
  return f.format(new Date(`${month}-01T00:00:00`));
}
