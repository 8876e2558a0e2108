import { Input } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, asLanguage } from '../lib/i18n';

/**
 * The language switch of the full-page layout and of the operator console: a native <select> styled as
 * a Mantine input. (NativeSelect pulls in Combobox and floating-ui, which the login page's JS budget cannot carry.)
 */
export function LanguageSelect({ size, w = 150, testId = 'language-select' }: { size?: 'xs' | 'sm'; w?: number; testId?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Input
      component="select"
      aria-label={t('topbar.language')}
      // the language of the i18next it renders with (the login screen is also rendered at build time: app/prerender.tsx)
      value={asLanguage(i18n.resolvedLanguage ?? i18n.language)}
      onChange={(e: React.ChangeEvent<HTMLSelectElement>) => void i18n.changeLanguage(e.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={w}
      size={size}
      data-testid={testId}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </Input>
  );
}
