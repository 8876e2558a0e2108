import { describe, expect, it } from 'vitest';
import {
  ZBookLookupQuery,
  ZBooksExcelBody,
  classifyIsbnColumn,
  isValidIsbn13,
  isbn10To13,
  isbn13CheckDigit,
  normaliseIsbn,
} from './product';

describe('ISBN-13 checksum', () => {
  it('computes the check digit of known books', () => {
    expect(isbn13CheckDigit('978897044015')).toBe('6'); // 978-89-7044-015-6
    expect(isbn13CheckDigit('979115839045')).toBe('7');
    expect(isbn13CheckDigit('978030640615')).toBe('7'); // 978-0-306-40615-7
  });
  it('accepts only 978/979 with a right check digit', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('9770306406157')).toBe(false);
    expect(isValidIsbn13('978030640615')).toBe(false);
  });
});

describe('normaliseIsbn', () => {
  const ok = (isbn13: string) => ({ ok: true, isbn13 });
  it('keeps a plain valid ISBN-13', () => expect(normaliseIsbn('9791158390457')).toEqual(ok('9791158390457')));
  it('reads numbers as Excel stores them', () => {
    expect(normaliseIsbn(9791158390457)).toEqual(ok('9791158390457'));
    expect(normaliseIsbn(9788970440156)).toEqual(ok('9788970440156'));
  });
  it('restores the leading zero an ISBN-10 loses as a number', () => expect(normaliseIsbn(306406152)).toEqual(ok('9780306406157')));
  it('strips hyphens, spaces, non-breaking spaces and an ISBN label', () => {
    expect(normaliseIsbn('979-11-5839-045-7')).toEqual(ok('9791158390457'));
    expect(normaliseIsbn(' 979 11 5839 045 7 ')).toEqual(ok('9791158390457'));
    expect(normaliseIsbn('978\u00a089\u00a07044\u00a0015\u00a06')).toEqual(ok('9788970440156'));
    expect(normaliseIsbn('ISBN 978-89-7044-015-6')).toEqual(ok('9788970440156'));
    expect(normaliseIsbn('ISBN-13: 9788970440156')).toEqual(ok('9788970440156'));
    expect(normaliseIsbn('９７８８９７０４４０１５６')).toEqual(ok('9788970440156')); // full-width digits
  });
  it('converts ISBN-10 (with X, any case) to 13', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(normaliseIsbn('0-306-40615-2')).toEqual(ok('9780306406157'));
    expect(normaliseIsbn('0-8044-2957-X')).toEqual(ok('9780804429573'));
    expect(normaliseIsbn('080442957x')).toEqual(ok('9780804429573'));
  });
  it('names what is wrong', () => {
    expect(normaliseIsbn('9791158390458')).toEqual({ ok: false, problem: 'checksum' });
    expect(normaliseIsbn('0306406153')).toEqual({ ok: false, problem: 'checksum' });
    expect(normaliseIsbn('9771158390457')).toEqual({ ok: false, problem: 'prefix' });
    expect(normaliseIsbn('12345')).toEqual({ ok: false, problem: 'format' });
    expect(normaliseIsbn('title')).toEqual({ ok: false, problem: 'format' });
    expect(normaliseIsbn(97911583904.5)).toEqual({ ok: false, problem: 'format' });
    expect(normaliseIsbn('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(normaliseIsbn(null)).toEqual({ ok: false, problem: 'empty' });
  });
});

describe('classifyIsbnColumn', () => {
  it('skips a header, counts blanks, keeps duplicates once and lists bad rows with their row number', () => {
    const col = classifyIsbnColumn([
      { row: 1, value: 'ISBN' },
      { row: 2, value: 9791158390457 },
      { row: 3, value: '' },
      { row: 4, value: '979-11-5839-045-7' },
      { row: 5, value: '9791158390458' },
      { row: 6, value: '0306406152' },
      { row: 7, value: null },
      { row: 8, value: 'n/a' },
    ]);
    expect(col.headerRow).toBe(1);
    expect(col.valid).toEqual([
      { row: 2, isbn13: '9791158390457' },
      { row: 6, isbn13: '9780306406157' },
    ]);
    expect(col.duplicates).toEqual([{ row: 4, isbn13: '9791158390457', firstRow: 2 }]);
    expect(col.invalid).toEqual([
      { row: 5, value: '9791158390458', problem: 'checksum' },
      { row: 8, value: 'n/a', problem: 'format' },
    ]);
    expect(col.blankRows).toBe(2);
  });
  it('does not take a first-row ISBN, even a bad one, for a header', () => {
    expect(classifyIsbnColumn([{ row: 1, value: '9791158390458' }]).invalid).toHaveLength(1);
    expect(classifyIsbnColumn([{ row: 1, value: 'ISBN 9791158390457' }]).valid).toHaveLength(1);
  });
});

describe('call schemas', () => {
  it('lookup takes 1 to 100 valid ISBNs', () => {
    expect(ZBookLookupQuery.parse({ isbns: '9791158390457, 9788970440156' }).isbns).toEqual(['9791158390457', '9788970440156']);
    expect(ZBookLookupQuery.safeParse({ isbns: '' }).success).toBe(false);
    expect(ZBookLookupQuery.safeParse({ isbns: '9791158390458' }).success).toBe(false);
    expect(ZBookLookupQuery.safeParse({ isbns: Array(101).fill('9791158390457').join(',') }).success).toBe(false);
  });
  it('save refuses a duplicate ISBN and a missing title, with the row path', () => {
    const r = ZBooksExcelBody.safeParse({
      data: [
        { isbn13: '9791158390457', title: 'A' },
        { isbn13: '9791158390457', title: '' },
      ],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('data.1.title');
    expect(paths).toContain('data.1.isbn13');
  });
});
