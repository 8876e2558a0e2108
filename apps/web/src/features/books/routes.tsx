import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { BooksListPage } from './components/books-list-page';
import { ExcelUploadPage } from './components/excel-upload-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'books'>, ComponentType> = {
  '/settings/excelUpload': ExcelUploadPage,
  '/products/booksList': BooksListPage,
};
