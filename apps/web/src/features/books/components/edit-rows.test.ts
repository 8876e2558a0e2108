import { describe, expect, it } from 'vitest';
import { reviewRows, toEditRow, toPayload } from './edit-rows';

const found = {
  isbn13: '9791158390006',
  cover_s_url: '/api/product/cover/9791158390006',
  title: '처음 만나는 요리',
  pub_date: '2015-09-26',
  list_price: '12800.00',
  author: '홍경민',
  pub_nm: '한빛나래',
  PAGE: 528,
  found: true,
  source: 'catalogue' as const,
  registered: false,
};
/** a valid ISBN nobody knows: the lookup answers it empty */
const unknown = {
  ...found,
  isbn13: '9791200000013',
  cover_s_url: '',
  title: '',
  pub_date: '',
  list_price: '0',
  author: '',
  pub_nm: '',
  PAGE: null,
  found: false,
  source: null,
};

describe('review rows', () => {
  it('turn a lookup answer into editable text and back into the payload', () => {
    const row = toEditRow(found);
    expect(row).toMatchObject({ status: 'found', list_price: '12800', PAGE: '528' });
    const { status: _status, ...fields } = row;
    expect(toPayload({ ...row, list_price: '12,800', PAGE: ' 528 ' })).toEqual({
      ok: true,
      value: { ...fields, list_price: '12800', PAGE: 528 },
    });
  });

  it('name the fields the server would refuse, with the same rules', () => {
    const r = toPayload({ ...toEditRow(found), title: ' ', pub_date: '2015-02-30', list_price: '1.234', PAGE: 'many' });
    expect(r).toEqual({
      ok: false,
      errors: { title: 'errors.title', pub_date: 'errors.date', list_price: 'errors.price', PAGE: 'errors.pages' },
    });
  });

  it('accept empty optional fields', () => {
    expect(toPayload({ ...toEditRow(found), author: '', pub_date: '', list_price: '', PAGE: '' })).toMatchObject({
      ok: true,
      value: { author: '', pub_date: '', list_price: '0', PAGE: null },
    });
  });

  it('make a not-found ISBN a row to fill in by hand: title required, the rest optional', () => {
    const row = toEditRow(unknown);
    expect(row).toMatchObject({ status: 'manual', title: '', list_price: '0', PAGE: '' });
    expect(toPayload(row)).toEqual({ ok: false, errors: { title: 'errors.title' } });
    // the same rules as a found row
    expect(toPayload({ ...row, title: '직접 입력한 책', pub_date: '2024-13-01' })).toEqual({
      ok: false,
      errors: { pub_date: 'errors.date' },
    });
    expect(toPayload({ ...row, title: '직접 입력한 책' })).toEqual({
      ok: true,
      value: {
        isbn13: unknown.isbn13,
        title: '직접 입력한 책',
        author: '',
        pub_nm: '',
        pub_date: '',
        list_price: '0',
        PAGE: null,
        cover_s_url: '',
      },
    });
  });

  it('flag the books the company already registered, and list the rows to fill in first', () => {
    const registered = { ...found, isbn13: '9791158390013', registered: true };
    const rows = reviewRows([found, registered, unknown]);
    expect(rows.map((r) => [r.isbn13, r.status])).toEqual([
      [unknown.isbn13, 'manual'],
      [found.isbn13, 'found'],
      [registered.isbn13, 'registered'],
    ]);
  });
});
