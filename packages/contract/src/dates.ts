/**
 * Calendar arithmetic on date keys, the way dates travel in the portal: days 'YYYY-MM-DD' and months
 * 'YYYY-MM', plain calendar values with no time zone (the zone enters only in `dayIn`, when an instant
 * becomes a day). Years are written with 4 digits, so keys compare as strings.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (IANA name, e.g. Asia/Seoul). */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A day moved by n days (month ends and leap years as the Gregorian calendar has them). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A month (YYYY-MM) moved by n months; the month before 0001-01 is 0000-12. */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${pad(Math.floor(total / 12), 4)}-${pad((((total % 12) + 12) % 12) + 1)}`;
}

/** Whether the day is the last of its month (2024-02-29 is, 2023-02-28 is, 2024-02-28 is not). */
export const isLastDayOfMonth = (day: string) => addDays(day, 1).endsWith('-01');
