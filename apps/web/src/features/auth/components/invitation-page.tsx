import { Alert, Anchor, Button, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TInvitationAccept, TInvitationInfo } from '@portal/contract';
import { LOGIN_ID_MAX, LOGIN_ID_MIN, LOGIN_ID_PATTERN, PASSWORD_MIN_LENGTH } from '@portal/contract/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { acceptInvitation, getInvitation } from '../api/invitation';

type LinkState = { state: 'checking' } | { state: 'live'; info: TInvitationInfo } | { state: 'refused'; code: 'notFound' | 'expired' };

type Values = TInvitationAccept & { password_confirm: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

/**
 * The contract's rules of the accept body (roles.ts ZInvitationAccept: the server checks the same), as issue codes,
 * without zod: this page is in the login bundle, which loads no zod.
 */
export function validateInvitation(v: Values): Errors {
  const errors: Errors = {};
  const id = v.login_id.trim();
  if (!id) errors.login_id = 'required';
  else if (id.length < LOGIN_ID_MIN) errors.login_id = `minLength:${LOGIN_ID_MIN}`;
  else if (id.length > LOGIN_ID_MAX) errors.login_id = `maxLength:${LOGIN_ID_MAX}`;
  else if (!LOGIN_ID_PATTERN.test(id)) errors.login_id = 'loginIdChars';
  const name = Array.from(v.name.trim()).length;
  if (!name) errors.name = 'required';
  else if (name > 200) errors.name = 'maxLength:200';
  const pw = Array.from(v.password).length;
  if (!pw) errors.password = 'required';
  else if (pw < PASSWORD_MIN_LENGTH) errors.password = `minLength:${PASSWORD_MIN_LENGTH}`;
  else if (pw > 200) errors.password = 'maxLength:200';
  if (!v.password_confirm) errors.password_confirm = 'required';
  else if (v.password && v.password_confirm !== v.password) errors.password_confirm = 'passwordMismatch';
  return errors;
}

/** The refusal of a link: expired, or not found (used, withdrawn, unknown); a network failure is none. */
const refusalOf = (e: unknown) =>
  e instanceof ApiError && e.code === 'INVITATION_EXPIRED'
    ? 'expired'
    : e instanceof ApiError && e.code === 'INVITATION_NOT_FOUND'
      ? 'notFound'
      : null;

/** (issue 58) /invitation?token=…: the invited person chooses a login id, a name and a password, then logs in. */
export function InvitationPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>(token ? { state: 'checking' } : { state: 'refused', code: 'notFound' });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const ctl = new AbortController();
    getInvitation(token, ctl.signal).then(
      (info) => setLink({ state: 'live', info }),
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        const code = refusalOf(e);
        if (code) setLink({ state: 'refused', code });
        else setFailure(t(`common:${errorMessageKey(e)}`));
      },
    );
    return () => ctl.abort();
  }, [token, t]);

  const [values, setValues] = useState<Values>({ login_id: '', name: '', password: '', password_confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // the invitation's name is the form's first guess
  const invitedName = link.state === 'live' ? link.info.name : '';
  useEffect(() => {
    if (invitedName) setValues((v) => (v.name ? v : { ...v, name: invitedName }));
  }, [invitedName]);
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  const label = {
    login_id: t('invitation.loginId'),
    name: t('invitation.name'),
    password: t('invitation.password'),
    password_confirm: t('invitation.confirmPassword'),
  };
  const message = (code: string | undefined, field: keyof typeof label) => {
    if (!code) return undefined;
    const [key, n] = code.split(':');
    if (key === 'required') return t('common:messages.required', { field: label[field] });
    if (key === 'minLength') return t('common:messages.minLength', { n: Number(n) });
    if (key === 'maxLength') return t('common:messages.maxLength', { n: Number(n) });
    if (key === 'passwordMismatch') return t('common:messages.passwordMismatch');
    if (key === 'loginIdChars') return t('invitation.loginIdChars');
    return code;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validateInvitation(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await acceptInvitation(token, { login_id: values.login_id.trim(), name: values.name.trim(), password: values.password });
      void navigate('/login', { state: { invited: true } });
    } catch (err) {
      const code = refusalOf(err);
      if (code) setLink({ state: 'refused', code });
      else if (err instanceof ApiError && err.code === 'LOGIN_TAKEN') setErrors({ login_id: 'taken' });
      else setFailure(t(`common:${errorMessageKey(err)}`));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper component="main" withBorder shadow="md" p="xl" radius="md" w="100%" maw={460}>
      <Stack>
        <div>
          <Title order={1} size="h2" id="invitation-title">
            {t('invitation.title')}
          </Title>
          {link.state === 'live' && (
            <Text c="dimmed" size="sm" data-testid="invitation-intro">
              {t('invitation.intro', { company: link.info.company_name, role: t(`common:roles.${link.info.role}`) })}
            </Text>
          )}
        </div>
        {failure && (
          <Alert color="red" role="alert" data-testid="invitation-error">
            {failure}
          </Alert>
        )}
        {link.state === 'checking' && !failure && <Loader size="sm" mx="auto" aria-label={t('invitation.checking')} />}
        {link.state === 'refused' && (
          <Alert color="red" role="alert" data-testid="invitation-refused">
            {t(`invitation.${link.code}`)}
          </Alert>
        )}
        {link.state === 'live' && (
          <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="invitation-title">
            <Stack>
              <TextInput label={t('invitation.email')} value={link.info.email} readOnly variant="filled" />
              <TextInput
                label={label.login_id}
                description={t('invitation.loginIdHint')}
                autoComplete="username"
                autoFocus
                withAsterisk
                error={errors.login_id === 'taken' ? t('invitation.loginTaken') : message(errors.login_id, 'login_id')}
                {...field('login_id')}
              />
              <TextInput label={label.name} autoComplete="name" withAsterisk error={message(errors.name, 'name')} {...field('name')} />
              <PasswordInput
                label={label.password}
                autoComplete="new-password"
                withAsterisk
                error={message(errors.password, 'password')}
                {...field('password')}
              />
              <PasswordInput
                label={label.password_confirm}
                autoComplete="new-password"
                withAsterisk
                error={message(errors.password_confirm, 'password_confirm')}
                {...field('password_confirm')}
              />
              <Button type="submit" loading={pending} fullWidth>
                {t('invitation.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('invitation.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
