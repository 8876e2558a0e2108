import { HELP_FILE_SORTS, type THelpFile } from '@portal/contract';
import { Button, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, useSort, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDownloadHelpFile } from '../api/download-help-file';
import { useHelpFiles } from '../api/get-help-files';

/**
 * Spec §2 /help/files: number, name, extension, size in bytes, download; paged like every list
 * (per-page choice, 'Showing x to y of z entries'), the page asked of the server.
 */
export function FilesPage() {
  const { t } = useTranslation(['help', 'common']);
  const [paging, setPaging] = usePaging('help.files');
  // upload order by default; the number's header turns it to newest first, each file keeping its number (issue 59)
  const order = useSort('help.files', HELP_FILE_SORTS, { key: 'no', dir: 'asc' }, { paging, setPaging });
  const files = useHelpFiles('company', { ...paging, dir: order.sort.dir });
  const download = useDownloadHelpFile();
  const rows = files.data ?? [];
  const total = rows[0]?.total_cnt ?? 0;

  // a kept page that no longer exists (fewer files than before) goes back to the first
  useEffect(() => {
    if (files.isSuccess && !files.isPlaceholderData && rows.length === 0 && paging.start > 0)
      setPaging({ start: 0, length: paging.length });
  }, [files.isSuccess, files.isPlaceholderData, rows.length, paging, setPaging]);

  const columns: Column<THelpFile>[] = [
    {
      key: 'no',
      header: t('fields.no'),
      width: 70,
      sortKey: 'no',
      render: (_f, i) => (order.sort.dir === 'desc' ? total - paging.start - i : paging.start + i + 1),
    },
    { key: 'name', header: t('fields.name') },
    { key: 'extension', header: t('fields.extension'), width: 110, render: (f) => f.extension.toUpperCase() },
    {
      key: 'size',
      header: t('fields.size'),
      width: 140,
      align: 'right',
      render: (f) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatInteger(f.size)}</span>,
    },
    {
      key: 'download',
      header: t('fields.download'),
      width: 150,
      align: 'center',
      render: (f) => {
        const fileName = `${f.name}.${f.extension}`;
        return (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={t('files.download', { name: fileName })}
            loading={download.isPending && download.variables?.fileName === fileName}
            onClick={() =>
              download.mutate({ customerType: 'company', fileName }, { onError: () => notifyError(t('common:errors.communication')) })
            }
          >
            {t('fields.download')}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('files.title')} />
      <Paper withBorder p="md">
        {/* a failed fetch: spec §8's communication message, then the error, and a retry */}
        <DataTable
          testId="files-table"
          caption={t('files.caption')}
          columns={columns}
          rows={rows}
          total={total}
          rowKey={(f) => f.idx}
          paging={paging}
          onPagingChange={setPaging}
          sort={order.sort}
          onSortChange={order.onSortChange}
          loading={files.isLoading}
          error={files.error}
          onRetry={() => void files.refetch()}
          errorDetail={
            <div data-testid="files-error">
              <Text size="sm">{t('common:errors.communication')}</Text>
              {files.error instanceof ApiError && (
                <Text size="sm" mt={4}>
                  {t(`common:${errorMessageKey(files.error)}`)} ({files.error.status || files.error.code})
                </Text>
              )}
            </div>
          }
        />
      </Paper>
    </>
  );
}
