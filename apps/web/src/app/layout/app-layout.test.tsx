import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { startMockApi } from '../../testing/mocks/server';
import { renderWithProviders } from '../../test/render';
import { AppLayout } from './app-layout';

startMockApi();

/**
 * What the layout showed when React committed it for the first time, and how many commits followed:
 * the DOM is read in the Profiler's callback, which runs in the commit, before any effect of the layout.
 */
async function mountLayout() {
  const commits: { phase: string; minimised: boolean; expanded: boolean; sidebarToggle: boolean }[] = [];
  const router = createMemoryRouter([{ path: '/', element: <AppLayout />, children: [{ path: 'dashboard', element: <p>the page</p> }] }], {
    initialEntries: ['/dashboard'],
  });
  await renderWithProviders(
    <Profiler
      id="layout"
      onRender={(_id, phase) =>
        commits.push({
          phase,
          // minimised, the sidebar shows icon links and no title
          minimised: document.querySelector('[data-testid="sidebar-title"]') === null,
          expanded: document.querySelector('[data-testid="sidebar-toggle"]')?.getAttribute('aria-pressed') === 'false',
          sidebarToggle: document.querySelector('[data-testid="sidebar-toggle"]') !== null,
        })
      }
    >
      <RouterProvider router={router} />
    </Profiler>,
  );
  await screen.findByText('the page');
  return commits;
}

beforeEach(() => session.store('token', 3600));
afterEach(() => {
  session.clear();
  localStorage.removeItem('portal.sidebarMinimised');
});

describe('the app layout (issue 17)', () => {
  it('shows the sidebar state the user kept in its first render, not after an effect', async () => {
    localStorage.setItem('portal.sidebarMinimised', 'true');
    const commits = await mountLayout();
    const first = commits.find((c) => c.phase === 'mount');
    expect(first).toEqual({ phase: 'mount', minimised: true, expanded: false, sidebarToggle: true });
    // no later commit changes it back and forth
    expect(commits.every((c) => c.minimised)).toBe(true);
  });

  it('shows the full sidebar in its first render when nothing was kept', async () => {
    const commits = await mountLayout();
    expect(commits.find((c) => c.phase === 'mount')).toEqual({ phase: 'mount', minimised: false, expanded: true, sidebarToggle: true });
    expect(commits.every((c) => !c.minimised)).toBe(true);
  });

  it('on a phone, mounts neither the sidebar toggle (hidden there) nor the two menus in its first render', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 47.99em)' });
    try {
      const commits = await mountLayout();
      expect(commits[0]).toMatchObject({ phase: 'mount', sidebarToggle: false });
      for (const menu of ['user-menu', 'language-menu']) {
        // a mounted Mantine menu gives its target an id (deferred-menu.tsx)
        expect(screen.getByTestId(menu)).toHaveAttribute('aria-haspopup', 'menu');
        expect(screen.getByTestId(menu)).toHaveAttribute('aria-expanded', 'false');
        expect(screen.getByTestId(menu)).not.toHaveAttribute('id');
      }
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
