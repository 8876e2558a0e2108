import { describe, expect, it } from 'vitest';
import { compareMoney, fromMinor, isWholeAmount, multiplyMinor, normalizeMoney, sumMoney, toMinor } from './money';

describe('money as integer hundredths', () => {
  it('parses decimal strings exactly: whole, 1 and 2 decimals, negative, zero', () => {
    expect(toMinor('12')).toBe(1200n);
    expect(toMinor('12.5')).toBe(1250n);
    expect(toMinor('12.05')).toBe(1205n);
    expect(toMinor('-0.07')).toBe(-7n);
    expect(toMinor('-12.30')).toBe(-1230n);
    expect(toMinor('0')).toBe(0n);
    expect(toMinor('7.')).toBe(700n);
  });

  it('keeps large values exact (beyond 2^53)', () => {
    expect(toMinor('123456789012345678.99')).toBe(12345678901234567899n);
    expect(fromMinor(12345678901234567899n)).toBe('123456789012345678.99');
    expect(sumMoney(['9007199254740993.01', '0.01'])).toBe('9007199254740993.02');
  });

  it('rounds more than 2 decimals half away from zero, like PostgreSQL round(x, 2)', () => {
    expect(toMinor('0.005')).toBe(1n);
    expect(toMinor('0.0049999')).toBe(0n);
    expect(toMinor('-0.005')).toBe(-1n);
    expect(toMinor('2.675')).toBe(268n);
    expect(normalizeMoney('10.999')).toBe('11.00');
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', '1e3', '1,000', ' 1', '1.2.3', '--1', '.5', 'abc', '+1'])
      expect(() => toMinor(bad), bad).toThrow('not a decimal');
  });

  it('formats back with exactly 2 decimals, and no negative zero', () => {
    expect(fromMinor(0n)).toBe('0.00');
    expect(fromMinor(5n)).toBe('0.05');
    expect(fromMinor(-5n)).toBe('-0.05');
    expect(fromMinor(-123450n)).toBe('-1234.50');
    expect(normalizeMoney('-0')).toBe('0.00');
    expect(normalizeMoney('10.5')).toBe('10.50');
  });

  it('sums exactly (no float drift), negatives included', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1000', '2500.5'])).toBe('3500.50');
    expect(sumMoney(['10.00', '-10.01'])).toBe('-0.01');
    expect(sumMoney([])).toBe('0.00');
  });

  it('multiplies by a factor, rounding to hundredths half away from zero', () => {
    // 50 copies × 2.00 at 10 %: the royalty rule of copyright lines
    expect(fromMinor(multiplyMinor(toMinor('2.00'), '5'))).toBe('10.00');
    expect(fromMinor(multiplyMinor(toMinor('100.00'), '0.10'))).toBe('10.00');
    expect(fromMinor(multiplyMinor(toMinor('0.05'), '0.5'))).toBe('0.03'); // 0.025 → 0.03
    expect(fromMinor(multiplyMinor(toMinor('-0.05'), '0.5'))).toBe('-0.03');
    expect(fromMinor(multiplyMinor(toMinor('0.05'), '0.49'))).toBe('0.02'); // 0.0245 → 0.02
    expect(fromMinor(multiplyMinor(toMinor('19.99'), '-3'))).toBe('-59.97');
    expect(() => multiplyMinor(1n, '10%')).toThrow('not a decimal');
  });

  it('compares by value, whatever the number of decimals written', () => {
    expect(compareMoney('1.5', '1.50')).toBe(0);
    expect(compareMoney('-1', '0.01')).toBe(-1);
    expect(compareMoney('100', '99.99')).toBe(1);
  });

  it('tells whole amounts (shown without decimals in KRW/JPY)', () => {
    expect(isWholeAmount('1000')).toBe(true);
    expect(isWholeAmount('1000.00')).toBe(true);
    expect(isWholeAmount('-5.0')).toBe(true);
    expect(isWholeAmount('2500.5')).toBe(false);
  });
});
