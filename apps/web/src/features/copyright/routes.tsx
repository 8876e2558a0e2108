export { CopyrightBooksPage } from './components/books-page';
export { RoyaltyPage } from './components/royalty-page';
