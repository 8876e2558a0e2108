import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCountries } from '../api/get-countries';

/** Country names in the UI language (Intl.DisplayNames with the ISO alpha-2 code), else the English name. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const { data = [] } = useCountries();
  const lng = currentLanguage();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([lng], { type: 'region' });
    } catch {
      names = undefined;
    }
    const label = (code2: string, fallback: string) => {
      try {
        const n = names?.of(code2);
        return n && n !== code2 ? n : fallback;
      } catch {
        return fallback;
      }
    };
    return data
      .map((c) => ({ value: c.code_3, label: label(c.code_2, c.full_name) }))
      .sort((a, b) => a.label.localeCompare(b.label, lng));
    // i18n.language: recompute when the language changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, lng, i18n.language]);
}

/** The country select of the profile and address forms (value: the 3-letter code). */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const options = useCountryOptions();
  return <Select searchable allowDeselect={false} nothingFoundMessage="—" maxDropdownHeight={280} {...props} data={options} />;
}
