import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportRun } from '../../../components/export-progress';

/** Excel export with the bytes received shown while the server builds and streams the workbook. */
export function ExportButton({ run, fileName }: { run: (onProgress: (bytes: number) => void) => Promise<unknown>; fileName: string }) {
  const { t } = useTranslation(['copyright', 'common']);
  const { bytes, busy, start } = useExportRun();
  return (
    <Group gap="xs">
      <ExportProgress bytes={bytes} text={(size) => t('copyright:export.progress', { size })} testId="export-progress" />
      <Button
        variant="default"
        // the spreadsheet icon in green; the label in the default text colour (green text on light green fails AA contrast)
        leftSection={<IconFileSpreadsheet size={16} color="var(--mantine-color-green-8)" aria-hidden />}
        onClick={() => void start(run, t('copyright:notifications.exported', { fileName }))}
        disabled={busy}
        data-testid="export-excel"
      >
        {t('common:actions.export')}
      </Button>
    </Group>
  );
}
