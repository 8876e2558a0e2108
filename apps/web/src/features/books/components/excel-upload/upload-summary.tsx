import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BooksFile } from '../../reader/xlsx-reader';
import type { EditRow } from '../edit-rows';

/** Above the review: how many books were found, not found, already registered, invalid or repeated. */
export function UploadSummary({ sheet, rows, onRestart }: { sheet: BooksFile; rows: EditRow[]; onRestart: () => void }) {
  const { t } = useTranslation(['books', 'common']);
  const count = (status: EditRow['status']) => rows.filter((r) => r.status === status).length;
  return (
    <Group gap="xs" data-testid="upload-summary">
      <Badge color="green" variant="light" size="lg" tt="none" c="var(--mantine-color-text)">
        {t('summary.found', { count: count('found') + count('registered') })}
      </Badge>
      <Badge color="orange" variant="light" size="lg" tt="none" c="var(--mantine-color-text)">
        {t('summary.notFound', { count: count('manual') })}
      </Badge>
      {count('registered') > 0 && (
        <Badge color="gray" variant="light" size="lg" tt="none" c="var(--mantine-color-text)" data-testid="summary-registered">
          {t('summary.registered', { count: count('registered') })}
        </Badge>
      )}
      <Badge color="red" variant="light" size="lg" tt="none" c="var(--mantine-color-text)">
        {t('summary.invalid', { count: sheet.invalid.length })}
      </Badge>
      {sheet.duplicates.length > 0 && (
        <Badge color="gray" variant="light" size="lg" tt="none" c="var(--mantine-color-text)">
          {t('summary.duplicates', { count: sheet.duplicates.length })}
        </Badge>
      )}
      {sheet.headerRow && (
        <Text size="sm" c="dimmed">
          {t('summary.header', { row: sheet.headerRow })}
        </Text>
      )}
      <Button variant="subtle" size="xs" onClick={onRestart} ml="auto" data-testid="choose-another">
        {t('upload.chooseAnother')}
      </Button>
    </Group>
  );
}
