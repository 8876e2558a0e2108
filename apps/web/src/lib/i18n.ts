import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { resolveJosa } from './josa';

export const LANGUAGES = ['en', 'ko', 'es', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Native names for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  es: 'Español',
  zh: '中文',
  ja: '日本語',
};
export const LANGUAGE_STORAGE_KEY = 'portal.lang';

const supported = (l: string | null | undefined): Language | undefined => {
  const base = l?.toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
};
/** The UI language as one of ours (e.g. for a call whose answer is in the language of the screen). */
export const asLanguage = (l: string | null | undefined): Language => supported(l) ?? 'en';

/**
 * Spec §1: the stored choice, else the first supported browser language, else English.
 * (A dozen lines instead of i18next-browser-languagedetector: the login page's JS budget.)
 */
export function detectLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    /* storage disabled */
  }
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return supported(stored) ?? browser.map(supported).find(Boolean) ?? 'en';
}

let started: Promise<unknown> | undefined;

/**
 * The translation files, shared with the server's exports (packages/contract/locales/<lng>/<ns>.json):
 * one chunk each, fetched when i18next asks for that language and namespace. `exports`, `mail` and `imports`
 * hold the words only the server writes (its statement PDF, an export's column no screen shows, its mails,
 * an import report's messages): no chunk for them.
 */
const LOCALE_FILES = import.meta.glob<{ default: object }>(['./*/*.json', '!./*/exports.json', '!./*/mail.json', '!./*/imports.json'], {
  base: '../../../../packages/contract/locales',
});
const localeFile = (language: string, namespace: string) =>
  LOCALE_FILES[`./${language}/${namespace}.json`]?.() ?? Promise.reject(new Error(`no translations ${language}/${namespace}`));

/**
 * i18next with one JSON file per language and namespace, loaded on demand (LOCALE_FILES).
 * Starts once (later calls get the same promise); the language is set and the `common` file requested
 * synchronously (initAsync: false), so a route's namespaces can be requested in the same tick.
 */
export function initI18n(lng: string = detectLanguage()) {
  if (started) return started;
  i18next.on('languageChanged', (l) => {
    const lang = supported(l);
    if (!lang) return;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      /* storage disabled */
    }
    // for the server, which preloads the screen's translations in this language (apps/server/src/web-app.ts)
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
  });
  started = i18next
    .use(initReactI18next)
    // Korean: "{{field}}을(를)" becomes "저자 ID를" once the word is in (lib/josa.ts)
    .use({ type: 'postProcessor', name: 'josa', process: (value: string) => resolveJosa(value) })
    .use(resourcesToBackend(localeFile))
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
      postProcess: ['josa'],
      react: { useSuspense: true },
    });
  return started;
}

/**
 * Loads translation namespaces for the current language (and its fallback). Usable before main.tsx
 * has initialised i18next: the router starts a page's lazy load while the modules are still being
 * evaluated, and its texts should be fetched then, together with its code.
 */
export async function loadNamespaces(ns: string | string[]) {
  void initI18n();
  await i18next.loadNamespaces(ns);
}

export function currentLanguage(): Language {
  return supported(i18next.resolvedLanguage ?? i18next.language) ?? 'en';
}

export { i18next };
