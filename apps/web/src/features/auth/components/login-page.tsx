import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessageKey } from '../../../lib/api-client';
import { safeRedirect } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { loginInfoQuery } from '../api/login-info';

// Messages are i18n keys, translated where they are shown (spec §5 login rules).
const ZLoginForm = z.object({
  id: z.string().trim().min(1, 'required.id'),
  password: z.string().min(1, 'required.password').min(PASSWORD_MIN_LENGTH, 'minLength'),
});
type LoginForm = z.infer<typeof ZLoginForm>;

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { id: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const message = (key?: string) => {
    if (!key) return undefined;
    if (key === 'required.id') return t('common:messages.required', { field: t('fields.id') });
    if (key === 'required.password') return t('common:messages.required', { field: t('fields.password') });
    if (key === 'minLength') return t('common:messages.minLength', { n: PASSWORD_MIN_LENGTH });
    return key;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await loginMutation.mutateAsync(values);
      await qc.fetchQuery(loginInfoQuery());
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setFailure(t(`common:${errorMessageKey(e)}`));
    }
  });

  const { errors } = form.formState;
  return (
    <Paper component="main" withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <Stack>
          <div>
            <Title order={1} size="h2" id="login-title">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('subtitle')}
            </Text>
          </div>
          {failure && (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('fields.id')}
            autoComplete="username"
            autoFocus
            error={message(errors.id?.message)}
            {...form.register('id')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            error={message(errors.password?.message)}
            {...form.register('password')}
          />
          <Button type="submit" loading={loginMutation.isPending} fullWidth>
            {t('submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('demoHint')}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
