import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next, initI18n } from '../lib/i18n';

let ready: Promise<unknown> | undefined;

/** Renders inside Mantine and i18next with the given language loaded (English by default). */
export async function renderWithProviders(ui: ReactElement, lng = 'en') {
  ready ??= initI18n(lng);
  await ready;
  await i18next.changeLanguage(lng);
  await i18next.loadNamespaces(['common']);
  return render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider>{ui}</MantineProvider>
    </I18nextProvider>,
  );
}
