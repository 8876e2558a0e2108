import { Button, Group, Menu } from '@mantine/core';
import { EXPORT_FORMATS, type TExportFormat } from '@portal/contract';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportRun } from './export-progress';

/**
 * The export of a list with its applied search: a menu of the formats (Excel, CSV); while the server
 * streams the file the kilobytes received are shown (`<testId>-progress`) and the menu is disabled.
 * `label` names the button for screen readers (which list it exports); `run` downloads the file in a format.
 */
export function ExportMenu({
  label,
  testId,
  fileName,
  run,
}: {
  label: string;
  testId: string;
  fileName: (format: TExportFormat) => string;
  run: (format: TExportFormat, onProgress: (bytes: number) => void) => Promise<unknown>;
}) {
  const { t } = useTranslation('common');
  const { bytes, busy, start } = useExportRun();
  return (
    <Group justify="flex-end" gap="xs">
      <ExportProgress bytes={bytes} text={(size) => t('export.progress', { size })} testId={`${testId}-progress`} />
      {/* no focus placeholder: Mantine's is a role=presentation child of the role=menu list, which axe
          refuses (aria-required-children); the menu then focuses its first item on open, as a menu button does */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="default"
            // the spreadsheet icon in green; the label in the default text colour (green text on light green fails AA contrast)
            leftSection={<IconFileSpreadsheet size={16} color="var(--mantine-color-green-8)" aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={busy}
            aria-label={label}
            data-testid={testId}
          >
            {t('actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {EXPORT_FORMATS.map((format) => (
            <Menu.Item
              key={format}
              leftSection={format === 'csv' ? <IconFileTypeCsv size={16} aria-hidden /> : <IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => void start((onProgress) => run(format, onProgress), t('export.done', { fileName: fileName(format) }))}
              data-testid={`${testId}-${format}`}
            >
              {t(`export.formats.${format}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
