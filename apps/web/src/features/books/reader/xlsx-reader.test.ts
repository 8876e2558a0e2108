import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BooksFileError, readBooksBytes, readBooksFile, readFirstColumn } from './xlsx-reader';

// Fixtures made by other programs (python3-openpyxl 3.0.9, LibreOffice Calc, Python zipfile):
// see __fixtures__/make-fixtures.py.
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '__fixtures__', name)));
const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof BooksFileError) return e.problem;
    throw e;
  }
  return 'none';
};
const fileOf = (bytes: Uint8Array, name = 'books.xlsx') => new File([bytes as BlobPart], name);

describe('books.xlsx reader on real workbooks', () => {
  it('reads numeric cells (openpyxl) as ISBNs, only column A', () => {
    const r = readBooksBytes(fixture('openpyxl-numbers.xlsx'));
    expect(r.valid).toHaveLength(21);
    expect(r.valid[0]).toEqual({ row: 1, isbn13: '9791158390006' });
    // 306406152 stored as a number: the ISBN-10 0306406152 that lost its leading zero
    expect(r.valid[20]).toEqual({ row: 21, isbn13: '9780306406157' });
    expect(r.invalid).toEqual([{ row: 22, value: '9791158390458', problem: 'checksum' }]);
    expect(r.headerRow).toBeUndefined();
  });

  it('skips the header, counts blanks, keeps duplicates once, lists bad rows, ignores the second sheet', () => {
    const r = readBooksBytes(fixture('openpyxl-header-blanks-two-sheets.xlsx'));
    expect(r.sheetName).toBe('도서목록');
    expect(r.headerRow).toBe(1);
    expect(r.valid.map((v) => v.row)).toEqual([2, 3, 5, 10, 14]);
    expect(r.valid[0]!.isbn13).toBe('9788970440002');
    expect(r.valid[2]!.isbn13).toBe('9788936420000'); // from the ISBN-10 8936420003
    expect(r.duplicates).toEqual([{ row: 6, isbn13: '9788970440002', firstRow: 2 }]);
    expect(r.invalid).toEqual([
      { row: 8, value: '9788966180005', problem: 'checksum' },
      { row: 9, value: 'n/a', problem: 'format' },
    ]);
    expect(r.blankRows).toBeGreaterThanOrEqual(1);
    // nothing from the second sheet (its 40 ISBNs are catalogue books 100-139)
    expect(r.valid).toHaveLength(5);
  });

  it('reads a LibreOffice workbook (shared strings, header, hyphenated and numeric cells)', () => {
    const r = readBooksBytes(fixture('libreoffice.xlsx'));
    expect(r.headerRow).toBe(1);
    expect(r.valid).toHaveLength(30);
    expect(r.invalid).toEqual([]);
    expect(r.valid[0]).toEqual({ row: 2, isbn13: '9791158390006' });
  });

  it('refuses a .xls renamed to books.xlsx as not an xlsx', () => {
    expect(problemOf(() => readBooksBytes(fixture('libreoffice-xls-renamed.xlsx')))).toBe('notXlsx');
  });

  it('refuses a zip without a workbook, and a text file', () => {
    expect(problemOf(() => readBooksBytes(fixture('zip-without-workbook.xlsx')))).toBe('notXlsx');
    expect(problemOf(() => readBooksBytes(new TextEncoder().encode('isbn\n9791158390007\n')))).toBe('notXlsx');
  });

  it('refuses a zip bomb from its central directory, before inflating', () => {
    const bomb = fixture('zip-bomb.xlsx');
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(problemOf(() => readFirstColumn(bomb))).toBe('bomb');
  });

  it('stops a zip whose headers lie about the sizes as soon as it inflates past them', () => {
    expect(problemOf(() => readFirstColumn(fixture('zip-bomb-lying-sizes.xlsx')))).toBe('bomb');
  });

  it('accepts only the exact name books.xlsx, and refuses big files before reading them', async () => {
    const good = fixture('openpyxl-numbers.xlsx');
    await expect(readBooksFile(fileOf(good))).resolves.toMatchObject({ valid: expect.any(Array) });
    for (const name of ['Books.xlsx', 'books.xls', 'books (1).xlsx', 'my-books.xlsx', 'books.xlsx.txt']) {
      await expect(readBooksFile(fileOf(good, name))).rejects.toMatchObject({ problem: 'fileName' });
    }
    const big = new File([new Uint8Array(6 * 1024 * 1024) as BlobPart], 'books.xlsx');
    await expect(readBooksFile(big)).rejects.toMatchObject({ problem: 'tooLarge' });
  });

  it('the e2e file holds 300 ISBN rows: 290 valid and distinct, 10 bad', () => {
    const r = readBooksBytes(new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../../../e2e/fixtures/books-300.xlsx'))));
    expect(r.valid).toHaveLength(290);
    expect(r.invalid).toHaveLength(10);
    expect(r.duplicates).toHaveLength(2);
    expect(r.headerRow).toBe(1);
  });
});
