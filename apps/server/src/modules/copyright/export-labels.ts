import { SALE_INFO_CHANNELS, type TExportLang } from '@portal/contract';
import { fillText, LOCALES } from '../../lib/locales';

/**
 * Every text of the copyright exports, per language of the screen that asked (`lang` of the export call):
 * the copyright screens' column headers and list titles (the sheet names), the currency header of the
 * settlement screens, the status and pay-type labels, and the invoice column (`exports`, no screen has it).
 */
export function exportTexts(lang: TExportLang) {
  const { copyright, settlement, common, exports } = LOCALES[lang];
  return {
    ...copyright.fields,
    currency: settlement.fields.currency,
    invoice: exports.invoice,
    royaltySheet: copyright.royalty.title,
    booksSheet: copyright.books.title,
    calcStatus: common.enums.calcStatus,
    payTypes: common.enums.payType as Record<string, string>,
    /** the sale channels the distributor records on a royalty line (sale_info, stored in English); a value not listed is written as stored */
    saleInfoValues: Object.fromEntries(Object.entries(SALE_INFO_CHANNELS).map(([text, key]) => [text, common.enums.saleInfo[key]])),
  };
}

/** The label of a totals row, e.g. 'Total USD (2,967 lines)' / 'USD 합계 (2,967건)'. */
export function totalLabel(lang: TExportLang, currency: string, lines: number): string {
  return fillText(LOCALES[lang].copyright.totals.label, lang, { currency, lines });
}

/** A country's name in the language, from its 2-letter code (the 3-letter code when it has none). */
export function countryNames(lang: TExportLang, countries: { code_2: string; code_3: string }[]): Record<string, string> {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const out: Record<string, string> = {};
  for (const c of countries) {
    try {
      out[c.code_3] = names.of(c.code_2.trim()) ?? c.code_3;
    } catch {
      out[c.code_3] = c.code_3;
    }
  }
  return out;
}
