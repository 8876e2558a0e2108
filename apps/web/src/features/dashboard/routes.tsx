import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { DashboardPage } from './components/dashboard-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'dashboard'>, ComponentType> = {
  '/dashboard': DashboardPage,
};
