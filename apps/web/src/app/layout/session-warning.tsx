import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRefresh } from '../../features/auth/api/refresh';
import { notifyError, notifySuccess } from '../../lib/notify';
import { loginPathFor } from '../../lib/redirect';
import { SESSION_CHECK_INTERVAL_MS, SESSION_WARNING_MS, session } from '../../lib/session';

/**
 * Spec §4: every 30 s the stored expiry is compared with now; within 5 minutes a modal offers to
 * extend the login time. An expired session goes back to login with the wanted path kept.
 */
/** At build time (app/prerender.tsx) there is no session: the layout's frame is rendered without one. */
const noSession = () => null;

export function SessionWarning() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const refresh = useRefresh();
  const expiresAt = useSyncExternalStore(session.subscribe, session.expiresAt, noSession);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);

  const check = useCallback(() => {
    const exp = session.expiresAt();
    if (!exp) return;
    const left = exp - Date.now();
    if (left <= 0) {
      session.clear();
      qc.clear();
      notifyError(t('session.expired'));
      void navigate(loginPathFor(location.pathname + location.search), { replace: true });
      return;
    }
    setRemaining(left <= SESSION_WARNING_MS ? left : null);
  }, [navigate, location.pathname, location.search, qc, t]);

  useEffect(() => {
    check();
    const id = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(id);
  }, [check, expiresAt]);

  const open = remaining !== null && dismissedFor !== expiresAt;
  const extend = async () => {
    try {
      await refresh.mutateAsync();
      setRemaining(null);
      notifySuccess(t('session.extended'));
    } catch {
      notifyError(t('session.extendError'));
    }
  };
  const secs = Math.max(0, Math.floor((remaining ?? 0) / 1000));
  // The modal is mounted once it is first needed: closed, Mantine's modal still mounts its portal and
  // transitions, which change state while mounting and made React render them a second time inside the
  // commit of the app's first screen (issue 17).
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;

  return (
    <Modal
      opened={open}
      onClose={() => setDismissedFor(expiresAt)}
      title={t('session.warningTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="session-warning"
    >
      <Text mb="lg">{t('session.warningText', { minutes: Math.floor(secs / 60), seconds: secs % 60 })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDismissedFor(expiresAt)}>
          {t('session.later')}
        </Button>
        <Button onClick={() => void extend()} loading={refresh.isPending} data-autofocus>
          {t('session.extend')}
        </Button>
      </Group>
    </Modal>
  );
}
