import { EXPORT_LANGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

describe('the words of the exports', () => {
  // the sheet names are the screens' titles and tabs: a translator renaming one renames the sheet
  it.each(EXPORT_LANGS)('%s: sheet names Excel accepts (at most 31 characters, none of : \\ / ? * [ ])', (lang) => {
    const { copyright, settlement } = LOCALES[lang];
    for (const name of [copyright.royalty.title, copyright.books.title, settlement.tabs.invoices, settlement.tabs.payments])
      expect(name).toMatch(/^[^:\\/?*[\]]{1,31}$/);
  });
});
