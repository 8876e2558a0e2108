import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { AdminLoginPage } from './components/admin-login-page';
import { AuditPage } from './components/audit-page';
import { CompaniesPage } from './components/companies-page';
import { ImportPage } from './components/import-page';
import { MailsPage } from './components/mails-page';
import { OperatorsPage } from './components/operators-page';
import { operatorSession } from './operator-session';

/** The console's screens (the contract's SCREENS, layout `admin`): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'admin'>, ComponentType> = {
  '/admin/login': AdminLoginPage,
  '/admin/imports': ImportPage,
  '/admin/companies': CompaniesPage,
  '/admin/audit': AuditPage,
  '/admin/mails': MailsPage,
  '/admin/operators': OperatorsPage,
};

export { AdminLayout };

/** The guard of a console screen: the login page leaves for the console with a session, every other screen needs one. */
export function guardOf(path: string) {
  if (path === '/admin/login') return () => (operatorSession.isValid() ? redirect('/admin/imports') : null);
  return ({ request }: LoaderFunctionArgs) => {
    if (operatorSession.isValid()) return null;
    const url = new URL(request.url);
    return redirect(`/admin/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  };
}
