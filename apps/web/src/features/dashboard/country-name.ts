import type { TGlobalSale } from '@portal/contract';
import { intlLocale } from '../../lib/format';

const cache = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the UI language (Intl.DisplayNames with its alpha-2 code), else the API's full_name. */
export function countryName(row: Pick<TGlobalSale, 'code_2' | 'full_name'>, lng: string): string {
  if (!cache.has(lng)) {
    try {
      cache.set(lng, new Intl.DisplayNames([intlLocale(lng)], { type: 'region' }));
    } catch {
      cache.set(lng, null);
    }
  }
  const names = cache.get(lng);
  if (!names || !row.code_2) return row.full_name;
  try {
    return names.of(row.code_2) ?? row.full_name;
  } catch {
    return row.full_name;
  }
}
