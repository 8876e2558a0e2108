import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, ZPasswordChangeForm, type TPasswordChangeForm } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { passwordCheck } from '../api/password-check';
import { useUpdatePassword } from '../api/update-password';
import { applyServerIssues, useFieldMessage } from '../../../lib/field-message';

const EMPTY: TPasswordChangeForm = { password_current: '', password_change: '', password_confirm: '' };

/**
 * Spec §5 password change: current (checked against the server), new (≥ 7), confirmation (= new).
 * Afterwards every other session of the company ends; this one stays logged in.
 */
export function PasswordModal({
  opened,
  onClose,
  companyId,
  required,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  /** (issue 15) the change cannot be put off: no cancel nor close, `intro` says why, `onChanged` follows the change */
  required?: { intro: string; onChanged: () => void };
}) {
  const { t } = useTranslation(['company', 'common']);
  const message = useFieldMessage();
  const update = useUpdatePassword();
  const form = useForm<TPasswordChangeForm>({ resolver: zodResolver(ZPasswordChangeForm), defaultValues: EMPTY, mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (!(await passwordCheck(companyId, v.password_current))) {
        form.setError('password_current', { type: 'server', message: 'wrongPassword' });
        return;
      }
      await update.mutateAsync({ password_current: v.password_current, password_change: v.password_change });
      notifySuccess(t('notifications.passwordChanged'));
      close();
      required?.onChanged();
    } catch (e) {
      if (!applyServerIssues(e, form.setError)) notifyError(t(`common:${errorMessageKey(e)}`));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      withCloseButton={!required}
      closeOnEscape={!required}
      closeOnClickOutside={!required}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={t('password.title')}
      centered
    >
      <form onSubmit={onSubmit} noValidate data-testid="password-form">
        <Stack>
          {required && <Text size="sm">{required.intro}</Text>}
          <Text size="sm" c="dimmed">
            {t('password.hint', { n: PASSWORD_MIN_LENGTH })}
          </Text>
          <PasswordInput
            label={t('fields.password_current')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            error={message(errors.password_current?.message, t('fields.password_current'))}
            {...form.register('password_current')}
          />
          <PasswordInput
            label={t('fields.password_change')}
            autoComplete="new-password"
            withAsterisk
            error={message(errors.password_change?.message, t('fields.password_change'))}
            {...form.register('password_change')}
          />
          <PasswordInput
            label={t('fields.password_confirm')}
            autoComplete="new-password"
            withAsterisk
            error={message(errors.password_confirm?.message, t('fields.password_confirm'))}
            {...form.register('password_confirm')}
          />
          <Group justify="flex-end">
            {!required && (
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={isSubmitting}>
              {t('actions.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
