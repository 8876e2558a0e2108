import { ComingSoon } from '../../components/coming-soon';

export function CompanyEditPage() {
  return <ComingSoon titleKey="nav.companyEdit" />;
}
