import { ComingSoon } from '../../components/coming-soon';

export function CopyrightBooksPage() {
  return <ComingSoon titleKey="nav.copyrightBooks" />;
}

export function RoyaltyPage() {
  return <ComingSoon titleKey="nav.royalty" />;
}
