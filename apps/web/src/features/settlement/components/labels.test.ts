import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { invoiceItemLabel, invoiceStateLabel, paymentTypeLabel } from './labels';

const t = ((k: string) => k) as unknown as TFunction;

describe('settlement labels', () => {
  it('shows the fallback text for an unknown invoice item (spec §8)', () => {
    expect(invoiceItemLabel(t, 'consignment')).toBe('common:enums.invoiceItem.consignment');
    expect(invoiceItemLabel(t, 'somethingNew')).toBe('common:enums.invoiceItem.unknown');
  });
  it('has one label for P and another for anything else (spec §4)', () => {
    expect(invoiceStateLabel(t, 'P')).toBe('common:enums.invoiceState.P');
    expect(invoiceStateLabel(t, 'S')).toBe('common:enums.invoiceState.S');
    expect(invoiceStateLabel(t, 'R')).toBe('common:enums.invoiceState.S');
  });
  it('shows remittance for any payment type but credit card, check and cash (spec §3)', () => {
    expect(paymentTypeLabel(t, 'cash')).toBe('common:enums.paymentType.cash');
    expect(paymentTypeLabel(t, 'wire')).toBe('common:enums.paymentType.remittance');
  });
});
