import './jsdom-stubs';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { i18next, initI18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';

/** Where the page navigated to (a route other than the page's own). */
function Elsewhere() {
  const location = useLocation();
  return <div data-testid="navigated-to">{location.pathname}</div>;
}

/**
 * Renders one page at a URL as the app does: in a router (the page's path pattern), with a fresh
 * query client, modals and notifications, and its translations loaded. Any other path renders
 * "navigated-to" with the path the page went to. `lng`: the UI language (default English).
 */
export async function renderPage(
  Page: ComponentType,
  { path, url, ns, lng = 'en' }: { path: string; url: string; ns: string; lng?: string },
) {
  await initI18n('en');
  await i18next.changeLanguage(lng);
  await i18next.loadNamespaces(ns);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notifications />
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
    lng,
  );
  return { ...view, router, queryClient };
}
