import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TTwoStepSetup } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, saveBlob } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLoginInfo, useRoleMay } from '../../auth/api/login-info';
import { disableTwoStep, enableTwoStep, setTwoStepPolicy, setupTwoStep } from '../api/two-step';

const LOGIN_INFO = { queryKey: ['auth', 'loginInfo'] };

/**
 * (issue 58) The user's own 2-step login (TOTP): on or off, the set-up dialog (QR code and secret, a code to confirm,
 * then the recovery codes shown once) and turning it off with the password. An owner also requires it of every user.
 */
export function TwoStepSection() {
  const { t } = useTranslation(['company', 'common']);
  const { data: me } = useLoginInfo();
  const owner = useRoleMay('users', 'write');
  const qc = useQueryClient();
  const [enrolOpen, setEnrolOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [policyPending, setPolicyPending] = useState(false);
  const on = me?.user.two_step === true;

  const setPolicy = async (require: boolean) => {
    setPolicyPending(true);
    try {
      await setTwoStepPolicy(require);
      await qc.invalidateQueries(LOGIN_INFO);
      notifySuccess(t('twoStep.policySaved'));
    } catch (e) {
      notifyError(
        e instanceof ApiError && e.code === 'TWO_STEP_SETUP_FIRST' ? t('twoStep.policySetupFirst') : t(`common:${errorMessageKey(e)}`),
      );
    } finally {
      setPolicyPending(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-two-step" data-testid="two-step-section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h4" id="company-two-step">
              {t('twoStep.title')}
            </Title>
            {me && (
              <Badge color={on ? 'green' : 'gray'} variant="light" data-testid="two-step-state">
                {on ? t('twoStep.on') : t('twoStep.off')}
              </Badge>
            )}
          </Group>
          {me &&
            (on ? (
              <Button size="xs" color="red" variant="light" onClick={() => setDisableOpen(true)} data-testid="two-step-disable">
                {t('twoStep.turnOff')}
              </Button>
            ) : (
              <Button size="xs" onClick={() => setEnrolOpen(true)} data-testid="two-step-enrol">
                {t('twoStep.setUp')}
              </Button>
            ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('twoStep.intro')}
        </Text>
        {me?.require_2fa && !owner && (
          <Text size="sm" data-testid="two-step-required">
            {t('twoStep.requiredByCompany')}
          </Text>
        )}
        {me && owner && (
          <Switch
            label={t('twoStep.policy')}
            description={t('twoStep.policyHint')}
            checked={me.require_2fa}
            disabled={policyPending}
            onChange={(e) => void setPolicy(e.currentTarget.checked)}
            data-testid="two-step-policy"
          />
        )}
      </Stack>
      <EnrolModal
        opened={enrolOpen}
        onClose={() => setEnrolOpen(false)}
        onEnabled={() => void qc.invalidateQueries(LOGIN_INFO)}
        loginId={me?.user.id ?? ''}
      />
      <DisableModal opened={disableOpen} onClose={() => setDisableOpen(false)} onDisabled={() => void qc.invalidateQueries(LOGIN_INFO)} />
    </Paper>
  );
}

/**
 * Set-up: the QR code and the secret, a code of it to confirm, then the ten recovery codes shown this once.
 * `required` (the company requires it, app/layout/two-step-setup-gate.tsx): no cancel nor close, `intro` says why,
 * `onDone` follows the recovery codes.
 */
export function EnrolModal({
  opened,
  onClose,
  onEnabled,
  loginId,
  required,
}: {
  opened: boolean;
  onClose: () => void;
  onEnabled: () => void;
  loginId: string;
  required?: { intro: string; onDone: () => void };
}) {
  const { t } = useTranslation(['company', 'common']);
  const [setup, setSetup] = useState<TTwoStepSetup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setSetup(null);
    setFailed(null);
    setCodes(null);
    setCode('');
    setCodeError(undefined);
    setupTwoStep().then(
      (s) => live && setSetup(s),
      (e: unknown) => live && setFailed(t(`common:${errorMessageKey(e)}`)),
    );
    return () => {
      live = false;
    };
  }, [opened, t]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(t('twoStep.codeFormat'));
      return;
    }
    setPending(true);
    try {
      const done = await enableTwoStep(code.trim());
      setCodes(done.recovery_codes);
      onEnabled();
    } catch (err) {
      setCodeError(
        err instanceof ApiError && err.code === 'TWO_STEP_FAILED' ? t('twoStep.codeWrong') : t(`common:${errorMessageKey(err)}`),
      );
    } finally {
      setPending(false);
    }
  };

  const text = codes ? `${t('twoStep.recoveryFileTitle', { id: loginId })}\n\n${codes.join('\n')}\n` : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={codes ? t('twoStep.recoveryTitle') : t('twoStep.enrolTitle')}
      withCloseButton={!required}
      closeOnEscape={!required}
      closeOnClickOutside={!required}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
      size="lg"
    >
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {!failed && !setup && (
        <Group justify="center" p="xl">
          <Loader aria-label={t('common:app.loading')} />
        </Group>
      )}
      {setup && !codes && (
        <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="two-step-enrol-form">
          <Stack>
            {required && <Text size="sm">{required.intro}</Text>}
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>{t('twoStep.stepScan')}</List.Item>
              <List.Item>{t('twoStep.stepCode')}</List.Item>
            </List>
            <Group align="flex-start" wrap="wrap" gap="lg">
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
                alt={t('twoStep.qrAlt')}
                w={196}
                h={196}
                fit="contain"
                bg="white"
                data-testid="two-step-qr"
              />
              <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Text size="sm" fw={500} id="two-step-secret-label">
                  {t('twoStep.secret')}
                </Text>
                <Code
                  block
                  aria-labelledby="two-step-secret-label"
                  data-testid="two-step-secret"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}
                >
                  {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
                </Code>
                <Text size="xs" c="dimmed">
                  {t('twoStep.secretHint')}
                </Text>
              </Stack>
            </Group>
            <TextInput
              label={t('twoStep.code')}
              description={t('twoStep.codeHint')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              withAsterisk
              data-autofocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={codeError}
              data-testid="two-step-code"
            />
            <Group justify="flex-end">
              {!required && (
                <Button variant="default" onClick={onClose}>
                  {t('common:actions.cancel')}
                </Button>
              )}
              <Button type="submit" loading={pending} data-testid="two-step-confirm">
                {t('twoStep.turnOn')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {codes && (
        <Stack data-testid="two-step-recovery">
          <Alert color="yellow" role="status">
            {t('twoStep.recoveryIntro')}
          </Alert>
          <Code block data-testid="two-step-recovery-codes" style={{ columns: 2, fontSize: 'var(--mantine-font-size-sm)' }}>
            {codes.join('\n')}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Button
                variant="light"
                onClick={() =>
                  void navigator.clipboard.writeText(text).then(
                    () => notifySuccess(t('twoStep.copied')),
                    () => notifyError(t('common:errors.generic')),
                  )
                }
              >
                {t('twoStep.copy')}
              </Button>
              <Button variant="light" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), `recovery-codes-${loginId}.txt`)}>
                {t('twoStep.download')}
              </Button>
            </Group>
            <Button onClick={required ? required.onDone : onClose} data-testid="two-step-done">
              {t('twoStep.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Turning 2-step login off takes the user's password. */
function DisableModal({ opened, onClose, onDisabled }: { opened: boolean; onClose: () => void; onDisabled: () => void }) {
  const { t } = useTranslation(['company', 'common']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('common:messages.required', { field: t('fields.password_current') }));
      return;
    }
    setPending(true);
    try {
      await disableTwoStep(password);
      notifySuccess(t('twoStep.turnedOff'));
      onDisabled();
      close();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      setError(
        code === 'PASSWORD_MISMATCH'
          ? t('twoStep.wrongPassword')
          : code === 'TWO_STEP_REQUIRED_BY_POLICY'
            ? t('twoStep.requiredByCompany')
            : t(`common:${errorMessageKey(err)}`),
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('twoStep.turnOffTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="two-step-disable-form">
        <Stack>
          <Text size="sm">{t('twoStep.turnOffIntro')}</Text>
          <PasswordInput
            label={t('fields.password_current')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {t('twoStep.turnOff')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
