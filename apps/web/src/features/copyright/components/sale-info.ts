import { SALE_INFO_CHANNELS } from '@portal/contract';
import type { TFunction } from 'i18next';

const byText = new Map(Object.entries(SALE_INFO_CHANNELS).map(([text, key]) => [text.toLowerCase(), key]));

/** A royalty line's sale info in the UI language when it is a known channel ('E-book' → '전자책'), else as written. */
export const saleInfoLabel = (t: TFunction, value: string | null): string => {
  if (!value) return '';
  const key = byText.get(value.trim().toLowerCase());
  return key ? t(`common:enums.saleInfo.${key}`) : value;
};
