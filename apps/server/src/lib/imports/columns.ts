/** Column rules shared by the import kinds: a date, an amount or a Y/N means the same in every file. */
import { normaliseIsbn, toMinor, ZDate } from '@portal/contract';
import { z } from 'zod';

/** The business time zone when the caller names none (config `timeZone`, APP_TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

/** A required cell of at most `max` characters (an empty cell is absent: 'required'). */
export const requiredText = (max: number) => z.string({ error: 'required' }).min(1, 'required').max(max);

/** An optional cell of at most `max` characters. */
export const text = (max: number) => z.string().max(max);

/** Y or N in either case, default N. */
export const yn = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['Y', 'N'], { error: 'yn' }))
  .default('N');

/** A three-letter currency code, upper-cased; whether the portal knows it is checked against its table. */
export const currencyCode = z
  .string({ error: 'required' })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'currency'));

/** An ISO 3166 alpha-3 country code, upper-cased; whether the portal knows it is checked against its table. */
export const countryCode = z
  .string({ error: 'required' })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'country'));

/** An amount with at most 2 decimals that fits numeric(14, 2), never a float, written with two decimals. */
export const money = (opts: { signed?: boolean } = {}) =>
  z
    .string({ error: 'required' })
    .regex(opts.signed ? /^-?\d{1,12}(\.\d{1,2})?$/ : /^\d{1,12}(\.\d{1,2})?$/, 'money')
    .transform((v) => {
      const minor = toMinor(v);
      const abs = minor < 0n ? -minor : minor;
      return `${minor < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
    });

/** An amount as written (never a float, not rounded); whether it fits its currency is the kind's check. */
export const decimalAmount = (opts: { signed?: boolean } = {}) =>
  z
    .string({ error: 'required' })
    .regex(opts.signed ? /^-?\d{1,40}(\.\d{1,20})?$/ : /^\d{1,40}(\.\d{1,20})?$/, 'money')
    // one spelling per value, nothing rounded ('0557000.50' → '557000.5', '-0.00' → '0'): rows of one record compare equal
    .transform((v) => {
      const [int = '', frac = ''] = v.replace(/^-/, '').split('.');
      const digits = `${int.replace(/^0+(?=\d)/, '')}${frac.replace(/0+$/, '') ? `.${frac.replace(/0+$/, '')}` : ''}`;
      return v.startsWith('-') && /[1-9]/.test(digits) ? `-${digits}` : digits;
    });

/** A calendar day YYYY-MM-DD that exists, by the contract's rule (years 0001–9999). */
export const date = z.string({ error: 'required' }).refine((v) => ZDate.safeParse(v).success, 'date');

/** An ISBN-10 or -13 (hyphens, spaces, an "ISBN" label allowed) as the ISBN-13 the portal stores, by the contract's rule. */
export const isbn = z.string({ error: 'required' }).transform((v, c) => {
  const n = normaliseIsbn(v);
  if (n.ok) return n.isbn13;
  c.addIssue({ code: 'custom', message: 'isbn' });
  return z.NEVER;
});

/** A wall-clock date-time from a cell; `instantOf` makes it an instant in the import's time zone. */
export interface LocalDateTime {
  /** YYYY-MM-DDTHH:MM:SS.mmm */
  local: string;
  /** 'Z' or ±HH:MM when the cell gave one */
  offset?: string;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time cell: YYYY-MM-DD[ HH:MM[:SS[.ffffff]]] with an optional Z or offset; a day or time that does not
 * exist is refused. `dateAlone`: the time a bare date stands for. Message key 'dateTime'.
 */
export function dateTimeColumn(opts: { dateAlone: '00:00' | '12:00' }) {
  return z.string({ error: 'required' }).transform((v, c): LocalDateTime => {
    const m = DATE_TIME.exec(v);
    const day = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
    const [h, mi, s] = [Number(m?.[4] ?? 0), Number(m?.[5] ?? 0), Number(m?.[6] ?? 0)];
    const offset = m?.[8] && /^[+-]\d{4}$/.test(m[8]) ? `${m[8].slice(0, 3)}:${m[8].slice(3)}` : m?.[8]?.toUpperCase();
    // an offset beyond ±18:00 (or with 60+ minutes) names no place on Earth
    const offsetOk = !offset || offset === 'Z' || (Number(offset.slice(1, 3)) <= 18 && Number(offset.slice(4, 6)) < 60);
    // the first and last day of the years 0001–9999 are left out: an offset could move the instant out of them
    const inRange = day > '0001-01-01' && day < '9999-12-31' && ZDate.safeParse(day).success;
    if (!m || !inRange || h > 23 || mi > 59 || s > 59 || !offsetOk || (m[8] && !m[4])) {
      c.addIssue({ code: 'custom', message: 'dateTime' });
      return z.NEVER;
    }
    const time = m[4] === undefined ? `${opts.dateAlone}:00` : `${m[4]}:${m[5]}:${m[6] ?? '00'}`;
    const ms = (m[7] ?? '').padEnd(3, '0').slice(0, 3);
    return { local: `${day}T${time}.${ms}`, ...(offset ? { offset } : {}) };
  });
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** Milliseconds `timeZone` is ahead of UTC at the instant `at`, read from Intl (some microseconds a call). */
function zoneOffsetOf(at: number, timeZone: string): number {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const wall = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0001–0099 stay themselves
  wall.setUTCFullYear(Number(p.year), Number(p.month) - 1, Number(p.day));
  wall.setUTCHours(Number(p.hour), Number(p.minute), Number(p.second), 0);
  return wall.getTime() - (at - (((at % 1000) + 1000) % 1000));
}

const HOUR = 3_600_000;
const hourOffsets = new Map<string, number>();
/** zoneOffsetOf remembered per UTC hour when the offset is the same at both ends (a big file has few hours). */
function zoneOffset(at: number, timeZone: string): number {
  const start = Math.floor(at / HOUR) * HOUR;
  const key = `${timeZone}|${start}`;
  const known = hourOffsets.get(key);
  if (known !== undefined) return known;
  const offset = zoneOffsetOf(start, timeZone);
  if (offset !== zoneOffsetOf(start + HOUR - 1000, timeZone)) return zoneOffsetOf(at, timeZone);
  if (hourOffsets.size >= 100_000) hourOffsets.clear();
  hourOffsets.set(key, offset);
  return offset;
}

/** The instant a cell names: its offset, else its wall-clock time in `timeZone` as PostgreSQL reads it. */
export function instantOf(v: LocalDateTime, timeZone: string): Date {
  if (v.offset) return new Date(`${v.local}${v.offset}`);
  const [y, mo, d] = v.local.slice(0, 10).split('-').map(Number) as [number, number, number];
  const wall = new Date(0);
  wall.setUTCFullYear(y, mo - 1, d);
  wall.setUTCHours(
    Number(v.local.slice(11, 13)),
    Number(v.local.slice(14, 16)),
    Number(v.local.slice(17, 19)),
    Number(v.local.slice(20, 23)),
  );
  const guess = wall.getTime();
  // the offsets half a day before and after: equal except around a change of offset
  const later = guess - zoneOffset(guess + 43_200_000, timeZone);
  if (zoneOffset(later, timeZone) === guess - later) return new Date(later);
  return new Date(guess - zoneOffset(guess - 43_200_000, timeZone));
}
