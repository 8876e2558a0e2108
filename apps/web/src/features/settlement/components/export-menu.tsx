import { Button, Group, Menu } from '@mantine/core';
import { SETTLEMENT_EXPORT_FORMATS, type TInvoiceFilter, type TPaymentFilter, type TSettlementExportFormat } from '@portal/contract';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportRun } from '../../../components/export-progress';
import { asLanguage } from '../../../lib/i18n';
import { exportFileName, exportSettlement, type SettlementExportKind } from '../api/export-settlement';

/**
 * Export of the invoice or payment list with the applied search: a menu of the two formats (Excel,
 * CSV); while the server streams the file the bytes received are shown, and the menu is disabled.
 */
export function ExportMenu({ kind, filter }: { kind: SettlementExportKind; filter: TInvoiceFilter | TPaymentFilter }) {
  const { t, i18n } = useTranslation(['settlement', 'common']);
  const { bytes, busy, start } = useExportRun();
  const run = (format: TSettlementExportFormat) =>
    start(
      (onProgress) => exportSettlement(kind, filter, asLanguage(i18n.language), format, onProgress),
      t('settlement:export.done', { fileName: exportFileName(kind, format) }),
    );
  return (
    <Group justify="flex-end" gap="xs" my="xs">
      <ExportProgress bytes={bytes} text={(size) => t('settlement:export.progress', { size })} testId="settlement-export-progress" />
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
              onClick={() => void run(format)}
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
