import { ComingSoon } from '../../components/coming-soon';

export function SalePage() {
  return <ComingSoon titleKey="nav.settlement" />;
}
