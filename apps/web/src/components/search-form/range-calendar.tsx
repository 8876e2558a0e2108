// Loaded only when a calendar is opened (date-range-input.tsx): @mantine/dates and dayjs stay out of
// every screen's first load and out of the login page.
import { DatePicker, DatesProvider, type DayOfWeek } from '@mantine/dates';
import dayjs from 'dayjs';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

/** dayjs locales of the UI languages (English is built in): each loaded once, when first needed. */
const DAYJS_LOCALES: Record<string, () => Promise<unknown>> = {
  ko: () => import('dayjs/locale/ko'),
  ja: () => import('dayjs/locale/ja'),
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
};
const loaded = new Map<string, Promise<unknown>>();
const dayjsLocale = (lng: string) => {
  let p = loaded.get(lng);
  if (!p) loaded.set(lng, (p = (DAYJS_LOCALES[lng]?.() ?? Promise.resolve()).catch(() => undefined)));
  return p;
};

/** dayjs locale names of the UI languages, the week start each is used to, how a month is titled and a day named. */
const CALENDAR_LOCALES: Record<string, { locale: string; firstDayOfWeek: DayOfWeek; month: string; day: string }> = {
  en: { locale: 'en', firstDayOfWeek: 0, month: 'MMMM YYYY', day: 'MMMM D, YYYY' },
  ko: { locale: 'ko', firstDayOfWeek: 0, month: 'YYYY년 M월', day: 'YYYY년 M월 D일' },
  ja: { locale: 'ja', firstDayOfWeek: 0, month: 'YYYY年M月', day: 'YYYY年M月D日' },
  zh: { locale: 'zh-cn', firstDayOfWeek: 1, month: 'YYYY年M月', day: 'YYYY年M月D日' },
  es: { locale: 'es', firstDayOfWeek: 1, month: 'MMMM [de] YYYY', day: 'D [de] MMMM [de] YYYY' },
};

export interface RangeCalendarProps {
  /** YYYY-MM-DD or null for each end */
  value: [string | null, string | null];
  onChange: (value: [string | null, string | null]) => void;
}

/** A month calendar choosing a date range, in the UI language (its dayjs locale is loaded first). */
export default function RangeCalendar({ value, onChange }: RangeCalendarProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const settings = CALENDAR_LOCALES[lng] ?? CALENDAR_LOCALES.en!;
  // suspends (the caller's Suspense) until the language's month and day names are there
  use(dayjsLocale(lng));
  return (
    <DatesProvider settings={{ locale: settings.locale, firstDayOfWeek: settings.firstDayOfWeek, consistentWeeks: true }}>
      <DatePicker
        type="range"
        allowSingleDateInRange
        // days of the months around are left blank (their dimmed, half-transparent text fails contrast)
        hideOutsideDates
        value={value}
        onChange={onChange}
        defaultDate={value[0] ?? value[1] ?? undefined}
        monthLabelFormat={settings.month}
        // each day is a button named by the full date in the UI language (e.g. 2026년 3월 1일)
        getDayAriaLabel={(date) => dayjs(date).locale(settings.locale).format(settings.day)}
        data-testid="date-range-calendar"
        ariaLabels={{
          previousMonth: t('search.previousMonth'),
          nextMonth: t('search.nextMonth'),
          previousYear: t('search.previousYear'),
          nextYear: t('search.nextYear'),
          previousDecade: t('search.previousDecade'),
          nextDecade: t('search.nextDecade'),
          monthLevelControl: t('search.chooseMonth'),
          yearLevelControl: t('search.chooseYear'),
        }}
      />
    </DatesProvider>
  );
}
