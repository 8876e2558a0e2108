import { MantineProvider } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from '../components/page-loader';
import { NotificationsHost } from '../components/notifications-host';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/** Keeps <html lang> in step with the UI language (screen readers, fonts). */
function HtmlLang() {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  }, [i18n.resolvedLanguage]);
  return null;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={<PageLoader />}>
        <HtmlLang />
        {/* The query client and modals live in the app layout: /login needs neither (JS budget). */}
        <NotificationsHost />
        <RouterProvider router={router} />
      </Suspense>
    </MantineProvider>
  );
}
