import { Alert, Button, Paper, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDownloadHelpFile } from '../api/download-help-file';
import { useHelpFiles } from '../api/get-help-files';

/** Spec §2 /help/files: number, name, extension, size in bytes, download. */
export function FilesPage() {
  const { t } = useTranslation(['help', 'common']);
  const files = useHelpFiles('company');
  const download = useDownloadHelpFile();
  const rows = files.data ?? [];

  return (
    <>
      <PageHeader title={t('files.title')} />
      {files.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md" role="alert" data-testid="files-error">
          {t('common:errors.communication')}
          {files.error instanceof ApiError && (
            <Text size="sm" mt={4}>
              {t(`common:${errorMessageKey(files.error)}`)} ({files.error.status || files.error.code})
            </Text>
          )}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={files.isLoading || undefined} data-testid="files-table">
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {t('files.caption')}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={70}>{t('fields.no')}</Table.Th>
                <Table.Th scope="col">{t('fields.name')}</Table.Th>
                <Table.Th scope="col" w={110}>{t('fields.extension')}</Table.Th>
                <Table.Th scope="col" w={140} style={{ textAlign: 'right' }}>{t('fields.size')}</Table.Th>
                <Table.Th scope="col" w={150} style={{ textAlign: 'center' }}>{t('fields.download')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" p="md">
                      {files.isLoading ? t('common:table.loading') : t('files.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((f, i) => {
                const fileName = `${f.name}.${f.extension}`;
                return (
                  <Table.Tr key={f.idx} data-testid="file-row">
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{f.name}</Table.Td>
                    <Table.Td>{f.extension.toUpperCase()}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatInteger(f.size)}</Table.Td>
                    <Table.Td style={{ textAlign: 'center' }}>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t('files.download', { name: fileName })}
                        loading={download.isPending && download.variables?.fileName === fileName}
                        onClick={() =>
                          download.mutate(
                            { customerType: 'company', fileName },
                            { onError: () => notifyError(t('common:errors.communication')) },
                          )
                        }
                      >
                        {t('fields.download')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
