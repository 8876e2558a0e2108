/**
 * Screens rendered to HTML at build time, once per language (vite.config.ts, `bootTexts`), for the
 * server to send inside index.html's #root (apps/server/src/web-app.ts): the login screen, and the app
 * layout's frame (top bar, sidebar, footer) around a loading indicator for every page inside it. The
 * browser paints them as soon as the page and its stylesheet are in, instead of after the entry
 * script (React, the router, Mantine, i18next: most of a page's first contentful paint on a phone,
 * issue 17) has arrived and run; React then replaces them with the live screen (createRoot clears
 * #root), which looks the same. docs/decisions/login-prerender.md.
 *
 * Runs in Node through Vite's SSR loader, never in the browser bundle.
 */
import { MantineProvider } from '@mantine/core';
import { DEMO_LOGINS_MARK, YEAR_MARK } from '@portal/contract/constants';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { FullPageLayout } from './layout/full-page-layout';
import { cssVariablesResolver, theme } from './theme';
import { PageLoader } from '../components/page-loader';
import { LANGUAGES } from '../lib/i18n';
import { resolveJosa } from '../lib/josa';
import { LoginPage } from '../features/auth/components/login-page';

type Locales = Record<string, Record<string, Record<string, unknown>>>;

/** `render` in each language in turn (texts of `locales`: language → namespace → texts, as the build reads packages/contract/locales). */
async function perLanguage<T>(locales: Locales, ns: string[], render: (lng: string, html: (node: ReactNode) => string) => T) {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .use({ type: 'postProcessor', name: 'josa', process: (value: string) => resolveJosa(value) })
    .init({
      resources: locales,
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      postProcess: ['josa'],
      react: { useSuspense: false },
    });
  const html = (node: ReactNode) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {node}
        </MantineProvider>
      </I18nextProvider>,
    );
  const out: Record<string, T> = {};
  for (const lng of LANGUAGES) {
    await i18n.changeLanguage(lng);
    out[lng] = render(lng, html);
  }
  return out;
}

/**
 * Per language, the login screen without demo logins (`plain`) and with them (`hinted`): DEMO_LOGINS_MARK
 * stands for them, and the server puts the logins it has in its place or sends the plain variant.
 */
export function prerenderLogin(locales: Locales): Promise<Record<string, { plain: string; hinted: string }>> {
  return perLanguage(locales, ['common', 'auth'], (lng, html) => {
    const render = (hints?: { id: string; password: string }[]) =>
      html(
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route element={<FullPageLayout />}>
              <Route path="/login" element={<LoginPage hints={hints ? { demo_logins: hints } : undefined} />} />
            </Route>
          </Routes>
        </MemoryRouter>,
      );
    // the mark as one login: LoginPage writes `${id} / ${password}`, so the id carries it and the rest is cut
    const hinted = render([{ id: DEMO_LOGINS_MARK, password: '' }]).replace(`${DEMO_LOGINS_MARK} / `, DEMO_LOGINS_MARK);
    if (!hinted.includes(DEMO_LOGINS_MARK)) throw new Error(`login prerender (${lng}): the demo logins mark is not in the page`);
    return { plain: render(), hinted };
  });
}

/**
 * Per language, the app layout as a page inside it first shows it: the frame with the loading
 * indicator in its content, the sidebar at its default width with no item current (the frame serves
 * every page of the layout), the product's name where the company's comes once it is known. The
 * footer's year is YEAR_MARK.
 */
export function prerenderAppShell(locales: Locales): Promise<Record<string, string>> {
  const year = new Date().getFullYear();
  return perLanguage(locales, ['common'], (lng, html) => {
    const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '*', element: <PageLoader /> }] }], {
      initialEntries: ['/__app-shell'],
    });
    const page = html(<RouterProvider router={router} />);
    const footer = /<footer\b[^]*?<\/footer>/.exec(page);
    if (!footer || footer[0].split(String(year)).length !== 2) throw new Error(`app shell prerender (${lng}): no footer with the year`);
    return page.replace(footer[0], footer[0].replace(String(year), YEAR_MARK));
  });
}
