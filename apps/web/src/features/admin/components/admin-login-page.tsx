import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { adminLogin } from '../api/login';

/** Only a path of the console may be the target after login (no open redirect). */
const consolePath = (to: string | null) =>
  to && /^\/admin\/[\w/-]*(\?[^#]*)?$/.test(to) && !to.startsWith('/admin/login') ? to : '/admin/imports';

/** The console's login (issue 15): an operator's id and password; the token goes to the operator session only. */
export function AdminLoginPage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ id?: string; password?: string; code?: string }>({});
  // (issue 58) the password was right and the operator has 2-step login: its code (or a recovery code) too
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = {
      id: id.trim() ? undefined : t('common:messages.required', { field: t('login.id') }),
      password: password ? undefined : t('common:messages.required', { field: t('login.password') }),
      code: !codeStep || code.trim() ? undefined : t('common:messages.required', { field: t('login.code') }),
    };
    setErrors(found);
    if (found.id || found.password || found.code) return;
    setPending(true);
    try {
      await adminLogin({ id: id.trim(), password, ...(codeStep ? { otp: code.trim() } : {}) });
      await navigate(consolePath(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TWO_STEP_REQUIRED') {
        setCodeStep(true);
        return;
      }
      if (err instanceof ApiError && err.code === 'TWO_STEP_FAILED') setCode('');
      setFailure(t(`common:${errorMessageKey(err)}`));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder shadow="md" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="admin-login-title">
        <Stack>
          <div>
            <Title order={1} size="h2" id="admin-login-title">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </div>
          {params.get('expired') && !failure && (
            <Alert color="orange" data-testid="admin-login-expired">
              {t('login.expired')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert" data-testid="admin-login-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.id')}
            name="id"
            autoComplete="username"
            autoFocus
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
            error={errors.id}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          {codeStep && (
            <TextInput
              label={t('login.code')}
              description={t('login.codeHint')}
              name="otp"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.code}
              data-testid="admin-login-code"
            />
          )}
          <Button type="submit" loading={pending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
