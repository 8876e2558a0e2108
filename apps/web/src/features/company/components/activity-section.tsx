import { Paper, Stack, Text, Title } from '@mantine/core';
import { COMPANY_ACTIVITY_ACTIONS, type TAuditEntry } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, type Paging } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useRoleMay } from '../../auth/api/login-info';
import { useActivity } from '../api/activity';

/**
 * (issue 58) The company's activity log, for owners: who changed the profile, notification settings, password,
 * addresses, contact persons or users, and who downloaded an export; newest first.
 */
export function ActivitySection() {
  const { t } = useTranslation(['company', 'common']);
  const owner = useRoleMay('users', 'read');
  const [paging, setPaging] = useState<Paging>({ start: 0, length: 10 });
  const activity = useActivity(paging, owner);
  if (!owner) return null;
  const label = (action: string) =>
    (COMPANY_ACTIVITY_ACTIONS as readonly string[]).includes(action) ? t(`activity.actions.${action}`) : action;
  const columns: Column<TAuditEntry>[] = [
    { key: 'at', header: t('activity.at'), render: (a) => formatDateTime(a.at) },
    { key: 'actor', header: t('activity.user') },
    { key: 'action', header: t('activity.action'), render: (a) => <span data-action={a.action}>{label(a.action)}</span> },
    { key: 'target', header: t('activity.target') },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-activity">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="company-activity">
            {t('activity.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('activity.intro')}
          </Text>
        </div>
        <DataTable
          columns={columns}
          rows={activity.data?.dataset ?? []}
          total={activity.data?.total_cnt ?? 0}
          rowKey={(a) => a.id}
          paging={paging}
          onPagingChange={setPaging}
          loading={activity.isFetching}
          error={activity.error ?? undefined}
          onRetry={() => void activity.refetch()}
          caption={t('activity.title')}
        />
      </Stack>
    </Paper>
  );
}
