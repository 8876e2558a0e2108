import { ZMailFilter } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mailsFilter } from './mails-page';

const EMPTY = { state: '', kind: '', company: '', recipient: '', dateRange: '' } as const;

describe("the mail list's form as the call's filter (issue 57)", () => {
  it('leaves out the empty fields and trims the texts; the server accepts what it sends', () => {
    expect(mailsFilter(EMPTY)).toEqual({ filter: {}, errors: {} });
    const { filter, errors } = mailsFilter({
      state: 'failed',
      kind: 'invoice_new',
      company: '  acme ',
      recipient: ' billing@ ',
      dateRange: '2026-03-01 ~ 2026-03-31',
    });
    expect(errors).toEqual({});
    expect(filter).toEqual({
      state: 'failed',
      kind: 'invoice_new',
      company: 'acme',
      recipient: 'billing@',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(ZMailFilter.parse(filter)).toEqual(filter);
    expect(mailsFilter({ ...EMPTY, company: '   ', recipient: ' ' }).filter).toEqual({});
  });

  it('a date range that does not parse is an error of its field and sends no range', () => {
    const { filter, errors } = mailsFilter({ ...EMPTY, state: 'sent', dateRange: '2026-03-31 ~ 2026-03-01' });
    expect(errors).toEqual({ dateRange: 'dateRangeOrder' });
    expect(filter).toEqual({ state: 'sent' });
  });
});
