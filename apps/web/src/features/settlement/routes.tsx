import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { SalePage } from './components/sale-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'settlement'>, ComponentType> = {
  '/calculate/sale': SalePage,
};
