import { ActionIcon, Center, Loader, Popover, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateRange, maskDateRange, parseDateRange } from '../../lib/date-range';
import { LazyRangeCalendar } from './calendar-loader';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** i18n key of an error (search.dateRangeInvalid / search.dateRangeOrder) */
  error?: string;
  label?: string;
}

/**
 * A text field with the mask YYYY-MM-DD ~ YYYY-MM-DD (spec §5); digits are formatted as typed.
 * The calendar button beside it picks the range on a month calendar in the UI language; both
 * write the same text.
 */
export function DateRangeInput({ value, onChange, error, label }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = label ?? t('search.dateRange');
  const hintId = useId();
  const parsed = parseDateRange(value);
  const picked: [string | null, string | null] = parsed.ok ? [parsed.value.startDate ?? null, parsed.value.endDate ?? null] : [null, null];

  const choose = ([a, b]: [string | null, string | null]) => {
    onChange(formatDateRange({ ...(a ? { startDate: a } : {}), ...(b ? { endDate: b } : {}) }));
    // the second click ends the range
    if (a && b) setOpen(false);
  };

  return (
    <TextInput
      label={name}
      placeholder={t('search.dateRangePlaceholder')}
      value={value}
      onChange={(e) => onChange(maskDateRange(e.currentTarget.value))}
      error={error ? t(`search.${error}`) : undefined}
      inputMode="numeric"
      w={260}
      data-testid="date-range"
      rightSection={
        <Popover opened={open} onChange={setOpen} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpen((o) => !o)}
              aria-label={t('search.openCalendar', { label: name })}
              data-testid="date-range-picker"
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          {/* a dialog named by its button ("Choose the dates on a calendar: …") */}
          <Popover.Dropdown p="xs" aria-describedby={hintId}>
            <Text id={hintId} size="xs" c="dimmed" maw={260} mb={4}>
              {t('search.calendarHint')}
            </Text>
            {open && (
              <Suspense
                fallback={
                  <Center w={252} h={260}>
                    <Loader size="sm" aria-label={t('table.loading')} />
                  </Center>
                }
              >
                <LazyRangeCalendar value={picked} onChange={choose} />
              </Suspense>
            )}
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
