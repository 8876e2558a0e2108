import { EXPORT_LANGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { exportTexts, totalLabel } from './export-labels';

describe('export labels', () => {
  it.each(EXPORT_LANGS)('%s: a word for each sale channel the seeds and the ERP record', (lang) => {
    const { saleInfoValues } = exportTexts(lang);
    expect(Object.keys(saleInfoValues)).toEqual(['Online bookstore', 'Offline bookstore', 'E-book', 'Library supply', 'Book fair']);
    expect(new Set(Object.values(saleInfoValues)).size).toBe(5);
    for (const word of Object.values(saleInfoValues)) expect(word?.trim()).toBeTruthy();
  });

  it("totals rows count lines with the language's digit grouping", () => {
    expect(totalLabel('en', 'USD', 2967)).toBe('Total USD (2,967 lines)');
    expect(totalLabel('ko', 'KRW', 482)).toBe('KRW 합계 (482건)');
  });
});
