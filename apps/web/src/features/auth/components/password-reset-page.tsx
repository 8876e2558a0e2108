import { Alert, Anchor, Button, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@portal/contract/constants';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { checkPasswordReset } from '../api/check-password-reset';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { requestPasswordReset } from '../api/request-password-reset';

/** The full-page card both screens share: a titled form, an alert, a way back to the login. */
function ResetCard({ titleId, title, intro, children }: { titleId: string; title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Paper component="main" withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
      <Stack>
        <div>
          <Title order={1} size="h2" id={titleId}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        </div>
        {children}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('reset.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** Spec §5-style rules of the new-password form, checked on submit. */
export function validateNewPassword(password: string, confirm: string): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = 'required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'minLength';
  if (!confirm) errors.confirm = 'required';
  else if (password && confirm !== password) errors.confirm = 'mismatch';
  return errors;
}

/** "Forgot your password?": the author id; the answer is the same whether or not it exists. */
export function PasswordResetRequestPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const [id, setId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!id.trim()) {
      setError(t('common:messages.required', { field: t('fields.id') }));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(id.trim(), i18n.resolvedLanguage ?? i18n.language);
      setSent(true);
    } catch (err) {
      setFailure(t(`common:${errorMessageKey(err)}`));
    } finally {
      setPending(false);
    }
  };

  return (
    <ResetCard titleId="reset-request-title" title={t('reset.requestTitle')} intro={t('reset.requestIntro')}>
      {sent ? (
        <Alert color="green" role="status" data-testid="reset-sent">
          {t('reset.requestSent')}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="reset-request-title">
          <Stack>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={t('fields.id')}
              name="id"
              autoComplete="username"
              autoFocus
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={pending} fullWidth>
              {t('reset.requestSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </ResetCard>
  );
}

/** The mailed link's screen: the new password twice; the token comes from the link. */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  // the link is asked about as the page opens, so a used or expired one says so before a password is typed;
  // when the check itself fails (network), the form is shown and its confirmation answers
  const [link, setLink] = useState<'checking' | 'live' | 'invalid'>(token ? 'checking' : 'invalid');
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkPasswordReset(token).then(
      () => current && setLink('live'),
      (err: unknown) => current && setLink(err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID' ? 'invalid' : 'live'),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const message = (code: string | undefined, field: 'password' | 'confirm') => {
    if (code === 'required')
      return t('common:messages.required', { field: t(field === 'password' ? 'reset.newPassword' : 'reset.confirmPassword') });
    if (code === 'minLength') return t('common:messages.minLength', { n: PASSWORD_MIN_LENGTH });
    if (code === 'mismatch') return t('common:messages.passwordMismatch');
    return undefined;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    if (found.password || found.confirm) return;
    setPending(true);
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID' ? t('reset.invalidLink') : t(`common:${errorMessageKey(err)}`),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <ResetCard titleId="reset-confirm-title" title={t('reset.confirmTitle')} intro={t('reset.confirmIntro')}>
      {done ? (
        <Alert color="green" role="status" data-testid="reset-done">
          {t('reset.confirmDone')}
        </Alert>
      ) : link === 'checking' ? (
        <Loader size="sm" mx="auto" aria-label={t('reset.checkingLink')} />
      ) : link === 'invalid' ? (
        <>
          <Alert color="red" role="alert" data-testid="reset-invalid">
            {t('reset.invalidLink')}
          </Alert>
          <Button component={Link} to="/password-reset" variant="light" fullWidth>
            {t('reset.requestAgain')}
          </Button>
        </>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="reset-confirm-title">
          <Stack>
            {failure && (
              <Alert color="red" role="alert" data-testid="reset-error">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label={t('reset.newPassword')}
              name="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={message(errors.password, 'password')}
            />
            <PasswordInput
              label={t('reset.confirmPassword')}
              name="password_confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={message(errors.confirm, 'confirm')}
            />
            <Button type="submit" loading={pending} fullWidth>
              {t('reset.confirmSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </ResetCard>
  );
}
