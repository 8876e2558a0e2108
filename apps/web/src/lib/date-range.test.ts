import { describe, expect, it } from 'vitest';
import { formatDateRange, isRealDate, maskDateRange, parseDateRange } from './date-range';
import { isAmount, isDigits, onlyDigits } from './numeric';

describe('date range mask (spec §5)', () => {
  it('formats digits into YYYY-MM-DD ~ YYYY-MM-DD as they are typed', () => {
    expect(maskDateRange('2024')).toBe('2024');
    expect(maskDateRange('202401')).toBe('2024-01');
    expect(maskDateRange('20240115')).toBe('2024-01-15');
    expect(maskDateRange('202401152024')).toBe('2024-01-15 ~ 2024');
    expect(maskDateRange('2024011520240229')).toBe('2024-01-15 ~ 2024-02-29');
    expect(maskDateRange('2024-01-15 ~ 2024-02-29 extra 99')).toBe('2024-01-15 ~ 2024-02-29');
  });

  it('parses a full range, one-sided ranges and empty text', () => {
    expect(parseDateRange('2024-01-15 ~ 2024-02-29')).toEqual({ ok: true, value: { startDate: '2024-01-15', endDate: '2024-02-29' } });
    expect(parseDateRange('2024-01-15 ~ ')).toEqual({ ok: true, value: { startDate: '2024-01-15' } });
    expect(parseDateRange('')).toEqual({ ok: true, value: {} });
  });

  it('refuses impossible dates and reversed ranges', () => {
    expect(parseDateRange('2023-02-29 ~ 2023-03-01')).toEqual({ ok: false, error: 'dateRangeInvalid' });
    expect(parseDateRange('2024-13-01')).toEqual({ ok: false, error: 'dateRangeInvalid' });
    expect(parseDateRange('2024-03-01 ~ 2024-02-01')).toEqual({ ok: false, error: 'dateRangeOrder' });
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2024-2-9')).toBe(false);
  });

  it('refuses year 0000, which the server refuses (PostgreSQL has no year 0), and keeps 0001 and 9999', () => {
    expect(parseDateRange('0000-01-01 ~ 2024-01-01')).toEqual({ ok: false, error: 'dateRangeInvalid' });
    expect(isRealDate('0000-02-29')).toBe(false);
    expect(parseDateRange('0001-01-01 ~ 9999-12-31')).toEqual({ ok: true, value: { startDate: '0001-01-01', endDate: '9999-12-31' } });
  });

  it('formats a stored range back into the mask', () => {
    expect(formatDateRange({ startDate: '2024-01-01', endDate: '2024-01-31' })).toBe('2024-01-01 ~ 2024-01-31');
    expect(formatDateRange({})).toBe('');
  });
});

describe('numeric helpers (spec §5)', () => {
  it('accepts digits only, or amounts with at most two decimals', () => {
    expect(onlyDigits('12a3-4')).toBe('1234');
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12.3')).toBe(false);
    expect(isAmount('1234.56')).toBe(true);
    expect(isAmount('1234.567')).toBe(false);
    expect(isAmount('12.')).toBe(false);
  });
});
