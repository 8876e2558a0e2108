import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useLoginInfo } from '../../features/auth/api/login-info';
import { twoStepSetup } from '../../features/auth/two-step-setup';

// the company feature's set-up dialog (loaded only when the set-up is required)
const EnrolModal = lazy(() => import('../../features/company/components/two-step-section').then((m) => ({ default: m.EnrolModal })));

/**
 * (issue 58) When the company requires 2-step login and the user has none, the pages stay closed (the server answers
 * them 403 TWO_STEP_SETUP_REQUIRED) and the set-up dialog asks for it; then /dashboard. As PasswordChangeGate.
 */
export function TwoStepSetupGate({ children }: { children: ReactNode }) {
  const [required, setRequired] = useState(twoStepSetup.required);
  if (!required) return children;
  return <RequiredSetup onDone={() => setRequired(false)} />;
}

function RequiredSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['auth', 'company', 'common']);
  const { data: me } = useLoginInfo();
  const navigate = useNavigate();
  if (!me) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      <EnrolModal
        opened
        onClose={() => undefined}
        onEnabled={() => undefined}
        loginId={me.user.id}
        required={{
          intro: t('auth:twoStepSetupRequired'),
          onDone: () => {
            twoStepSetup.set(false);
            onDone();
            void navigate('/dashboard', { replace: true });
          },
        }}
      />
    </Suspense>
  );
}
