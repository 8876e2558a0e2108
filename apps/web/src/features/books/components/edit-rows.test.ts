import { describe, expect, it } from 'vitest';
import { toEditRow, toPayload } from './edit-rows';

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
};

describe('review rows', () => {
  it('turn a lookup answer into editable text and back into the payload', () => {
    const row = toEditRow(found);
    expect(row).toMatchObject({ list_price: '12800', PAGE: '528' });
    expect(toPayload({ ...row, list_price: '12,800', PAGE: ' 528 ' })).toEqual({
      ok: true,
      value: { ...row, list_price: '12800', PAGE: 528 },
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
});
