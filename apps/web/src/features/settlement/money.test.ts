import { describe, expect, it } from 'vitest';
import { totalsByCurrency } from './money';

describe('settlement money totals', () => {
  it('sums exactly per currency with 2 decimals (no float drift)', () => {
    const rows = [
      { amount: '0.10', currency_name: 'USD', currency_icon: '$' },
      { amount: '0.20', currency_name: 'USD', currency_icon: '$' },
      { amount: '1234567890123.01', currency_name: 'USD', currency_icon: '$' },
      { amount: '1000', currency_name: 'KRW', currency_icon: '₩' },
      { amount: '2500.5', currency_name: 'KRW', currency_icon: '₩' },
    ];
    expect(totalsByCurrency(rows)).toEqual([
      { currency: 'USD', icon: '$', total: '1234567890123.31' },
      { currency: 'KRW', icon: '₩', total: '3500.50' },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});
