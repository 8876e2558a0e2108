/**
 * The login screen rendered to HTML at build time, once per language (vite.config.ts, `bootTexts`),
 * for the server to send inside index.html's #root (apps/server/src/web-app.ts). The browser paints
 * it as soon as the page and its stylesheet are in, instead of after the entry script (React, the
 * router, Mantine, i18next: most of /login's first contentful paint on a phone, issue 17) has
 * arrived and run; React then replaces it with the live screen (createRoot clears #root), which
 * looks the same.
 *
 * Runs in Node through Vite's SSR loader, never in the browser bundle.
 */
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FullPageLayout } from './layout/full-page-layout';
import { cssVariablesResolver, theme } from './theme';
import { LANGUAGES } from '../lib/i18n';
import { resolveJosa } from '../lib/josa';
import { LoginPage } from '../features/auth/components/login-page';

/**
 * Stands for the demo logins in the hinted variant: the server puts the logins it has in their place
 * (`id / password, …`, as LoginPage writes them), or sends the plain variant when it has none.
 */
export const DEMO_LOGINS_MARK = '%DEMO_LOGINS%';

type Locales = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Per language, the login screen without demo logins (`plain`) and with them (`hinted`). `locales`:
 * language → namespace → texts (the build reads src/locales).
 */
export async function prerenderLogin(locales: Locales): Promise<Record<string, { plain: string; hinted: string }>> {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .use({ type: 'postProcessor', name: 'josa', process: (value: string) => resolveJosa(value) })
    .init({
      resources: locales,
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'auth'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      postProcess: ['josa'],
      react: { useSuspense: false },
    });
  const render = (hints?: { id: string; password: string }[]) =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route element={<FullPageLayout />}>
                <Route path="/login" element={<LoginPage hints={hints ? { demo_logins: hints } : undefined} />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>,
    );
  const out: Record<string, { plain: string; hinted: string }> = {};
  for (const lng of LANGUAGES) {
    await i18n.changeLanguage(lng);
    // the mark as one login: LoginPage writes `${id} / ${password}`, so the id carries it and the rest is cut
    const hinted = render([{ id: DEMO_LOGINS_MARK, password: '' }]).replace(`${DEMO_LOGINS_MARK} / `, DEMO_LOGINS_MARK);
    if (!hinted.includes(DEMO_LOGINS_MARK)) throw new Error(`login prerender (${lng}): the demo logins mark is not in the page`);
    out[lng] = { plain: render(), hinted };
  }
  return out;
}
