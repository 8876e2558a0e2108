import { Alert, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { TNotificationSettings } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { LANGUAGES, LANGUAGE_NAMES } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

const SWITCHES = ['notify_invoice', 'notify_payment', 'notify_qna', 'notify_statement'] as const;

/** The company's notification mails (issue 18): their language and one switch per kind, saved as each is changed. */
export function NotificationSection() {
  const { t } = useTranslation(['company', 'common']);
  const settings = useNotificationSettings();
  const save = useUpdateNotificationSettings();

  const update = (change: Partial<TNotificationSettings>) => {
    if (!settings.data) return;
    const next: TNotificationSettings = { ...settings.data, ...change };
    save.mutate(next, {
      onSuccess: () => notifySuccess(t('notifications.mailSettingsSaved')),
      onError: (err) => notifyError(t(`common:${errorMessageKey(err)}`)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-mail-settings">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="company-mail-settings">
            {t('sections.mailSettings')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('mailSettings.intro')}
          </Text>
        </div>
        {settings.isError && (
          <Alert color="red" role="alert">
            {t('common:errors.communication')}
          </Alert>
        )}
        <Select
          label={t('mailSettings.language')}
          description={t('mailSettings.languageHint')}
          data={[
            { value: '', label: t('mailSettings.languageOfCountry') },
            ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
          ]}
          value={settings.data?.mail_language ?? ''}
          allowDeselect={false}
          disabled={!settings.data || save.isPending}
          onChange={(v) => update({ mail_language: v ? (v as TNotificationSettings['mail_language']) : null })}
          maw={360}
          data-testid="mail-setting-language"
        />
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`mailSettings.${key}`)}
            checked={settings.data?.[key] ?? true}
            disabled={!settings.data || save.isPending}
            onChange={(e) => update({ [key]: e.currentTarget.checked })}
            data-testid={`mail-setting-${key}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}
