import { ComingSoon } from '../../components/coming-soon';

export function ExcelUploadPage() {
  return <ComingSoon titleKey="nav.excelUpload" />;
}

export function BooksListPage() {
  return <ComingSoon titleKey="nav.booksList" />;
}
