import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayIn, isLastDayOfMonth } from './dates';

describe('date keys', () => {
  it('addDays crosses month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29'); // leap year
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29'); // divisible by 400: leap
    expect(addDays('1900-02-28', 1)).toBe('1900-03-01'); // divisible by 100 only: not
    expect(addDays('2026-08-31', 30)).toBe('2026-09-30');
    expect(addDays('2026-03-15', 0)).toBe('2026-03-15');
    expect(addDays('2026-03-15', -365)).toBe('2025-03-15');
  });

  it('addDays keeps 4-digit years at the ends of the accepted range', () => {
    expect(addDays('0001-01-02', -1)).toBe('0001-01-01');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });

  it('addMonths moves across years both ways, and below 0001-01 to 0000-12', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-06', -11)).toBe('2025-07');
    expect(addMonths('2026-06', 24)).toBe('2028-06');
    expect(addMonths('2026-06', -30)).toBe('2023-12');
    expect(addMonths('0001-01', -1)).toBe('0000-12');
    expect(addMonths('0999-12', 1)).toBe('1000-01');
  });

  it('isLastDayOfMonth knows month lengths and leap years', () => {
    for (const d of ['2026-01-31', '2026-04-30', '2024-02-29', '2023-02-28', '2000-02-29', '9999-12-31'])
      expect(isLastDayOfMonth(d), d).toBe(true);
    for (const d of ['2024-02-28', '2026-04-29', '1900-02-27', '2026-01-01']) expect(isLastDayOfMonth(d), d).toBe(false);
    expect(isLastDayOfMonth('1900-02-28')).toBe(true);
  });

  it('dayIn is the calendar day in the zone, not in UTC', () => {
    expect(dayIn(new Date('2026-08-31T14:59:59Z'), 'Asia/Seoul')).toBe('2026-08-31');
    expect(dayIn(new Date('2026-08-31T15:00:00Z'), 'Asia/Seoul')).toBe('2026-09-01');
    expect(dayIn(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe('2025-12-31');
  });
});
