import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { session } from '../../lib/session';
import { logout } from './api/logout';

/** Spec §4/§7: logout clears the session and returns to login, even when the call fails. */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async () => {
    try {
      await logout();
    } catch {
      notifyError(t('session.logoutError'));
    } finally {
      session.clear();
      qc.clear();
      await navigate('/login', { replace: true });
    }
  };
}
