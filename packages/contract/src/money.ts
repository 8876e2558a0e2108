/**
 * Money in code (ARCHITECTURE: never a JS float in arithmetic): amounts travel as decimal strings
 * (`ZMoney`, PostgreSQL numeric as text) and are added, multiplied and compared as integer minor
 * units (hundredths) in a bigint, so any size stays exact. Formatting for people (thousands
 * separators, locale) is Intl's job on the web; `fromMinor` gives the plain decimal string back.
 */

/** Minor units per major unit: every amount of the portal has 2 decimals (numeric(14, 2)). */
const SCALE = 100n;

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Rounds `n / d` (d > 0) to an integer, half away from zero (PostgreSQL's round() of numeric). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/**
 * A decimal string ('1234.5', '-0.07', '12') → integer hundredths. More than 2 decimals are rounded
 * half away from zero ('0.005' → 1n), like PostgreSQL's round(x, 2). Throws on anything else (no
 * exponent, no thousands separators, no spaces).
 */
export function toMinor(text: string): bigint {
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a decimal amount: ${text}`);
  const frac = m[3] ?? '';
  const digits = BigInt(m[2]! + frac.padEnd(2, '0'));
  const scaled = frac.length > 2 ? divRound(digits, 10n ** BigInt(frac.length - 2)) : digits;
  return m[1] ? -scaled : scaled;
}

/** Integer hundredths → a decimal string with exactly 2 decimals ('-1234.50'; never '-0.00'). */
export function fromMinor(minor: bigint): string {
  const a = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${a / SCALE}.${String(a % SCALE).padStart(2, '0')}`;
}

/** A decimal string with exactly 2 decimals ('10.5' → '10.50'), rounded like `toMinor`. */
export const normalizeMoney = (text: string) => fromMinor(toMinor(text));

/** The exact sum of decimal strings, with 2 decimals ('0.00' for none). */
export function sumMoney(amounts: Iterable<string>): string {
  let total = 0n;
  for (const a of amounts) total += toMinor(a);
  return fromMinor(total);
}

/**
 * An amount in hundredths times a decimal factor (a quantity, an exchange rate, '0.1' for 10 %),
 * rounded to hundredths half away from zero: the same as PostgreSQL's round(amount * factor, 2).
 */
export function multiplyMinor(minor: bigint, factor: string): bigint {
  const m = DECIMAL.exec(factor);
  if (!m) throw new Error(`not a decimal factor: ${factor}`);
  const frac = m[3] ?? '';
  const f = BigInt(m[2]! + frac) * (m[1] ? -1n : 1n);
  return divRound(minor * f, 10n ** BigInt(frac.length));
}

/** -1, 0 or 1 as amount `a` is less than, equal to or more than `b` ('1.5' equals '1.50'). */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const x = toMinor(a);
  const y = toMinor(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether the amount has no minor units ('1000', '1000.00'): KRW and JPY are then shown without decimals. */
export const isWholeAmount = (text: string) => toMinor(text) % SCALE === 0n;
