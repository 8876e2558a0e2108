import { describe, expect, it } from 'vitest';
import { amountProblem, formatMoney, minorUnitOf, roundAmount, roundToCurrency, vatOf } from './currency';
import { fromMinor, toMinor } from './money';

describe('currencies (ISO 4217 minor units)', () => {
  it('knows the minor unit of each currency the portal holds', () => {
    expect([minorUnitOf('KRW'), minorUnitOf('JPY'), minorUnitOf('USD'), minorUnitOf('EUR')]).toEqual([0, 0, 2, 2]);
    expect(() => minorUnitOf('XXX')).toThrow(/unknown currency/);
  });

  it('refuses fractions a currency has no minor unit for, and amounts beyond the limit', () => {
    expect(amountProblem('100.55', 'JPY')).toBe('minor-unit');
    expect(amountProblem('100.00', 'JPY')).toBeNull();
    expect(amountProblem('100.55', 'USD')).toBeNull();
    expect(amountProblem('100.555', 'USD')).toBe('minor-unit');
    expect(amountProblem('1000000000000000', 'KRW')).toBeNull(); // 10^15
    expect(amountProblem('9999999999999999.99', 'USD')).toBeNull();
    expect(amountProblem('10000000000000000', 'KRW')).toBe('limit'); // 10^16
    expect(amountProblem('-10000000000000000', 'KRW')).toBe('limit');
    expect(amountProblem('1e5', 'KRW')).toBe('format');
  });

  it('rounds to the minor unit half away from zero', () => {
    expect(fromMinor(roundToCurrency(toMinor('4500386.08'), 'KRW'))).toBe('4500386.00');
    expect(roundAmount('301.50', 'JPY')).toBe('302.00');
    expect(roundAmount('-301.50', 'JPY')).toBe('-302.00');
    expect(roundAmount('301.49', 'JPY')).toBe('301.00');
    expect(roundAmount('10.555', 'USD')).toBe('10.56');
  });

  it('computes VAT as 10 % of the supply value in the minor unit, half away from zero', () => {
    expect(fromMinor(vatOf(toMinor('10.55'), 'USD'))).toBe('1.06');
    expect(fromMinor(vatOf(toMinor('10.54'), 'USD'))).toBe('1.05');
    expect(fromMinor(vatOf(toMinor('24167'), 'KRW'))).toBe('2417.00');
    expect(fromMinor(vatOf(toMinor('24164'), 'KRW'))).toBe('2416.00');
    expect(fromMinor(vatOf(toMinor('-24165'), 'KRW'))).toBe('-2417.00');
    expect(fromMinor(vatOf(toMinor('999999999999999'), 'KRW'))).toBe('100000000000000.00');
  });

  it('formats an amount exactly, with the currency minor unit, in each language', () => {
    expect(formatMoney('345588.00', 'KRW', 'ko')).toBe('345,588');
    expect(formatMoney('10.5', 'USD', 'en')).toBe('10.50');
    expect(formatMoney('301.65', 'JPY', 'ja')).toBe('302');
    expect(formatMoney('1234.5', 'EUR', 'es')).toBe('1234,50');
    expect(formatMoney('100000000000000.01', 'USD', 'en')).toBe('100,000,000,000,000.01');
    expect(formatMoney('4500386.08', 'KRW', 'en', { decimals: 2 })).toBe('4,500,386.08');
    expect(formatMoney('302', 'JPY', 'en', { symbol: true })).toBe('¥302');
    expect(formatMoney('10.55', 'USD', 'ko', { symbol: true })).toBe('US$10.55');
  });
});
