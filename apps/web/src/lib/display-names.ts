import type { TCountry } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api-client';
import { intlLocale } from './format';

export const getCountries = (signal?: AbortSignal) => api.get<TCountry[]>('common/getCountry', { signal });

/** GET common/getCountry: the country list (ISO 3166 alpha-2 and alpha-3 codes, English names); fetched once. */
export const countriesQuery = () =>
  queryOptions({ queryKey: ['common', 'countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: Infinity });

export const useCountries = () => useQuery(countriesQuery());

const displayNames = new Map<string, Intl.DisplayNames | null>();
function names(lng: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  const key = `${type}|${lng}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([intlLocale(lng)], { type }));
    } catch {
      displayNames.set(key, null);
    }
  }
  return displayNames.get(key) ?? null;
}

function nameOf(dn: Intl.DisplayNames | null, code: string | undefined, fallback: string): string {
  if (!dn || !code) return fallback;
  try {
    const name = dn.of(code);
    return name && name !== code ? name : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A country's name in the UI language: Intl.DisplayNames with its ISO alpha-2 code (which needs no
 * translation file), else `fallback` (the API's English name, or the code itself).
 */
export const regionName = (code2: string | undefined, lng: string, fallback: string): string =>
  nameOf(names(lng, 'region'), code2, fallback);

/** A currency's name in the UI language ('USD' → '미국 달러'), else the code. */
export const currencyName = (code: string, lng: string): string => nameOf(names(lng, 'currency'), code.trim().toUpperCase(), code);

/**
 * The names of 3-letter country codes (as the API sends them, e.g. a customer's `JPN`) in the UI
 * language, through the country list's alpha-2 codes. Until the list has loaded, the code itself.
 */
export function useCountryName(): (code3: string) => string {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const byCode3 = useMemo(() => new Map((data ?? []).map((c) => [c.code_3.toUpperCase(), c])), [data]);
  return useCallback(
    (code3: string) => {
      const c = byCode3.get(code3.trim().toUpperCase());
      return c ? regionName(c.code_2, lng, c.full_name) : code3;
    },
    [byCode3, lng],
  );
}
