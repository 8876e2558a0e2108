import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorSession } from './operator-session';
import { guardOf } from './routes';

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as LoaderFunctionArgs;
const target = (r: unknown) => (r instanceof Response ? r.headers.get('location') : r);

afterEach(() => localStorage.clear());

describe("the console's guards (the operator session, not the company's)", () => {
  it('a console screen without an operator session goes to the console login, keeping the place', () => {
    localStorage.setItem('portal.token', 'company-token');
    localStorage.setItem('portal.expiresAt', String(Date.now() + 60_000));
    expect(target(guardOf('/admin/companies')(args('/admin/companies?x=1')))).toBe('/admin/login?redirect=%2Fadmin%2Fcompanies%3Fx%3D1');
  });

  it('with an operator session the screen opens and the login page leaves for the import centre', () => {
    operatorSession.store('operator-token', 60);
    expect(guardOf('/admin/audit')(args('/admin/audit'))).toBeNull();
    expect(target(guardOf('/admin/login')(args('/admin/login')))).toBe('/admin/imports');
  });

  it('an expired operator session counts as none', () => {
    operatorSession.store('operator-token', 60, Date.now() - 120_000);
    expect(target(guardOf('/admin/imports')(args('/admin/imports')))).toBe('/admin/login?redirect=%2Fadmin%2Fimports');
    expect(guardOf('/admin/login')(args('/admin/login'))).toBeNull();
  });
});
