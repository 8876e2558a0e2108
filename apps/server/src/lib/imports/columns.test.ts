import { describe, expect, it } from 'vitest';
import { dateTimeColumn, decimalAmount, instantOf, money } from './columns';

const at = (v: string, tz = 'Asia/Seoul', dateAlone: '00:00' | '12:00' = '00:00') => {
  const r = dateTimeColumn({ dateAlone }).safeParse(v);
  return r.success ? instantOf(r.data, tz).toISOString() : undefined;
};

describe('dateTimeColumn', () => {
  it('reads a date or a time without an offset in the business time zone', () => {
    expect(at('2026-11-20')).toBe('2026-11-19T15:00:00.000Z');
    expect(at('2026-11-20', 'Asia/Seoul', '12:00')).toBe('2026-11-20T03:00:00.000Z');
    expect(at('2026-11-20 09:30')).toBe('2026-11-20T00:30:00.000Z');
    expect(at('2026-11-20T09:30:15.5')).toBe('2026-11-20T00:30:15.500Z');
    expect(at('2026-11-20 09:30', 'UTC')).toBe('2026-11-20T09:30:00.000Z');
    expect(at('2026-07-01 09:30', 'Europe/Madrid')).toBe('2026-07-01T07:30:00.000Z');
    expect(at('2026-01-01 09:30', 'Europe/Madrid')).toBe('2026-01-01T08:30:00.000Z');
    expect(at('0001-01-02 09:00', 'UTC')).toBe('0001-01-02T09:00:00.000Z');
  });

  it('honours Z or an explicit offset', () => {
    expect(at('2026-11-20T09:30:00Z')).toBe('2026-11-20T09:30:00.000Z');
    expect(at('2026-11-20 09:30 +0100')).toBe('2026-11-20T08:30:00.000Z');
    expect(at('2026-11-20T09:30-05:00', 'Europe/Madrid')).toBe('2026-11-20T14:30:00.000Z');
  });

  it('a time skipped or repeated by a daylight-saving change still names one instant', () => {
    // 02:30 does not exist on 2026-03-29 in Madrid (clocks go from 02:00 to 03:00): read at +01:00, as PostgreSQL does
    expect(at('2026-03-29 02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 2026-10-25: the second one (+01:00), as PostgreSQL reads it
    expect(at('2026-10-25 02:30', 'Europe/Madrid')).toBe('2026-10-25T01:30:00.000Z');
    expect(at('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe Island moves by half an hour in the middle of a UTC hour (02:00 → 02:30 at 15:30Z): read minute by minute
    expect(at('2026-10-04 01:45', 'Australia/Lord_Howe')).toBe('2026-10-03T15:15:00.000Z');
    expect(at('2026-10-04 02:45', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
    expect(at('2026-10-04 02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
  });

  it('refuses days and times that do not exist, and other spellings', () => {
    for (const v of [
      '2026-02-29',
      '2026-11-20 24:00',
      '2026-11-20 09:60',
      '20 Nov 2026',
      '2026-11-20Z',
      '2026-11-20 09:30 +2500',
      '10000-01-01',
      // an offset could move these out of the years 0001–9999 the database keeps
      '9999-12-31 23:00',
      '0001-01-01',
    ])
      expect(at(v), v).toBeUndefined();
  });
});

describe('money', () => {
  it('keeps two decimals and the sign, never through a float', () => {
    expect(money({ signed: true }).parse('-1200.5')).toBe('-1200.50');
    expect(money().parse('999999999999.99')).toBe('999999999999.99');
    expect(money().safeParse('-1').success).toBe(false);
    expect(money().safeParse('1.234').success).toBe(false);
  });
});

describe('decimalAmount', () => {
  it('keeps every digit (the currency rule is checked later), in one spelling per value', () => {
    expect(decimalAmount().parse('0557000.50')).toBe('557000.5');
    expect(decimalAmount().parse('557000.00')).toBe('557000');
    expect(decimalAmount().parse('10.555')).toBe('10.555');
    expect(decimalAmount().parse('10000000000000000')).toBe('10000000000000000');
    expect(decimalAmount({ signed: true }).parse('-0.00')).toBe('0');
    expect(decimalAmount({ signed: true }).parse('-12.10')).toBe('-12.1');
    expect(decimalAmount().safeParse('-1').success).toBe(false);
    expect(decimalAmount().safeParse('1e12').success).toBe(false);
    expect(decimalAmount().safeParse('1,200').success).toBe(false);
  });
});
