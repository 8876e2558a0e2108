import { Input } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, currentLanguage } from '../../lib/i18n';

/**
 * The language switch of the full-page layout: a native <select> styled as a Mantine input.
 * (NativeSelect pulls in Combobox and floating-ui, which the login page's JS budget cannot carry.)
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Input
      component="select"
      aria-label={t('topbar.language')}
      value={currentLanguage()}
      onChange={(e: React.ChangeEvent<HTMLSelectElement>) => void i18n.changeLanguage(e.currentTarget.value)}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={150}
      data-testid="language-select"
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </Input>
  );
}
