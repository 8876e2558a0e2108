import { Button, Menu, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { LANGUAGES, LANGUAGE_NAMES, asLanguage, type Language } from '../../lib/i18n';
import { session } from '../../lib/session';
import { DeferredMenu } from './deferred-menu';

/** Switches the UI language (recorded as the company's last UI language: PATCH company/uiLanguage, issue 18). */
function switchLanguage(i18n: { changeLanguage(l: string): Promise<unknown> }, lng: Language) {
  void i18n.changeLanguage(lng);
  // best effort: the next login records the language too
  if (session.isValid()) api.patch('company/uiLanguage', { language: lng }).catch(() => undefined);
}

/** Spec §1: the language can be switched from a menu in the top bar; the choice is stored locally. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  // the language of the i18next it renders with (the layout is also rendered at build time: app/prerender.tsx)
  const current = asLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      target={
        <Button
          variant="subtle"
          px={{ base: 6, sm: 'md' }}
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={`${t('topbar.language')}: ${LANGUAGE_NAMES[current]}`}
          data-testid="language-menu"
        >
          <Text span visibleFrom="sm" inherit>
            {LANGUAGE_NAMES[current]}
          </Text>
        </Button>
      }
    >
      <Menu.Label>{t('topbar.language')}</Menu.Label>
      {LANGUAGES.map((lng) => (
        <Menu.Item
          key={lng}
          lang={lng}
          onClick={() => switchLanguage(i18n, lng)}
          aria-current={lng === current ? 'true' : undefined}
          fw={lng === current ? 700 : undefined}
        >
          {LANGUAGE_NAMES[lng]}
        </Menu.Item>
      ))}
    </DeferredMenu>
  );
}
