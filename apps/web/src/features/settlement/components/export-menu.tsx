import { Button, Group, Loader, Menu, Text } from '@mantine/core';
import { SETTLEMENT_EXPORT_FORMATS, type TSettlementExportFormat, type TSettlementFilter } from '@portal/contract';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { asLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { exportFileName, exportSettlement, type SettlementExportKind } from '../api/export-settlement';

/**
 * Export of the invoice or payment list with the applied search: a menu of the two formats (Excel,
 * CSV); while the server streams the file the bytes received are shown, and the menu is disabled.
 */
export function ExportMenu({ kind, filter }: { kind: SettlementExportKind; filter: TSettlementFilter }) {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const [bytes, setBytes] = useState<number | null>(null);
  const start = async (format: TSettlementExportFormat) => {
    setBytes(0);
    try {
      await exportSettlement(kind, filter, asLanguage(i18n.language), format, setBytes);
      notifySuccess(t('settlement:export.done', { fileName: exportFileName(kind, format) }));
    } catch (e) {
      notifyError(t(`common:${errorMessageKey(e)}`));
    } finally {
      setBytes(null);
    }
  };
  const busy = bytes !== null;
  return (
    <Group justify="flex-end" gap="xs" my="xs">
      {busy && (
        <Group gap={6} role="status" aria-live="polite" data-testid="settlement-export-progress">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('settlement:export.progress', { size: formatAmount((bytes / 1024).toFixed(1), { decimals: 1 }) })}</Text>
        </Group>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} color="var(--mantine-color-green-8)" aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={busy}
            aria-label={t(`settlement:export.label.${kind}`)}
            data-testid={`export-${kind}`}
          >
            {t('common:actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {SETTLEMENT_EXPORT_FORMATS.map((format) => (
            <Menu.Item
              key={format}
              leftSection={format === 'csv' ? <IconFileTypeCsv size={16} aria-hidden /> : <IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => void start(format)}
              data-testid={`export-${kind}-${format}`}
            >
              {t(`settlement:export.formats.${format}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
