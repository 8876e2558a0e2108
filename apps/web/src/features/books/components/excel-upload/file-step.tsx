import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { MAX_UPLOAD_ISBNS } from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { IconAlertTriangle, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LookupProgress } from '../../api/lookup-books';
import type { BooksFile } from '../../reader/xlsx-reader';
import type { Failed, Problem } from './upload-reducer';

interface Props {
  file: File | null;
  busy: 'reading' | 'lookup' | null;
  problem: Problem | null;
  progress: LookupProgress | null;
  failed: Failed | null;
  sheet: BooksFile | null;
  onFile: (file: File | null) => void;
  onRetry: () => void;
}

/** Step 1: the file input, what is wrong with the file, the lookup's progress and its retry. */
export function FileStep({ file, busy, problem, progress, failed, sheet, onFile, onRetry }: Props) {
  const { t } = useTranslation(['books', 'common']);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <FileInput
          label={t('upload.fileLabel')}
          description={t('upload.fileDescription', { max: MAX_UPLOAD_ISBNS.toLocaleString() })}
          placeholder={t('upload.placeholder')}
          value={file}
          onChange={onFile}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('upload.clearFile') }}
          maw={420}
          // Mantine's placeholder grey (gray.5, 2.1:1 on white) fails WCAG AA contrast (axe color-contrast)
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          disabled={busy !== null}
          data-testid="books-file"
        />
        {problem && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="file-problem">
            {t(problem.key, problem.values)}
          </Alert>
        )}
        {busy === 'reading' && <Text size="sm">{t('upload.reading')}</Text>}
        {progress && (
          <div>
            <Text size="sm" mb={4} id="lookup-progress-label">
              {t('upload.progress', { done: progress.done, total: progress.total })}
            </Text>
            <Progress
              value={progress.total === 0 ? 100 : (100 * progress.done) / progress.total}
              aria-labelledby="lookup-progress-label"
              role="progressbar"
              aria-valuenow={progress.done}
              aria-valuemin={0}
              aria-valuemax={progress.total}
              animated={busy === 'lookup'}
              data-testid="lookup-progress"
            />
          </div>
        )}
        {failed && sheet && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="lookup-error">
            <Stack gap="xs">
              <Text size="sm">{t('common:errors.communication')}</Text>
              <Text size="sm">{t('upload.listKept', { count: sheet.valid.length })}</Text>
              <Group>
                <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry} data-testid="lookup-retry">
                  {t('upload.retry')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {failed && sheet && (
          <Text size="sm" c="dimmed" data-testid="kept-isbns">
            {sheet.valid
              .slice(0, 30)
              .map((v) => hyphenateIsbn(v.isbn13))
              .join(', ')}
            {sheet.valid.length > 30 ? ` … (+${sheet.valid.length - 30})` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
