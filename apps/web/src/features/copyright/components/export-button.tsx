import { Button, Group, Loader, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Excel export with the bytes received shown while the server builds and streams the workbook. */
export function ExportButton({ run, fileName }: { run: (onProgress: (bytes: number) => void) => Promise<unknown>; fileName: string }) {
  const { t } = useTranslation(['copyright', 'common']);
  const [bytes, setBytes] = useState<number | null>(null);
  const start = async () => {
    setBytes(0);
    try {
      await run(setBytes);
      notifySuccess(t('copyright:notifications.exported', { fileName }));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    } finally {
      setBytes(null);
    }
  };
  const busy = bytes !== null;
  return (
    <Group gap="xs">
      {busy && (
        <Group gap={6} role="status" aria-live="polite" data-testid="export-progress">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('copyright:export.progress', { size: formatAmount((bytes / 1024).toFixed(1), { decimals: 1 }) })}</Text>
        </Group>
      )}
      <Button
        variant="default"
        // the spreadsheet icon in green; the label in the default text colour (green text on light green fails AA contrast)
        leftSection={<IconFileSpreadsheet size={16} color="var(--mantine-color-green-8)" aria-hidden />}
        onClick={start}
        disabled={busy}
        data-testid="export-excel"
      >
        {t('common:actions.export')}
      </Button>
    </Group>
  );
}
