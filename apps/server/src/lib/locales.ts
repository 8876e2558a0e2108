import { EXPORT_LANGS, intlLocaleOf, type TExportLang } from '@portal/contract';
import commonEn from '@portal/contract/locales/en/common.json' with { type: 'json' };
import commonEs from '@portal/contract/locales/es/common.json' with { type: 'json' };
import commonJa from '@portal/contract/locales/ja/common.json' with { type: 'json' };
import commonKo from '@portal/contract/locales/ko/common.json' with { type: 'json' };
import commonZh from '@portal/contract/locales/zh/common.json' with { type: 'json' };
import copyrightEn from '@portal/contract/locales/en/copyright.json' with { type: 'json' };
import copyrightEs from '@portal/contract/locales/es/copyright.json' with { type: 'json' };
import copyrightJa from '@portal/contract/locales/ja/copyright.json' with { type: 'json' };
import copyrightKo from '@portal/contract/locales/ko/copyright.json' with { type: 'json' };
import copyrightZh from '@portal/contract/locales/zh/copyright.json' with { type: 'json' };
import exportsEn from '@portal/contract/locales/en/exports.json' with { type: 'json' };
import exportsEs from '@portal/contract/locales/es/exports.json' with { type: 'json' };
import exportsJa from '@portal/contract/locales/ja/exports.json' with { type: 'json' };
import exportsKo from '@portal/contract/locales/ko/exports.json' with { type: 'json' };
import exportsZh from '@portal/contract/locales/zh/exports.json' with { type: 'json' };
import importsEn from '@portal/contract/locales/en/imports.json' with { type: 'json' };
import importsEs from '@portal/contract/locales/es/imports.json' with { type: 'json' };
import importsJa from '@portal/contract/locales/ja/imports.json' with { type: 'json' };
import importsKo from '@portal/contract/locales/ko/imports.json' with { type: 'json' };
import importsZh from '@portal/contract/locales/zh/imports.json' with { type: 'json' };
import mailEn from '@portal/contract/locales/en/mail.json' with { type: 'json' };
import mailEs from '@portal/contract/locales/es/mail.json' with { type: 'json' };
import mailJa from '@portal/contract/locales/ja/mail.json' with { type: 'json' };
import mailKo from '@portal/contract/locales/ko/mail.json' with { type: 'json' };
import mailZh from '@portal/contract/locales/zh/mail.json' with { type: 'json' };
import settlementEn from '@portal/contract/locales/en/settlement.json' with { type: 'json' };
import settlementEs from '@portal/contract/locales/es/settlement.json' with { type: 'json' };
import settlementJa from '@portal/contract/locales/ja/settlement.json' with { type: 'json' };
import settlementKo from '@portal/contract/locales/ko/settlement.json' with { type: 'json' };
import settlementZh from '@portal/contract/locales/zh/settlement.json' with { type: 'json' };

const en = { common: commonEn, copyright: copyrightEn, settlement: settlementEn, exports: exportsEn, mail: mailEn, imports: importsEn };
type Words = typeof en;

/**
 * The words of what the server writes in a language: the translations the screens read
 * (packages/contract/locales/<lng>/<ns>.json, bundled), so an export's column is headed as the screen
 * heads it. The namespaces no screen shows: `exports` (the royalty export's invoice column, the
 * statement PDF), `mail` (the mails, lib/mail/render.ts) and `imports` (an import report's messages).
 * Templates are i18next's (`{{name}}`, filled by fillText).
 */
export const LOCALES: Readonly<Record<TExportLang, Words>> = {
  en,
  ko: { common: commonKo, copyright: copyrightKo, settlement: settlementKo, exports: exportsKo, mail: mailKo, imports: importsKo },
  es: { common: commonEs, copyright: copyrightEs, settlement: settlementEs, exports: exportsEs, mail: mailEs, imports: importsEs },
  zh: { common: commonZh, copyright: copyrightZh, settlement: settlementZh, exports: exportsZh, mail: mailZh, imports: importsZh },
  ja: { common: commonJa, copyright: copyrightJa, settlement: settlementJa, exports: exportsJa, mail: mailJa, imports: importsJa },
};

/** One text (or group of texts) of the locale files in every language, e.g. a mail's: `inEveryLanguage((w) => w.mail.frame)`. */
export const inEveryLanguage = <T>(pick: (words: Words) => T): Record<TExportLang, T> =>
  Object.fromEntries(EXPORT_LANGS.map((l) => [l, pick(LOCALES[l])])) as Record<TExportLang, T>;

/** A text's `{{name}}` placeholders filled (missing names stay visible), numbers grouped as the language writes them. */
export function fillText(template: string, lang: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : typeof v === 'number' ? v.toLocaleString(intlLocaleOf(lang)) : v;
  });
}
