import { describe, expect, it } from 'vitest';
import { hyphenateIsbn } from './isbn';

describe('hyphenateIsbn (International ISBN Agency ranges)', () => {
  it('splits Korean 979-11 registrants of every length', () => {
    expect(hyphenateIsbn('9791158390013')).toBe('979-11-5839-001-3'); // the example (4-digit registrant)
    expect(hyphenateIsbn('9791100000007')).toBe('979-11-00-00000-7'); // 00–21: 2 digits
    expect(hyphenateIsbn('9791125000006')).toBe('979-11-250-0000-6'); // 250–549: 3 digits
    expect(hyphenateIsbn('9791185000008')).toBe('979-11-85000-00-8'); // 85000–94999: 5 digits
    expect(hyphenateIsbn('9791195000005')).toBe('979-11-950000-0-5'); // 950000–999999: 6 digits
  });
  it('splits Korean 978-89 registrants', () => {
    expect(hyphenateIsbn('9788936433673')).toBe('978-89-364-3367-3');
    expect(hyphenateIsbn('9788970440156')).toBe('978-89-7044-015-6');
    expect(hyphenateIsbn('9788901000008')).toBe('978-89-01-00000-8'); // 00–24: 2 digits
    expect(hyphenateIsbn('9788955000009')).toBe('978-89-5500-000-9'); // 5500–8499: 4 digits
    expect(hyphenateIsbn('9788999000003')).toBe('978-89-990-0000-3'); // 990–999: 3 digits
  });
  it('splits other registration groups (English 978-0, Japan 978-4, France 979-10)', () => {
    expect(hyphenateIsbn('9780306406157')).toBe('978-0-306-40615-7');
    expect(hyphenateIsbn('9784062748681')).toBe('978-4-06-274868-1');
    expect(hyphenateIsbn('9791091146135')).toBe('979-10-91146-13-5');
  });
  it('ignores hyphens and spaces already in the input', () => {
    expect(hyphenateIsbn('979-11-5839001-3')).toBe('979-11-5839-001-3');
    expect(hyphenateIsbn('978 0 306 40615 7')).toBe('978-0-306-40615-7');
  });
  it('keeps an ISBN-10 as ISBN-10', () => expect(hyphenateIsbn('0306406152')).toBe('0-306-40615-2'));
  it('returns what it cannot split as it was given', () => {
    expect(hyphenateIsbn('9791158390014')).toBe('9791158390014'); // wrong check digit
    expect(hyphenateIsbn('97911583900')).toBe('97911583900'); // too short
    expect(hyphenateIsbn('')).toBe('');
    expect(hyphenateIsbn('not an isbn')).toBe('not an isbn');
  });
});
