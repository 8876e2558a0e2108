import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName, useCountries } from '../../../lib/display-names';

/** Country names in the UI language (Intl.DisplayNames with the ISO alpha-2 code), else the English name. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const { data = [] } = useCountries();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () =>
      data
        .map((c) => ({ value: c.code_3, label: regionName(c.code_2, lng, c.full_name) }))
        .sort((a, b) => a.label.localeCompare(b.label, lng)),
    [data, lng],
  );
}

/** The country select of the profile and address forms (value: the 3-letter code). */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const options = useCountryOptions();
  return <Select searchable allowDeselect={false} nothingFoundMessage="—" maxDropdownHeight={280} {...props} data={options} />;
}
