import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maskDateRange } from '../../lib/date-range';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** i18n key of an error (search.dateRangeInvalid / search.dateRangeOrder) */
  error?: string;
  label?: string;
}

/** A text field with the mask YYYY-MM-DD ~ YYYY-MM-DD (spec §5); digits are formatted as typed. */
export function DateRangeInput({ value, onChange, error, label }: Props) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('search.dateRange')}
      placeholder={t('search.dateRangePlaceholder')}
      value={value}
      onChange={(e) => onChange(maskDateRange(e.currentTarget.value))}
      error={error ? t(`search.${error}`) : undefined}
      leftSection={<IconCalendar size={16} aria-hidden />}
      inputMode="numeric"
      w={260}
      data-testid="date-range"
    />
  );
}
