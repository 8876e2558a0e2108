import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TLoginHints } from '@portal/contract';
import { demoLoginsText, PASSWORD_MIN_LENGTH } from '@portal/contract/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { formatRetryIn } from '../../../lib/format';
import { safeRedirect } from '../../../lib/redirect';
import { login } from '../api/login';
import { getLoginHints, takeLoginHints } from '../api/login-hints';
import { rememberedId } from '../remembered-id';

interface Errors {
  id?: string;
  password?: string;
  code?: string;
}

/** A refusal that says when to try again: the 429 of login throttling or rate limits, or a busy 503. */
interface Wait {
  key: 'errors.rateLimitedRetry' | 'errors.busyRetry';
  until: number;
}

/**
 * Spec §5 login rules, checked on submit before anything is sent. The form is two fields, so it is
 * plain React state: react-hook-form and zod would cost the login page ~45 KiB of JS.
 */
export function validateLogin(id: string, password: string): Errors {
  const errors: Errors = {};
  if (!id.trim()) errors.id = 'required';
  if (!password) errors.password = 'required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'minLength';
  return errors;
}

/** `hints`: the demo logins known before the first render (the build's prerender, app/prerender.tsx). */
export function LoginPage({ hints }: { hints?: TLoginHints } = {}) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // (issue 58) an accepted invitation comes here to log in with the new id
  const invited = (useLocation().state as { invited?: boolean } | null)?.invited === true;
  // a remembered id is filled in, and the password field takes the focus
  const [id, setId] = useState(rememberedId.get);
  const [remember, setRemember] = useState(() => rememberedId.get() !== '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [wait, setWait] = useState<Wait | null>(null);
  // (issue 58) the password was right and the account has 2-step login: the form asks for its code too
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // demo credentials only when the server says it seeded them (never built into the bundle); the
  // route asked for them with the page's code (login-hints.ts), else the page asks now
  const [early] = useState(() => (hints ? { promise: Promise.resolve(hints), answer: hints } : takeLoginHints()));
  const [demoLogins, setDemoLogins] = useState<{ id: string; password: string }[]>(() => early?.answer?.demo_logins ?? []);

  useEffect(() => {
    if (early?.answer) return;
    const ctl = new AbortController();
    (early?.promise ?? getLoginHints(ctl.signal)).then(
      (hints) => !ctl.signal.aborted && setDemoLogins(hints.demo_logins),
      () => !ctl.signal.aborted && setDemoLogins([]), // no hint is the safe answer to any failure
    );
    return () => ctl.abort();
  }, [early]);

  // the time left counts down while it is shown, and the message goes once the wait is over
  useEffect(() => {
    if (!wait) return;
    const id = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= wait.until) setWait(null);
    }, 1000);
    return () => clearInterval(id);
  }, [wait]);

  const codeLabel = recovery ? t('twoStep.recoveryCode') : t('twoStep.code');
  const message = (field: 'id' | 'password' | 'code', code?: string) => {
    if (code === 'required') return t('common:messages.required', { field: field === 'code' ? codeLabel : t(`fields.${field}`) });
    if (code === 'minLength') return t('common:messages.minLength', { n: PASSWORD_MIN_LENGTH });
    return undefined;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setWait(null);
    const found: Errors = validateLogin(id, password);
    if (codeStep && !code.trim()) found.code = 'required';
    setErrors(found);
    if (found.id || found.password || found.code) return;
    setPending(true);
    try {
      await login({ id: id.trim(), password, otp: codeStep ? code.trim() : undefined });
      rememberedId.update(id.trim(), remember);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TWO_STEP_REQUIRED') {
        setCodeStep(true);
        return;
      }
      if (err instanceof ApiError && err.code === 'TWO_STEP_FAILED') setCode('');
      const refused = err instanceof ApiError && (err.status === 429 || err.status === 503) ? err : undefined;
      if (refused?.retryAfter !== undefined) {
        const at = Date.now();
        setNow(at);
        setWait({ key: refused.status === 429 ? 'errors.rateLimitedRetry' : 'errors.busyRetry', until: at + refused.retryAfter * 1000 });
      } else setFailure(t(`common:${errorMessageKey(err)}`));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper component="main" withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title">
        <Stack>
          <div>
            <Title order={1} size="h2" id="login-title">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('subtitle')}
            </Text>
          </div>
          {invited && !failure && !wait && (
            <Alert color="green" role="status" data-testid="login-invited">
              {t('invitation.done')}
            </Alert>
          )}
          {(failure || wait) && (
            <Alert color="red" role="alert" data-testid="login-error">
              {wait ? t(`common:${wait.key}`, { when: formatRetryIn((wait.until - now) / 1000, i18n.language) }) : failure}
            </Alert>
          )}
          <TextInput
            label={t('fields.id')}
            name="id"
            autoComplete="username"
            autoFocus={!remember}
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
            error={message('id', errors.id)}
          />
          <PasswordInput
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            autoFocus={remember}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={message('password', errors.password)}
          />
          {codeStep && (
            <Stack gap={4}>
              <TextInput
                key={recovery ? 'recovery' : 'code'}
                label={codeLabel}
                description={recovery ? t('twoStep.recoveryHint') : t('twoStep.codeHint')}
                name="otp"
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={message('code', errors.code)}
                data-testid="login-code"
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                w="fit-content"
                onClick={() => {
                  setRecovery((r) => !r);
                  setCode('');
                }}
                data-testid="login-code-kind"
              >
                {recovery ? t('twoStep.useCode') : t('twoStep.useRecovery')}
              </Anchor>
            </Stack>
          )}
          {/* a native checkbox: Mantine's Checkbox would add ~2.4 KiB (gzip) to the login page's JS */}
          <label
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              fontSize: 'var(--mantine-font-size-sm)',
              cursor: 'pointer',
              width: 'fit-content',
            }}
          >
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
              style={{ width: 16, height: 16, margin: 0, accentColor: 'var(--mantine-primary-color-filled)' }}
              data-testid="remember-id"
            />
            {t('rememberId')}
          </label>
          <Button type="submit" loading={pending} fullWidth>
            {t('submit')}
          </Button>
          <Anchor component={Link} to="/password-reset" size="sm" ta="center" data-testid="forgot-password">
            {t('reset.forgot')}
          </Anchor>
          {demoLogins.length > 0 && (
            <Text size="xs" c="dimmed" ta="center" data-testid="demo-hint">
              {t('demoHint', { logins: demoLoginsText(demoLogins) })}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
