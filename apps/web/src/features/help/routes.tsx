// Pages of the help desk (spec §2): FAQ, files, board list / edit / view.
export { FaqPage } from './components/faq-page';
export { FilesPage } from './components/files-page';
export { BoardListPage } from './components/board-list-page';
export { BoardEditPage } from './components/board-edit-page';
export { BoardViewPage } from './components/board-view-page';
