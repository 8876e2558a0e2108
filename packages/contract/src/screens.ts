// The screens of the web app (spec §2), in one place: the web app builds its router from this list,
// and the server reads it to know which screen (files to preload, translations) a path of the app
// opens. Without zod, so that the entry bundle stays small (`@portal/contract/screens`).

/**
 * Where a screen sits:
 * - `guest`: the full-page layout, open without a session (a valid session leaves /login for /dashboard);
 * - `full`: the full-page layout, behind the session guard;
 * - `app`: inside the app layout (sidebar, top bar), behind the session guard;
 * - `admin`: the distributor's console (issue 15): its own layout, its own operator session and guard
 *   (/admin/login open without one), all of it in the `admin` feature's chunk (publishers never load it).
 */
export type ScreenLayout = 'guest' | 'full' | 'app' | 'admin';

/**
 * A feature whose page is loaded lazily with its translations (the feature's namespace):
 * `apps/web/src/features/<feature>/routes.tsx` maps the screen's path to its page; the login page
 * is its own chunk (`features/auth/components/login-page.tsx`).
 */
export type ScreenFeature = 'auth' | 'dashboard' | 'company' | 'books' | 'settlement' | 'copyright' | 'help' | 'admin';

export interface Screen {
  /** react-router path syntax: `:name` a segment, `:name?` an optional one */
  path: string;
  layout: ScreenLayout;
  /** absent: a placeholder page of the app shell (spec §2: /register and /lock) */
  feature?: ScreenFeature;
}

export const SCREENS = [
  { path: '/login', layout: 'guest', feature: 'auth' },
  { path: '/password-reset', layout: 'guest', feature: 'auth' },
  { path: '/password-reset/confirm', layout: 'guest', feature: 'auth' },
  /** (issue 58) an invited person chooses its login id and password (the invitation mail's link) */
  { path: '/invitation', layout: 'guest', feature: 'auth' },
  { path: '/register', layout: 'guest' },
  { path: '/lock', layout: 'full' },
  { path: '/dashboard', layout: 'app', feature: 'dashboard' },
  { path: '/settings/companyEdit', layout: 'app', feature: 'company' },
  /** (issue 58) the user's own account (every role): who it is, its sessions */
  { path: '/settings/account', layout: 'app', feature: 'company' },
  /** (issue 58) the company's users and invitations (owners) */
  { path: '/settings/users', layout: 'app', feature: 'company' },
  { path: '/settings/excelUpload', layout: 'app', feature: 'books' },
  { path: '/products/booksList', layout: 'app', feature: 'books' },
  { path: '/calculate/sale', layout: 'app', feature: 'settlement' },
  { path: '/copyright/books', layout: 'app', feature: 'copyright' },
  { path: '/copyright/royalty', layout: 'app', feature: 'copyright' },
  { path: '/help/faq', layout: 'app', feature: 'help' },
  { path: '/help/files', layout: 'app', feature: 'help' },
  { path: '/help/bbs/:bbs_name', layout: 'app', feature: 'help' },
  { path: '/help/bbs/:bbs_name/edit/:idx?', layout: 'app', feature: 'help' },
  { path: '/help/bbs/:bbs_name/view/:idx?', layout: 'app', feature: 'help' },
  { path: '/admin/login', layout: 'admin', feature: 'admin' },
  { path: '/admin/imports', layout: 'admin', feature: 'admin' },
  { path: '/admin/companies', layout: 'admin', feature: 'admin' },
  { path: '/admin/audit', layout: 'admin', feature: 'admin' },
  /** (issue 57) the mail outbox: did a company get its mail, and if not why */
  { path: '/admin/mails', layout: 'admin', feature: 'admin' },
  /** (issue 56) operators (deactivate, reactivate, last use) and API keys (last use) */
  { path: '/admin/operators', layout: 'admin', feature: 'admin' },
] as const satisfies readonly Screen[];

/** Paths that only lead to a screen (a menu group's first page); each stays in its target's layout. */
export const SCREEN_REDIRECTS = {
  '/': '/dashboard',
  '/settings': '/settings/companyEdit',
  '/calculate': '/calculate/sale',
  '/copyright': '/copyright/books',
  '/help': '/help/faq',
  '/admin': '/admin/imports',
} as const satisfies Record<string, (typeof SCREENS)[number]['path']>;

type AnyScreen = (typeof SCREENS)[number];
/** The paths of a feature's screens: its routes.tsx maps each of them to a page (checked by tsc). */
export type ScreenPath<F extends ScreenFeature> = Extract<AnyScreen, { feature: F }>['path'];

/** A regular expression matching the paths a screen's path pattern stands for. */
export function screenPattern(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      const param = /^:\w+(\?)?$/.exec(segment);
      if (param) return param[1] ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

/** The screen a path of the web app opens (after a redirect), or undefined (the in-app "not found" page). */
export function screenOfPath(pathname: string): Screen | undefined {
  const redirected: string = (SCREEN_REDIRECTS as Record<string, string>)[pathname.replace(/(.)\/$/, '$1')] ?? pathname;
  return (SCREENS as readonly Screen[]).find((s) => screenPattern(s.path).test(redirected));
}

type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;
type Optional<N> = N extends `${infer M}?` ? M : never;
type ScreenParams<P extends string> = { [K in Exclude<ParamNames<P>, `${string}?`>]: string | number } & {
  [K in Optional<ParamNames<P>>]?: string | number;
};
type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [params?: Record<string, never>, query?: Record<string, string>]
  : [params: ScreenParams<P>, query?: Record<string, string>];

/**
 * A link to one of SCREENS (the mails' links): its path with each `:name` filled in (an optional one
 * left out when not given), then the query. Typed on the table, so a renamed screen breaks the build.
 */
export function screenHref<P extends AnyScreen['path']>(path: P, ...args: HrefArgs<P>): string {
  const [params = {}, query] = args as unknown as [Record<string, string | number | undefined>?, Record<string, string>?];
  const filled = path.replace(/\/:(\w+)\??/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? '' : `/${encodeURIComponent(value)}`;
  });
  const search = Object.entries(query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}
