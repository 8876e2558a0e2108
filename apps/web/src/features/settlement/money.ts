import { fromMinor, toMinor } from '@portal/contract';
import { formatAmount } from '../../lib/format';

/**
 * Spec §9: amounts with thousands separators, in the currency's ISO 4217 minor unit (KRW and JPY without
 * decimals, USD with two), by the contract's one formatter; two decimals for a name that is not a currency.
 */
export function formatMoney(amount: string, currencyName?: string) {
  return formatAmount(amount, { currency: currencyName ?? '' });
}

export interface CurrencyTotal {
  currency: string;
  icon: string;
  /** exact sum with 2 decimals, as a decimal string */
  total: string;
}

/** Exact decimal totals per currency (integer hundredths, never floats), 2 decimals each (spec §9). */
export function totalsByCurrency(rows: { amount: string; currency_name: string; currency_icon: string }[]): CurrencyTotal[] {
  const sums = new Map<string, { icon: string; sum: bigint }>();
  for (const r of rows) {
    const cur = sums.get(r.currency_name) ?? { icon: r.currency_icon, sum: 0n };
    cur.sum += toMinor(r.amount);
    sums.set(r.currency_name, cur);
  }
  return [...sums.entries()].map(([currency, { icon, sum }]) => ({ currency, icon, total: fromMinor(sum) }));
}
