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
  const [required, setRequired] = useState(passwordChange.required);
  if (!required) return children;
  return <RequiredChange onChanged={() => setRequired(false)} />;
}

/**
 * The form's texts (auth, company) are asked for only when a change is required: a gate that
 * suspended on them held every page's first paint for another round trip (issue 17).
 */
function RequiredChange({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation(['auth', 'company', 'common']);
  const { data: me } = useLoginInfo();
  const navigate = useNavigate();
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
            onChanged();
            void navigate('/dashboard', { replace: true });
          },
        }}
      />
    </Suspense>
  );
}
