import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { AccountPage } from './components/account-page';
import { CompanyEditPage } from './components/company-edit-page';
import { UsersPage } from './components/users-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'company'>, ComponentType> = {
  '/settings/companyEdit': CompanyEditPage,
  '/settings/account': AccountPage,
  '/settings/users': UsersPage,
};
