// The invoice and payment exports speak the screens' words: every label of SETTLEMENT_EXPORT_TEXTS is
// the text the web app shows for the same thing (its locale files, read here as data), in each language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_LANGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { SETTLEMENT_EXPORT_TEXTS } from './export-labels';

const LOCALES = path.resolve(import.meta.dirname, '../../../../web/src/locales');
const read = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8'));

describe('settlement export labels', () => {
  it.each(EXPORT_LANGS)('%s: the same words as the screens', (lang) => {
    const s = read(lang, 'settlement');
    const e = read(lang, 'common').enums;
    const { invoicesSheet, paymentsSheet, invoicesTotal, paymentsTotal, issuers, states, items, balanceStates, paymentTypes, ...fields } =
      SETTLEMENT_EXPORT_TEXTS[lang];
    expect({ invoicesSheet, paymentsSheet }).toEqual({ invoicesSheet: s.tabs.invoices, paymentsSheet: s.tabs.payments });
    expect({ invoicesTotal, paymentsTotal }).toEqual({ invoicesTotal: s.totals.filter, paymentsTotal: s.totals.payments });
    for (const [k, v] of Object.entries(fields)) expect(v, k).toBe(s.fields[k]);
    expect(issuers).toEqual(e.issuer);
    expect(states).toEqual({ P: e.invoiceState.P, S: e.invoiceState.S });
    expect(items).toEqual(e.invoiceItem);
    expect(balanceStates).toEqual(e.balanceState);
    expect(paymentTypes).toEqual(e.paymentType);
  });
});
