// Constants without zod, importable by the smallest bundles (the login page) via
// `@portal/contract/constants`.

/** Spec §9: company division code of this portal. */
export const COMPANY_DIVISION = 'AUT';
/** Spec §5/§9: login and new password minimum length. */
export const PASSWORD_MIN_LENGTH = 7;

/**
 * (issue 58) An invited user's login id: 4 to 100 letters, digits and `. _ - @` (it is typed on the login page beside
 * the companies' ids, which are unique with it). Here, without zod, for the accept page of the login bundle.
 */
export const LOGIN_ID_MIN = 4;
export const LOGIN_ID_MAX = 100;
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9._@-]+$/;
/** Spec §9: page size default 10, options 5/10/25/50; a length below 1 falls back to 10. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * The dates every call accepts (date filters, dates in bodies): years 0001 to 9999, the four-digit
 * years of the YYYY-MM-DD mask (spec §5). Both ends fit PostgreSQL's date and timestamp types and
 * JS Date; year 0000 (1 BC) is refused, PostgreSQL has no year 0.
 */
export const DATE_MIN = '0001-01-01';
export const DATE_MAX = '9999-12-31';

/** The UI languages; the company's last one is stored at login and mails to it are written in it. */
export const UI_LANGUAGES = ['en', 'ko', 'es', 'zh', 'ja'] as const;
export type TUiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * Marks in the screens the web build renders to HTML (apps/web/src/app/prerender.tsx), which the server
 * fills in for each request (apps/server/src/web-app.ts): the demo logins it has (as `demoLoginsText`
 * writes them) and the year of the app layout's footer.
 */
export const DEMO_LOGINS_MARK = '%DEMO_LOGINS%';
export const YEAR_MARK = '%YEAR%';

/**
 * The demo logins as the login page shows them (`id / password, …`): the page and the server's prerendered
 * screen. Here, not beside ZLoginHints: the login page is in the entry bundle, which imports no zod.
 */
export const demoLoginsText = (logins: readonly { id: string; password: string }[]) =>
  logins.map((l) => `${l.id} / ${l.password}`).join(', ');
