import { describe, expect, it } from 'vitest';
import { cut, formatAmount, formatDate, formatDateTime, formatInteger, formatRetryIn } from './format';

describe('formatting per locale', () => {
  it('formats decimal strings exactly, with thousands separators', () => {
    expect(formatAmount('1234567.5', { decimals: 2, lng: 'en' })).toBe('1,234,567.50');
    expect(formatAmount('12345678901234.99', { decimals: 2, lng: 'en' })).toBe('12,345,678,901,234.99');
    expect(formatAmount('1234.5', { decimals: 2, lng: 'es' })).toBe('1234,50');
    expect(formatInteger(1234567, 'ko')).toBe('1,234,567');
  });

  it('formats dates in the UI language', () => {
    expect(formatDate('2024-03-05', 'en')).toBe('03/05/2024');
    // one unit, never broken onto two lines: its spaces are non-breaking
    expect(formatDate('2024-03-05', 'ko')).toBe('2024.\u00a003.\u00a005.');
    expect(formatDate('2024-03-05', 'ja')).toBe('2024/03/05');
    expect(formatDate(null)).toBe('');
  });

  it("keeps a date-time's date and its time whole, breakable only between them", () => {
    const ko = formatDateTime('2026-12-08T02:38:00Z', 'ko');
    const [date, time, ...rest] = ko.split(' ');
    expect(rest).toEqual([]);
    expect(date).toMatch(/^2026\.\u00a012\.\u00a0\d{2}\.$/);
    expect(time).toMatch(/^\S+\u00a0\d{2}:\d{2}$/);
    expect(formatDateTime('2026-12-08T02:38:00Z', 'en')).toMatch(/^12\/\d{2}\/2026, \d{2}:\d{2}[\u00a0\u202f](AM|PM)$/);
  });

  it('cuts titles by characters, not UTF-16 units', () => {
    expect(cut('한빛 출판사 (Hanbit Demo Press)', 10)).toBe('한빛 출판사 (Ha…');
    expect(cut('short', 10)).toBe('short');
  });
});

describe('when to try again', () => {
  it('says it in the UI language: seconds, then whole minutes, then hours, rounded up', () => {
    expect(formatRetryIn(8, 'en')).toBe('in 8 seconds');
    expect(formatRetryIn(120, 'en')).toBe('in 2 minutes');
    expect(formatRetryIn(61, 'en')).toBe('in 2 minutes');
    expect(formatRetryIn(3601, 'en')).toBe('in 2 hours');
    expect(formatRetryIn(120, 'ko')).toBe('2분 후');
    expect(formatRetryIn(120, 'ja')).toBe('2 分後');
    expect(formatRetryIn(120, 'zh')).toBe('2分钟后');
    expect(formatRetryIn(120, 'es')).toBe('dentro de 2 minutos');
    expect(formatRetryIn(0.2, 'en')).toBe('in 1 second');
  });
});
