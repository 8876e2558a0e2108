import { Stack } from '@mantine/core';
import type { TAuditEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useAudit } from '../api/audit';

/** The audit log (GET admin/audit): every admin write, who did it and when. */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [paging, setPaging] = usePaging('admin.audit');
  const audit = useAudit(paging);
  const columns: Column<TAuditEntry>[] = [
    { key: 'at', header: t('audit.at'), render: (a) => formatDateTime(a.at) },
    { key: 'actor', header: t('audit.actor'), render: (a) => `${a.actor} (${t(`audit.actorKind.${a.actor_kind}`)})` },
    { key: 'action', header: t('audit.action'), render: (a) => <code>{a.action}</code> },
    { key: 'target', header: t('audit.target') },
    {
      key: 'counts',
      header: t('audit.counts'),
      render: (a) =>
        a.counts
          ? Object.entries(a.counts)
              .map(([k, n]) => `${k} ${formatInteger(n)}`)
              .join(', ')
          : '',
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('audit.title')} />
      <DataTable
        columns={columns}
        rows={audit.data?.dataset ?? []}
        total={audit.data?.total_cnt ?? 0}
        rowKey={(a) => a.id}
        paging={paging}
        onPagingChange={setPaging}
        loading={audit.isFetching}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        caption={t('audit.caption')}
        testId="audit-table"
      />
    </Stack>
  );
}
