export { ExcelUploadPage } from './components/excel-upload-page';
export { BooksListPage } from './components/books-list-page';
