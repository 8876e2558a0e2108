import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { loginPathFor } from '../lib/redirect';
import { session } from '../lib/session';
import { lazyPage } from './lazy';
import { FullPageLayout } from './layout/full-page-layout';
import { PlaceholderPage } from './placeholder-page';
import { NotFound, RouteError } from './route-error';

const dashboard = () => import('../features/dashboard/routes');
const settlement = () => import('../features/settlement/routes');
const copyright = () => import('../features/copyright/routes');
const company = () => import('../features/company/routes');
const books = () => import('../features/books/routes');
const help = () => import('../features/help/routes');

/** Spec §2 route guard: every page but /login and /register needs a session. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (!session.isValid()) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <FullPageLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        lazy: lazyPage(
          () => import('../features/auth/components/login-page'),
          (m) => m.LoginPage,
          'auth',
        ),
        loader: () => (session.isValid() ? redirect('/dashboard') : null),
      },
      {
        path: '/password-reset',
        lazy: lazyPage(
          () => import('../features/auth/components/password-reset-page'),
          (m) => m.PasswordResetRequestPage,
          'auth',
        ),
      },
      {
        path: '/password-reset/confirm',
        lazy: lazyPage(
          () => import('../features/auth/components/password-reset-page'),
          (m) => m.PasswordResetConfirmPage,
          'auth',
        ),
      },
      { path: '/register', element: <PlaceholderPage titleKey="app.registerTitle" /> },
      { path: '/lock', loader: requireSession, element: <PlaceholderPage titleKey="app.lockTitle" /> },
    ],
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
      { index: true, loader: () => redirect('/dashboard') },
      {
        errorElement: <RouteError />,
        children: [
          { path: 'dashboard', lazy: lazyPage(dashboard, (m) => m.DashboardPage, 'dashboard') },
          { path: 'settings', loader: () => redirect('/settings/companyEdit') },
          { path: 'settings/companyEdit', lazy: lazyPage(company, (m) => m.CompanyEditPage, 'company') },
          { path: 'settings/excelUpload', lazy: lazyPage(books, (m) => m.ExcelUploadPage, 'books') },
          { path: 'products/booksList', lazy: lazyPage(books, (m) => m.BooksListPage, 'books') },
          { path: 'calculate', loader: () => redirect('/calculate/sale') },
          { path: 'calculate/sale', lazy: lazyPage(settlement, (m) => m.SalePage, 'settlement') },
          { path: 'copyright', loader: () => redirect('/copyright/books') },
          { path: 'copyright/books', lazy: lazyPage(copyright, (m) => m.CopyrightBooksPage, 'copyright') },
          { path: 'copyright/royalty', lazy: lazyPage(copyright, (m) => m.RoyaltyPage, 'copyright') },
          { path: 'help', loader: () => redirect('/help/faq') },
          { path: 'help/faq', lazy: lazyPage(help, (m) => m.FaqPage, 'help') },
          { path: 'help/files', lazy: lazyPage(help, (m) => m.FilesPage, 'help') },
          { path: 'help/bbs/:bbs_name', lazy: lazyPage(help, (m) => m.BoardListPage, 'help') },
          { path: 'help/bbs/:bbs_name/edit/:idx?', lazy: lazyPage(help, (m) => m.BoardEditPage, 'help') },
          { path: 'help/bbs/:bbs_name/view/:idx?', lazy: lazyPage(help, (m) => m.BoardViewPage, 'help') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 on an authenticated call: the session is gone; back to login, keeping where the user was.
setUnauthorizedHandler(() => {
  session.clear(); // the query cache empties itself when the session ends (query-client.ts)
  const here = window.location.pathname + window.location.search;
  if (!here.startsWith('/login')) void router.navigate(loginPathFor(here), { replace: true });
});
