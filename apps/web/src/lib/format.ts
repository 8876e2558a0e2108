import { formatMoney, intlLocaleOf } from '@portal/contract/currency';
import { currentLanguage } from './i18n';

export const intlLocale = (lng: string = currentLanguage()) => intlLocaleOf(lng);

/** Intl formatters are costly to build: one per locale and options, reused by every cell. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}
function dateFormat(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, opts)));
  return f;
}

/**
 * An amount with thousands separators, by the contract's one formatter (formatMoney): the currency's
 * ISO 4217 minor unit (₩345,588; $10.55; ¥302), or `decimals` where the spec asks for them (totals with 2).
 * Decimal strings are formatted as strings (Intl formats them exactly), so no float rounding creeps in.
 */
export function formatAmount(amount: string | number, opts: { decimals?: number; lng?: string; currency?: string } = {}) {
  return formatMoney(
    String(amount),
    opts.currency ?? '',
    opts.lng ?? currentLanguage(),
    opts.decimals === undefined ? {} : { decimals: opts.decimals },
  );
}

export function formatInteger(n: number | string, lng?: string) {
  return numberFormat(intlLocale(lng), { maximumFractionDigits: 0 }).format(n as unknown as number);
}

/** A date (YYYY-MM-DD or ISO timestamp) in the UI language. */
export function formatDate(value: string | Date | null | undefined, lng?: string) {
  if (!value) return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  // a date is one unit: Korean writes it with spaces (2026. 12. 02.), which a narrow column would break
  // onto two lines, so they are non-breaking
  return dateFormat(intlLocale(lng), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).replace(/ /g, '\u00a0');
}

export function formatDateTime(value: string | Date | null | undefined, lng?: string) {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const parts = dateFormat(intlLocale(lng), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(d);
  // the date and the time are each one unit (2026. 12. 08. | 오전 02:38): a narrow column may break between them only
  const time = parts.findIndex((p) => p.type === 'hour' || p.type === 'dayPeriod');
  return parts.map((p, i) => (i === time - 1 && p.type === 'literal' ? p.value : p.value.replace(/ /g, '\u00a0'))).join('');
}

/** Cuts a title to n characters with an ellipsis (spec §9: user menu, 10). */
export function cut(text: string, n: number) {
  const chars = Array.from(text);
  return chars.length > n ? `${chars.slice(0, n).join('')}…` : text;
}

/**
 * "in 2 minutes" / "2분 후" / "2 分後": when to try again, in the UI language, from a number of
 * seconds (seconds under a minute, then whole minutes, then hours, always rounded up).
 */
export function formatRetryIn(seconds: number, lng?: string) {
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lng), { numeric: 'always' });
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return rtf.format(s, 'second');
  if (s < 3600) return rtf.format(Math.ceil(s / 60), 'minute');
  return rtf.format(Math.ceil(s / 3600), 'hour');
}
