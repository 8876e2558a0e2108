import { SCREEN_REDIRECTS, SCREENS } from '@portal/contract/screens';
import type { RouteObject } from 'react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { session } from '../lib/session';
import { api as apiUrl } from '../testing/mocks/handlers';
import { startMockApi } from '../testing/mocks/server';
import { createAppRouter, routes } from './router';

const server = startMockApi();

/** Every route of the router with its full path (children of the app layout are relative to '/'). */
function flatten(list: RouteObject[], base = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined || route.index ? [{ path: route.index ? base : path, route }] : [];
    return [...own, ...flatten(route.children ?? [], path)];
  });
}

describe("the router is built from the contract's SCREENS (the server preloads each screen from the same list)", () => {
  const flat = flatten(routes);

  it('has a route for every screen and redirect of the list, and no other path but the not-found page', () => {
    const paths = flat.map((r) => r.path).filter((p) => p !== '/' && p !== '/*');
    expect(new Set(paths)).toEqual(new Set([...SCREENS.map((s) => s.path), ...Object.keys(SCREEN_REDIRECTS).filter((p) => p !== '/')]));
    expect(paths).toHaveLength(new Set(paths).size);
  });

  it.each(SCREENS.filter((s) => 'feature' in s))('$path loads the page of features/$feature', async (screen) => {
    const route = flat.find((r) => r.path === screen.path && r.route.lazy)?.route;
    expect(typeof route?.lazy).toBe('function');
    const loaded = await (route!.lazy as () => Promise<{ Component?: unknown }>)();
    expect(typeof loaded.Component).toBe('function');
  });
});

describe('createAppRouter (main.tsx creates it after the entry has run)', () => {
  it('answers a 401 on an authenticated call with the login page, keeping where the user was', async () => {
    window.history.replaceState(null, '', '/calculate/sale?page=2');
    session.store('token', 3600);
    const router = createAppRouter();
    try {
      server.use(
        http.get(apiUrl('company/loginInfo'), () => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'gone' }, { status: 401 })),
        // the login page's loader asks for the demo logins
        http.get(apiUrl('common/loginHints'), () => HttpResponse.json({ demo_logins: [] })),
      );
      await expect(api.get('/company/loginInfo')).rejects.toMatchObject({ status: 401 });
      expect(session.isValid()).toBe(false);
      await expect
        .poll(() => router.state.location.pathname + router.state.location.search)
        .toBe(`/login?redirect=${encodeURIComponent('/calculate/sale?page=2')}`);
    } finally {
      router.dispose();
      session.clear();
    }
  });
});
