import { describe, expect, it } from 'vitest';
import { charLength, parseEmails, ZCompanyAddressBody, ZCompanyUpdateBody, ZPasswordChangeForm, ZPasswordUpdateBody } from './company';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const address = { address_name: 'a', country: 'KOR', zipcode: '04524', addressLine1: 'x', telephone: '02-1' };

describe('company rules shared by screen and server', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(charLength('가나다')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect(ZCompanyAddressBody.safeParse({ ...address, addressLine1: '😀'.repeat(45) }).success).toBe(true);
    expect(issues(ZCompanyAddressBody.safeParse({ ...address, addressLine1: '😀'.repeat(46) }))).toEqual({ addressLine1: 'maxLength:45' });
  });

  it('a null, array, string or number body is one type issue, never a crash in the object rules (regression: 500)', () => {
    for (const schema of [ZCompanyUpdateBody, ZCompanyAddressBody, ZPasswordUpdateBody, ZPasswordChangeForm])
      for (const body of [null, [], ['x'], 'x', 0, true]) {
        const r = schema.safeParse(body);
        expect(r.success).toBe(false);
        expect(r.error?.issues.map((i) => i.path.length)).toEqual([0]);
      }
  });

  it('city/state rules run together with the field rules (submit shows every message at once)', () => {
    const r = ZCompanyAddressBody.safeParse({ ...address, country: 'USA', address_name: '', addressLine1: 'x'.repeat(46) });
    expect(issues(r)).toEqual({ address_name: 'required', addressLine1: 'maxLength:45', city: 'required', state: 'required' });
  });

  it('e-mail lists: comma-separated or arrays in, positions kept for messages', () => {
    expect(parseEmails(' a@b.co, ,c@d.co ')).toEqual(['a@b.co', 'c@d.co']);
    const r = ZCompanyUpdateBody.safeParse({ email: ['a@b.co', '', 'A@B.co', 'x'], email_invoice: 'a@b.co,' });
    expect(issues(r)).toMatchObject({ 'email.1': 'required', 'email.2': 'duplicateEmail', 'email.3': 'email' });
    expect(issues(r)['email_invoice']).toBeUndefined();
  });

  it('password change form: confirmation equals the new password, new differs from current', () => {
    expect(
      issues(ZPasswordChangeForm.safeParse({ password_current: 'old-pass', password_change: 'new-pass1', password_confirm: 'new-pass2' })),
    ).toEqual({
      password_confirm: 'passwordMismatch',
    });
    expect(
      issues(ZPasswordChangeForm.safeParse({ password_current: 'same-pass', password_change: 'same-pass', password_confirm: 'same-pass' })),
    ).toEqual({
      password_change: 'samePassword',
    });
  });
});
