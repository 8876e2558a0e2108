import { describe, expect, it } from 'vitest';
import { ZDate, ZDateRange } from './common';
import { DATE_MAX, DATE_MIN } from './constants';
import { ZSettlementFilter } from './settlement';

describe('dates every call accepts', () => {
  it('refuses year 0000, which PostgreSQL cannot store (regression: 500 on 5 lists and both exports)', () => {
    for (const d of ['0000-01-01', '0000-02-29', '0000-12-31']) expect(ZDate.safeParse(d).success, d).toBe(false);
    expect(ZDateRange.safeParse({ startDate: '0000-01-01' }).success).toBe(false);
    expect(ZSettlementFilter.safeParse({ endDate: '0000-02-29' }).success).toBe(false);
  });

  it('takes both ends of the documented range and refuses what lies outside the mask', () => {
    expect([DATE_MIN, DATE_MAX]).toEqual(['0001-01-01', '9999-12-31']);
    for (const d of [DATE_MIN, DATE_MAX, '1970-01-01', '2024-02-29']) expect(ZDate.safeParse(d).success, d).toBe(true);
    for (const d of ['10000-01-01', '-0001-01-01', '+002024-01-01', '2023-02-29', '2024-13-01', '2024-1-1', '2024-01-01T00:00:00Z'])
      expect(ZDate.safeParse(d).success, d).toBe(false);
    // both ends are real dates in JS too
    expect(new Date(`${DATE_MIN}T00:00:00Z`).toISOString().slice(0, 10)).toBe(DATE_MIN);
    expect(new Date(`${DATE_MAX}T23:59:59Z`).toISOString().slice(0, 10)).toBe(DATE_MAX);
  });
});
