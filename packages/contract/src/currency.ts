/**
 * Currencies as a ledger knows them: the ISO 4217 minor unit of each currency the portal holds, the
 * amount limit, the VAT rule and the one formatter of an amount in a language. The importer, VAT,
 * statements, mails, PDFs, exports and screens all read this module, so an invoice shows the same
 * figure everywhere. Amounts travel as decimal strings; arithmetic is in integer hundredths
 * (money.ts), never a float.
 */
import { toMinor, fromMinor } from './money';

/** ISO 4217 minor units (decimals) and the symbol shown beside an amount (the `currencies` table's icon). */
export const CURRENCY_TABLE = {
  KRW: { minorUnit: 0, icon: '₩' },
  USD: { minorUnit: 2, icon: '$' },
  JPY: { minorUnit: 0, icon: '¥' },
  EUR: { minorUnit: 2, icon: '€' },
  CNY: { minorUnit: 2, icon: 'CN¥' },
  GBP: { minorUnit: 2, icon: '£' },
} as const satisfies Record<string, { minorUnit: 0 | 2; icon: string }>;

export type CurrencyCode = keyof typeof CURRENCY_TABLE;

export const isCurrencyCode = (code: string): code is CurrencyCode => Object.hasOwn(CURRENCY_TABLE, code);

/** The currency's ISO 4217 minor unit: 0 for KRW and JPY, 2 for USD. Throws for a currency the portal does not hold. */
export function minorUnitOf(code: string): 0 | 2 {
  if (!isCurrencyCode(code)) throw new Error(`unknown currency: ${code}`);
  return CURRENCY_TABLE[code].minorUnit;
}

/**
 * Every stored amount is below 10^16 in absolute value (numeric(18, 2)): a large KRW publisher's annual
 * figures (10^15) fit with a margin; the importer names the row, the column and this limit beyond it.
 */
export const AMOUNT_LIMIT_HUNDREDTHS = 10n ** 18n;
export const AMOUNT_LIMIT_TEXT = '10,000,000,000,000,000';

/** Hundredths per minor unit of the currency (1 for USD, 100 for KRW). */
const step = (code: string) => (minorUnitOf(code) === 0 ? 100n : 1n);

/** Why a decimal string is not an amount of the currency, or null when it is (whole minor units, within the limit). */
export function amountProblem(text: string, code: string): 'format' | 'minor-unit' | 'limit' | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 'format';
  const [, frac = ''] = text.split('.');
  const decimals = frac.replace(/0+$/, '').length;
  if (decimals > minorUnitOf(code)) return 'minor-unit';
  const h = toMinor(text);
  if ((h < 0n ? -h : h) >= AMOUNT_LIMIT_HUNDREDTHS) return 'limit';
  return null;
}

/** Rounds hundredths to the currency's minor unit, half away from zero (PostgreSQL's round(numeric)). */
export function roundToCurrency(hundredths: bigint, code: string): bigint {
  const s = step(code);
  if (s === 1n) return hundredths;
  const q = hundredths / s;
  const r = hundredths % s;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < s) return q * s;
  return (hundredths < 0n ? q - 1n : q + 1n) * s;
}

/** A decimal string rounded to the currency's minor unit (still with 2 decimals: '4500386.00'). */
export const roundAmount = (text: string, code: string) => fromMinor(roundToCurrency(toMinor(text), code));

/** The Korean VAT rate (부가가치세법 제30조: 10 %). */
export const VAT_RATE_PERCENT = 10n;

/**
 * The VAT of a line's supply value, in hundredths: 10 % rounded to the currency's minor unit, half away
 * from zero (docs/decisions/vat-rounding.md): ₩24,167 → ₩2,417; $10.55 → $1.06.
 */
export function vatOf(supplyHundredths: bigint, code: string): bigint {
  const s = step(code);
  // supply × 10 / 100, in units of the currency's minor unit, rounded half away from zero
  const n = supplyHundredths * VAT_RATE_PERCENT;
  const d = 100n * s;
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  const units = twice < d ? q : n < 0n ? q - 1n : q + 1n;
  return units * s;
}

/** BCP 47 locale of each UI language (screens, exports, PDFs and mails alike). */
export const INTL_LOCALES = { en: 'en-US', ko: 'ko-KR', es: 'es-ES', zh: 'zh-CN', ja: 'ja-JP' } as const;
export const intlLocaleOf = (lang: string): string => INTL_LOCALES[lang as keyof typeof INTL_LOCALES] ?? 'en-US';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for people, in a language: thousands separators and the currency's minor unit (₩345,588;
 * $10.55; ¥302), or `decimals` where the spec asks for them (totals with 2 decimals). `symbol` puts the
 * currency's symbol in front as Intl writes it for the language. The decimal string is formatted
 * exactly (Intl reads it as a decimal, not a float); an amount with more decimals than shown is rounded
 * half away from zero, as roundToCurrency does.
 */
export function formatMoney(amount: string, code: string, lang: string, opts: { decimals?: number; symbol?: boolean } = {}): string {
  const digits = opts.decimals ?? (isCurrencyCode(code) ? CURRENCY_TABLE[code].minorUnit : 2);
  const key = `${lang}|${code}|${digits}|${opts.symbol ? 1 : 0}`;
  let f = formats.get(key);
  if (!f) {
    const base = { minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
    f = new Intl.NumberFormat(
      intlLocaleOf(lang),
      opts.symbol && /^[A-Z]{3}$/.test(code) ? { ...base, style: 'currency', currency: code } : base,
    );
    formats.set(key, f);
  }
  // Intl.NumberFormat formats a decimal string exactly (ECMA-402 "Intl.NumberFormat v3")
  return f.format(amount as Intl.StringNumericLiteral);
}

/**
 * A decimal string with the currency's minor-unit digits ('345588', '10.55'), rounded like roundToCurrency;
 * 2 decimals for a currency the portal does not hold. The text exports write (CSV cells, xlsx numbers).
 */
export function amountText(amount: string, code: string): string {
  const text = fromMinor(isCurrencyCode(code) ? roundToCurrency(toMinor(amount), code) : toMinor(amount));
  return isCurrencyCode(code) && CURRENCY_TABLE[code].minorUnit === 0 ? text.slice(0, -3) : text;
}
