import { Badge, Button, Modal, Skeleton, Text, Title } from '@mantine/core';
import type { TImportRun } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useImportRun, useImportRuns } from '../api/import-runs';
import { ImportReportView, reportOutcome } from './import-report';

const STATUS = {
  committed: { key: 'imports.statusCommitted', color: 'green' },
  dry: { key: 'imports.statusDryRun', color: 'blue' },
  rejected: { key: 'imports.statusRejected', color: 'red' },
  running: { key: 'imports.statusRunning', color: 'gray' },
  failed: { key: 'imports.statusFailed', color: 'red' },
} as const;

/** A run's badge: still going (queued or running), failed (it could not finish), else what its report says. */
const statusOf = (r: TImportRun) =>
  r.status === 'queued' || r.status === 'running'
    ? 'running'
    : r.status === 'failed'
      ? 'failed'
      : r.error_count > 0
        ? 'rejected'
        : reportOutcome(r);

/** The import history (GET admin/import-runs): who ran which file when, with what result; each report can be opened. */
export function ImportHistory() {
  const { t } = useTranslation(['admin', 'common']);
  const [paging, setPaging] = usePaging('admin.import-runs');
  const runs = useImportRuns(paging);
  const [open, setOpen] = useState<TImportRun | null>(null);
  const detail = useImportRun(open?.id ?? null);

  const columns: Column<TImportRun>[] = [
    { key: 'at', header: t('imports.at'), render: (r) => formatDateTime(r.at) },
    { key: 'actor', header: t('imports.actor'), render: (r) => `${r.actor} (${t(`audit.actorKind.${r.actor_kind}`)})` },
    { key: 'kind', header: t('imports.kind'), render: (r) => t(`kinds.${r.kind}`, { defaultValue: r.kind }) },
    { key: 'file_name', header: t('imports.fileName') },
    {
      key: 'counts',
      header: t('imports.counts'),
      align: 'right',
      render: (r) => `${formatInteger(r.created)} / ${formatInteger(r.updated)} / ${formatInteger(r.unchanged)}`,
    },
    {
      key: 'status',
      header: t('imports.status'),
      render: (r) => {
        const s = STATUS[statusOf(r)];
        return (
          <Badge color={s.color} variant="light" data-testid="run-status">
            {t(s.key, { read: formatInteger(r.rows_read) })}
            {r.error_count > 0 && statusOf(r) === 'rejected' ? ` (${formatInteger(r.error_count)})` : ''}
          </Badge>
        );
      },
    },
    {
      key: 'report',
      header: t('imports.report'),
      print: false,
      render: (r) => (
        <Button size="compact-xs" variant="default" onClick={() => setOpen(r)} aria-label={t('imports.openReport', { file: r.file_name })}>
          {t('imports.report')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="import-history-title">
      <Title order={2} size="h3" mt="lg" mb="sm" id="import-history-title">
        {t('imports.history')}
      </Title>
      <DataTable
        columns={columns}
        rows={runs.data?.dataset ?? []}
        total={runs.data?.total_cnt ?? 0}
        rowKey={(r) => r.id}
        paging={paging}
        onPagingChange={setPaging}
        loading={runs.isFetching}
        error={runs.error}
        onRetry={() => void runs.refetch()}
        caption={t('imports.historyCaption')}
        testId="import-history"
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('imports.reportTitle', { file: open.file_name }) : ''}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        size="xl"
        centered
      >
        {detail.isPending && <Skeleton height={120} />}
        {detail.error && (
          <Text c="red" role="alert">
            {t(`common:${errorMessageKey(detail.error)}`)}
          </Text>
        )}
        {detail.data?.report ? (
          <ImportReportView report={detail.data.report} headingLevel={3} />
        ) : (
          detail.data && (
            <Text>
              {t(`imports.phase.${detail.data.phase}`, {
                read: formatInteger(detail.data.rows_read),
                written: formatInteger(detail.data.rows_written),
              })}
            </Text>
          )
        )}
      </Modal>
    </section>
  );
}
