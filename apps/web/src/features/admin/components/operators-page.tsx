import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TOperator, TOperatorKey } from '@portal/contract';
import { PAGE_SIZES } from '@portal/contract/constants';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOperatorKeys, useOperators, useSetOperatorActive } from '../api/operators';

/** Both lists are short (a distributor has a handful of operators and keys): shown whole, on one page of the largest size. */
const ALL = { start: 0, length: PAGE_SIZES.at(-1)! };
const noPaging = () => undefined;

/** (issue 56) The operators (deactivate, reactivate, last use) and the API keys (last use). */
export function OperatorsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const operators = useOperators();
  const keys = useOperatorKeys();
  const setActive = useSetOperatorActive();
  const lastUse = (at: string | null) => (at ? formatDateTime(at) : t('operators.never'));

  const toggle = (o: TOperator) => {
    const active = !o.active;
    modals.openConfirmModal({
      title: t(active ? 'operators.reactivateTitle' : 'operators.deactivateTitle', { id: o.login_id }),
      children: <Text size="sm">{t(active ? 'operators.reactivateText' : 'operators.deactivateText')}</Text>,
      labels: { confirm: t('common:actions.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: active ? undefined : 'red', 'data-testid': 'confirm-operator-active' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      centered: true,
      onConfirm: () =>
        setActive.mutate(
          { idx: o.idx, active },
          {
            onSuccess: () => notifySuccess(t(active ? 'operators.reactivated' : 'operators.deactivated', { id: o.login_id })),
            onError: (e) => notifyError(t(`common:${errorMessageKey(e)}`)),
          },
        ),
    });
  };

  const operatorColumns: Column<TOperator>[] = [
    { key: 'login_id', header: t('operators.loginId') },
    { key: 'name', header: t('operators.name') },
    {
      key: 'active',
      header: t('operators.status'),
      render: (o) => (
        <Badge color={o.active ? 'green' : 'gray'} variant="light" data-testid="operator-status">
          {t(o.active ? 'operators.active' : 'operators.inactive')}
        </Badge>
      ),
    },
    { key: 'last_used_at', header: t('operators.lastUsed'), render: (o) => lastUse(o.last_used_at) },
    { key: 'created_at', header: t('operators.createdAt'), render: (o) => formatDate(o.created_at) },
    {
      key: 'actions',
      header: t('operators.actions'),
      print: false,
      render: (o) => (
        <Button
          size="compact-xs"
          variant="default"
          color={o.active ? 'red' : 'green'}
          leftSection={o.active ? <IconPlayerPause size={12} aria-hidden /> : <IconPlayerPlay size={12} aria-hidden />}
          onClick={() => toggle(o)}
          aria-label={t(o.active ? 'operators.deactivate' : 'operators.reactivate', { id: o.login_id })}
          data-testid={o.active ? 'operator-deactivate' : 'operator-reactivate'}
        >
          {t(o.active ? 'operators.deactivateShort' : 'operators.reactivateShort')}
        </Button>
      ),
    },
  ];

  const keyColumns: Column<TOperatorKey>[] = [
    { key: 'name', header: t('operators.keyName') },
    { key: 'scope', header: t('operators.scope'), render: (k) => <code>{k.scope}</code> },
    { key: 'prefix', header: t('operators.prefix'), render: (k) => <code>{`${k.prefix}…`}</code> },
    { key: 'last_used_at', header: t('operators.lastUsed'), render: (k) => lastUse(k.last_used_at) },
    { key: 'created_at', header: t('operators.createdAt'), render: (k) => formatDate(k.created_at) },
    {
      key: 'revoked_at',
      header: t('operators.status'),
      render: (k) => (
        <Badge color={k.revoked_at ? 'gray' : 'green'} variant="light">
          {k.revoked_at ? t('operators.revoked', { at: formatDateTime(k.revoked_at) }) : t('operators.live')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('operators.title')} />
      <DataTable
        columns={operatorColumns}
        rows={operators.data?.dataset ?? []}
        total={operators.data?.total_cnt ?? 0}
        rowKey={(o) => o.idx}
        paging={ALL}
        onPagingChange={noPaging}
        loading={operators.isFetching}
        error={operators.error}
        onRetry={() => void operators.refetch()}
        caption={t('operators.caption')}
        testId="operators-table"
      />
      <Title order={2} size="h4">
        {t('operators.keysTitle')}
      </Title>
      <DataTable
        columns={keyColumns}
        rows={keys.data?.dataset ?? []}
        total={keys.data?.total_cnt ?? 0}
        rowKey={(k) => k.idx}
        paging={ALL}
        onPagingChange={noPaging}
        loading={keys.isFetching}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        caption={t('operators.keysCaption')}
        testId="keys-table"
      />
    </Stack>
  );
}
