/**
 * The messages of an import report, in the five UI languages: the `imports` namespace of the locale files
 * (lib/locales.ts). Rows are reported by number and column with one of these, `{{name}}` replaced by its value.
 */
import { fillText, LOCALES } from '../locales';
import { mailLocale } from '../mail/render';

export type ImportMessageKey = keyof typeof LOCALES.en.imports;

/** A message to report: its key and the values of its placeholders. */
export interface ImportMessage {
  key: ImportMessageKey;
  params?: Record<string, string | number>;
}

/** The message in `lang` (anything unknown → English); numbers as written (row 1234, not 1,234), a missing value left visible. */
export function importMessage(lang: string | undefined, m: ImportMessage): string {
  const locale = mailLocale(lang);
  const values = Object.fromEntries(Object.entries(m.params ?? {}).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])));
  return fillText(LOCALES[locale].imports[m.key], locale, values);
}
