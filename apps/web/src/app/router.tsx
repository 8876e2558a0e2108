import { SCREEN_REDIRECTS, SCREENS, type Screen, type ScreenFeature } from '@portal/contract/screens';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { prefetchLoginHints } from '../features/auth/api/login-hints';
import { setUnauthorizedHandler } from '../lib/api-client';
import { intlLocale } from '../lib/format';
import { warmIntl } from '../lib/intl-warmup';
import { loginPathFor } from '../lib/redirect';
import { session } from '../lib/session';
import { loadNamespaces } from '../lib/i18n';
import { withTimeout } from '../lib/with-timeout';
import { lazyPage } from './lazy';
import { FullPageLayout } from './layout/full-page-layout';
import { PlaceholderPage } from './placeholder-page';
import { NotFound, RouteError } from './route-error';

/**
 * The lazily loaded module of a feature: its routes.tsx maps each of its screens' paths to a page, and
 * may name the calls a screen makes first (`prefetch`: started by the route, see prefetchScreen).
 */
type FeatureModule = {
  pages: Partial<Record<string, ComponentType>>;
  prefetch?: Partial<Record<string, (queryClient: QueryClient) => Promise<unknown>>>;
};
const features: Record<Exclude<ScreenFeature, 'auth' | 'admin'>, () => Promise<FeatureModule>> = {
  dashboard: () => import('../features/dashboard/routes'),
  settlement: () => import('../features/settlement/routes'),
  copyright: () => import('../features/copyright/routes'),
  company: () => import('../features/company/routes'),
  books: () => import('../features/books/routes'),
  help: () => import('../features/help/routes'),
};

/** Spec §2 route guard: every page but /login and /register needs a session. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (!session.isValid()) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return null;
}

/** How long the first render of a screen waits for the calls it prefetches before it shows their loaders. */
const PREFETCH_WAIT_MS = 1500;
/** Only the first screen of the app's layout waits for its calls; later ones show what is cached at once. */
let firstAppScreen = true;

/**
 * Starts the calls a screen makes first together with its code, and lets the app's first screen wait
 * for them (at most PREFETCH_WAIT_MS; a failed call shows as such in its part of the screen). Started
 * by the page itself, they began only when its first render was well under way, and their answers
 * arriving in the middle of it made React redo that render as one blocking task (issue 17).
 */
async function prefetchScreen(load: () => Promise<FeatureModule>, path: string) {
  if (!session.isValid()) return null;
  warmIntl(intlLocale());
  const wait = firstAppScreen;
  firstAppScreen = false;
  try {
    const [layout, m] = await Promise.all([import('./layout/app-layout'), load()]);
    const calls = Promise.all([layout.prefetchLayout(), m.prefetch?.[path]?.(layout.queryClient)]);
    if (wait) await Promise.race([calls, new Promise((r) => setTimeout(r, PREFETCH_WAIT_MS))]);
  } catch {
    /* the route's lazy load reports a failed import */
  }
  return null;
}

/** The route of one screen of the contract's SCREENS (the server preloads its files from the same list). */
function screenRoute(screen: Screen): RouteObject {
  const { feature, path } = screen;
  const route: RouteObject = screen.layout === 'full' ? { path, loader: requireSession } : { path };
  if (feature === 'auth' && path === '/login') {
    return {
      ...route,
      lazy: lazyPage(
        () => import('../features/auth/components/login-page'),
        (m) => m.LoginPage,
        'auth',
      ),
      // the demo logins are shown in the page's first render (index.html preloads the call: apps/server/src/web-app.ts)
      loader: async () => {
        if (session.isValid()) return redirect('/dashboard');
        await prefetchLoginHints(PREFETCH_WAIT_MS);
        return null;
      },
    };
  }
  if (feature === 'auth' && path === '/invitation') {
    // (issue 58) an invitation's link: open with or without a session; its own chunk (the form's zod schema)
    return {
      ...route,
      lazy: lazyPage(
        () => import('../features/auth/components/invitation-page'),
        (m) => m.InvitationPage,
        'auth',
      ),
    };
  }
  if (feature === 'auth') {
    // the forgotten-password pages: open with or without a session
    return {
      ...route,
      lazy: lazyPage(
        () => import('../features/auth/components/password-reset-page'),
        (m) => (path === '/password-reset' ? m.PasswordResetRequestPage : m.PasswordResetConfirmPage),
        'auth',
      ),
    };
  }
  if (feature === 'admin') return adminRoute(screen);
  if (!feature) return { ...route, element: <PlaceholderPage titleKey={`app.${path.slice(1)}Title`} /> };
  const page = (m: FeatureModule) => {
    const Page = m.pages[path];
    if (!Page) throw new Error(`features/${feature}/routes.tsx has no page for ${path}`);
    return Page;
  };
  // paths inside the app layout are relative to it
  return {
    ...route,
    path: path.slice(1),
    loader: () => prefetchScreen(features[feature], path),
    lazy: lazyPage(features[feature], page, feature),
  };
}

const screens: readonly Screen[] = SCREENS;

/**
 * The distributor's console (issue 15): its layout, pages and guards all come from the lazily loaded
 * features/admin/routes.tsx (the guards read the operator session there), so none of it is in the
 * bundle of a publisher's screens.
 */
const loadAdmin = () => import('../features/admin/routes');
function adminRoute({ path }: Screen): RouteObject {
  return {
    path,
    lazy: async () => {
      const [m] = await Promise.all([withTimeout(loadAdmin()), loadNamespaces('admin').catch(() => undefined)]);
      const Page = m.pages[path as keyof typeof m.pages];
      if (!Page) throw new Error(`features/admin/routes.tsx has no page for ${path}`);
      return { Component: Page, loader: m.guardOf(path) };
    },
  };
}
const adminRedirects = Object.entries(SCREEN_REDIRECTS).filter(([, to]) => screens.find((s) => s.path === to)?.layout === 'admin');

export const routes: RouteObject[] = [
  {
    element: <FullPageLayout />,
    errorElement: <RouteError />,
    children: screens.filter((s) => s.layout === 'guest' || s.layout === 'full').map(screenRoute),
  },
  ...adminRedirects.map(([from, to]): RouteObject => ({ path: from, loader: () => redirect(to) })),
  {
    lazy: async () => ({ Component: (await withTimeout(loadAdmin())).AdminLayout }),
    errorElement: <RouteError />,
    children: screens.filter((s) => s.layout === 'admin').map(adminRoute),
  },
  {
    path: '/',
    loader: requireSession,
    lazy: lazyPage(
      () => import('./layout/app-layout'),
      (m) => m.AppLayout,
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(SCREEN_REDIRECTS['/']) },
      {
        errorElement: <RouteError />,
        children: [
          ...Object.entries(SCREEN_REDIRECTS)
            .filter(([from]) => from !== '/' && !adminRedirects.some(([a]) => a === from))
            .map(([from, to]): RouteObject => ({ path: from.slice(1), loader: () => redirect(to) })),
          ...screens.filter((s) => s.layout === 'app').map(screenRoute),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * The app's router. Creating it starts the first navigation (matching, the first screen's code, texts
 * and calls), so main.tsx creates it in a task after the one that evaluates the entry's modules.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 on an authenticated call: the session is gone; back to login, keeping where the user was.
  setUnauthorizedHandler(() => {
    session.clear(); // the query cache empties itself when the session ends (query-client.ts)
    const here = window.location.pathname + window.location.search;
    if (!here.startsWith('/login')) void router.navigate(loginPathFor(here), { replace: true });
  });
  return router;
}
export type AppRouter = ReturnType<typeof createAppRouter>;
