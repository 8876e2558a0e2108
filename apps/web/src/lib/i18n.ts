import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

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
export const NAMESPACES = ['common', 'auth', 'settlement', 'copyright', 'company', 'help', 'dashboard', 'books'] as const;

/**
 * i18next with one JSON file per language and namespace, loaded on demand (src/locales/<lng>/<ns>.json).
 * The language comes from local storage, else the browser, else English (spec §1).
 */
export function initI18n(lng?: string) {
  return i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, namespace: string) => import(`../locales/${language}/${namespace}.json`)))
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
}

export function currentLanguage(): Language {
  const l = (i18next.resolvedLanguage ?? i18next.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en';
}

export { i18next };
