import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useLoginInfo } from '../../features/auth/api/login-info';
import { passwordChange } from '../../features/auth/password-change';

// the company feature's password change form (loaded only when a change is required)
const PasswordModal = lazy(() => import('../../features/company/components/password-modal').then((m) => ({ default: m.PasswordModal })));

/**
 * (issue 15) When the distributor set the company's password, the pages stay closed (the server
 * answers them 403 until then) and the password change form asks for a new one; then /dashboard.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['auth', 'company', 'common']);
  const [required, setRequired] = useState(passwordChange.required);
  const { data: me } = useLoginInfo();
  const navigate = useNavigate();
  if (!required) return children;
  if (!me) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      <PasswordModal
        opened
        onClose={() => undefined}
        companyId={me.id}
        required={{
          intro: t('auth:passwordChangeRequired'),
          onChanged: () => {
            passwordChange.set(false);
            setRequired(false);
            void navigate('/dashboard', { replace: true });
          },
        }}
      />
    </Suspense>
  );
}
