import type { TExportLang } from '@portal/contract';
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
import settlementEn from '@portal/contract/locales/en/settlement.json' with { type: 'json' };
import settlementEs from '@portal/contract/locales/es/settlement.json' with { type: 'json' };
import settlementJa from '@portal/contract/locales/ja/settlement.json' with { type: 'json' };
import settlementKo from '@portal/contract/locales/ko/settlement.json' with { type: 'json' };
import settlementZh from '@portal/contract/locales/zh/settlement.json' with { type: 'json' };

const en = { common: commonEn, copyright: copyrightEn, settlement: settlementEn, exports: exportsEn };

/**
 * The words of the files the server writes in a language (the exports, the royalty statement PDF): the
 * translations the screens read (packages/contract/locales/<lng>/<ns>.json, bundled), so a column is
 * headed as the screen heads it; `exports` holds the words no screen shows. Templates are i18next's
 * (`{{name}}`, filled by lib/export fillText).
 */
export const LOCALES: Readonly<Record<TExportLang, typeof en>> = {
  en,
  ko: { common: commonKo, copyright: copyrightKo, settlement: settlementKo, exports: exportsKo },
  es: { common: commonEs, copyright: copyrightEs, settlement: settlementEs, exports: exportsEs },
  zh: { common: commonZh, copyright: copyrightZh, settlement: settlementZh, exports: exportsZh },
  ja: { common: commonJa, copyright: copyrightJa, settlement: settlementJa, exports: exportsJa },
};
