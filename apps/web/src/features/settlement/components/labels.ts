import type { TFunction } from 'i18next';
import { INVOICE_ITEMS, PAYMENT_TYPES } from '@portal/contract';

/** Spec §4: one label for P, the other (sent) for anything else. */
export const invoiceStateLabel = (t: TFunction, state: string) =>
  t(state === 'P' ? 'common:enums.invoiceState.P' : 'common:enums.invoiceState.S');

/** Spec §8: unknown invoice-item codes show the fallback text. */
export const invoiceItemLabel = (t: TFunction, item: string) =>
  (INVOICE_ITEMS as readonly string[]).includes(item) ? t(`common:enums.invoiceItem.${item}`) : t('common:enums.invoiceItem.unknown');

/** Spec §3: credit_card, check, cash, otherwise remittance. */
export const paymentTypeLabel = (t: TFunction, type: string) =>
  t(`common:enums.paymentType.${(PAYMENT_TYPES as readonly string[]).includes(type) ? type : 'remittance'}`);

export const issuerLabel = (t: TFunction, issuer: string) =>
  issuer === 'KOR' || issuer === 'USA' ? t(`common:enums.issuer.${issuer}`) : issuer;
