import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { CopyrightBooksPage } from './components/books-page';
import { RoyaltyPage } from './components/royalty-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'copyright'>, ComponentType> = {
  '/copyright/books': CopyrightBooksPage,
  '/copyright/royalty': RoyaltyPage,
};
