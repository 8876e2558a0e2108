import Big from 'big.js';
import { formatAmount } from '../../lib/format';

/** KRW without decimals when it has none, two decimals otherwise. */
export function moneyDecimals(amount: string, currencyName?: string) {
  const whole = /^-?\d+(\.0+)?$/.test(amount);
  return currencyName === 'KRW' && whole ? 0 : 2;
}

/** Spec §9: amounts with thousands separators; KRW without decimals when it has none. */
export function formatMoney(amount: string, currencyName?: string) {
  return formatAmount(amount, { decimals: moneyDecimals(amount, currencyName) });
}

export interface CurrencyTotal {
  currency: string;
  icon: string;
  /** exact sum with 2 decimals, as a decimal string */
  total: string;
}

/** Exact decimal totals per currency (big.js, never floats), 2 decimals each (spec §9). */
export function totalsByCurrency(rows: { amount: string; currency_name: string; currency_icon: string }[]): CurrencyTotal[] {
  const sums = new Map<string, { icon: string; sum: Big }>();
  for (const r of rows) {
    const cur = sums.get(r.currency_name) ?? { icon: r.currency_icon, sum: new Big(0) };
    cur.sum = cur.sum.plus(new Big(r.amount));
    sums.set(r.currency_name, cur);
  }
  return [...sums.entries()].map(([currency, { icon, sum }]) => ({ currency, icon, total: sum.toFixed(2) }));
}
