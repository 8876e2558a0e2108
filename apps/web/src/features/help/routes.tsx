import { ComingSoon } from '../../components/coming-soon';

export function FaqPage() {
  return <ComingSoon titleKey="nav.faq" />;
}
export function FilesPage() {
  return <ComingSoon titleKey="nav.files" />;
}
export function BoardListPage() {
  return <ComingSoon titleKey="nav.help" />;
}
export function BoardEditPage() {
  return <ComingSoon titleKey="nav.help" />;
}
export function BoardViewPage() {
  return <ComingSoon titleKey="nav.help" />;
}
