// The exports speak the screen's words: every label of EXPORT_TEXTS is the text the web app shows for
// the same thing (its locale files, read here as data), in each of the five languages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_LANGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { EXPORT_TEXTS, totalLabel } from './export-labels';

const LOCALES = path.resolve(import.meta.dirname, '../../../../web/src/locales');
const read = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8'));

describe('export labels', () => {
  it.each(EXPORT_LANGS)('%s: the same words as the screens', (lang) => {
    const copyright = read(lang, 'copyright');
    const common = read(lang, 'common');
    const settlement = read(lang, 'settlement');
    const t = EXPORT_TEXTS[lang];
    const f = copyright.fields;
    expect({
      royaltySheet: t.royaltySheet,
      booksSheet: t.booksSheet,
      no: t.no,
      title: t.title,
      isbn: t.isbn,
      customer: t.customer,
      country: t.country,
      saleInfo: t.saleInfo,
      unitPrice: t.unitPrice,
      qty: t.qty,
      sampleQty: t.sampleQty,
      disuseQty: t.disuseQty,
      rate: t.rate,
      royalty: t.royalty,
      status: t.status,
      salesDate: t.salesDate,
      publicationDate: t.publicationDate,
      pageCount: t.pageCount,
      listPrice: t.listPrice,
      payType: t.payType,
      createdAt: t.createdAt,
      currency: t.currency,
      calcStatus: t.calcStatus,
      payTypes: t.payTypes,
      total: t.total,
    }).toEqual({
      royaltySheet: copyright.royalty.title,
      booksSheet: copyright.books.title,
      no: f.no,
      title: f.title,
      isbn: f.isbn,
      customer: f.customer,
      country: f.country,
      saleInfo: f.saleInfo,
      unitPrice: f.unitPrice,
      qty: f.qty,
      sampleQty: f.sampleQty,
      disuseQty: f.disuseQty,
      rate: f.rate,
      royalty: f.royalty,
      status: f.status,
      salesDate: f.salesDate,
      publicationDate: f.publicationDate,
      pageCount: f.pageCount,
      listPrice: f.listPrice,
      payType: f.payType,
      createdAt: f.createdAt,
      currency: settlement.fields.currency,
      calcStatus: common.enums.calcStatus,
      payTypes: { sale: common.enums.payType.sale, net: common.enums.payType.net },
      total: copyright.totals.label,
    });
    // a sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]
    for (const name of [t.royaltySheet, t.booksSheet]) expect(name).toMatch(/^[^:\\/?*[\]]{1,31}$/);
    expect(t.invoice.length).toBeGreaterThan(0);
    // the sale channels the seeds and the ERP record, each with a word of its own
    expect(Object.keys(t.saleInfoValues)).toEqual(['Online bookstore', 'Offline bookstore', 'E-book', 'Library supply', 'Book fair']);
    expect(new Set(Object.values(t.saleInfoValues)).size).toBe(5);
  });

  it("totals rows count lines with the language's digit grouping", () => {
    expect(totalLabel('en', 'USD', 2967)).toBe('Total USD (2,967 lines)');
    expect(totalLabel('ko', 'KRW', 482)).toBe('KRW 합계 (482건)');
  });
});
