import type { ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { BoardEditPage } from './components/board-edit-page';
import { BoardListPage } from './components/board-list-page';
import { BoardViewPage } from './components/board-view-page';
import { FaqPage } from './components/faq-page';
import { FilesPage } from './components/files-page';

/** The help desk's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'help'>, ComponentType> = {
  '/help/faq': FaqPage,
  '/help/files': FilesPage,
  '/help/bbs/:bbs_name': BoardListPage,
  '/help/bbs/:bbs_name/edit/:idx?': BoardEditPage,
  '/help/bbs/:bbs_name/view/:idx?': BoardViewPage,
};
