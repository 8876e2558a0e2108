import { describe, expect, it } from 'vitest';
import { normaliseLength, pageWindow, showingRange } from './paging';

describe('paging (spec §9)', () => {
  it('falls back to 10 for lengths below 1', () => {
    expect(normaliseLength(0)).toBe(10);
    expect(normaliseLength(-5)).toBe(10);
    expect(normaliseLength(Number.NaN)).toBe(10);
    expect(normaliseLength(25)).toBe(25);
  });

  it("computes 'Showing x to y of z entries'", () => {
    expect(showingRange(0, 10, 123)).toEqual({ from: 1, to: 10, total: 123 });
    expect(showingRange(120, 10, 123)).toEqual({ from: 121, to: 123, total: 123 });
    expect(showingRange(0, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('shows at most 10 page links around the current page', () => {
    expect(pageWindow(0, 10, 1000)).toEqual({ page: 1, pages: 100, links: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(pageWindow(140, 10, 1000).links).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(0, 10, 35)).toEqual({ page: 1, pages: 4, links: [1, 2, 3, 4] });
    expect(pageWindow(0, 10, 0)).toEqual({ page: 1, pages: 1, links: [1] });
  });
});
