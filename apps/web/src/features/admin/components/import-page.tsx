import { Alert, Anchor, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import {
  IMPORT_ENCODINGS,
  IMPORT_KINDS,
  type TImportEncoding,
  type TImportKind,
  type TImportReport,
  type TImportRunDetail,
} from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadTemplate, useRunImport } from '../api/imports';
import { FileDrop } from './file-drop';
import { ImportHistory } from './import-history';
import { ImportReportView } from './import-report';

/**
 * The import centre (issue 15): a kind, a file, first a dry run (the report in the UI language),
 * then — only when no row is wrong — the import itself. The history of every run is below. Each is a
 * job on the server (issue 56): the file is sent, then the run's progress (phase, rows read, rows
 * written) is shown until its report arrives.
 */
export function ImportPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [kind, setKind] = useState<TImportKind>('companies');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [job, setJob] = useState<TImportRunDetail | null>(null);
  const [encoding, setEncoding] = useState<TImportEncoding>('auto');
  const [checked, setChecked] = useState<TImportReport | null>(null);
  const [result, setResult] = useState<TImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useRunImport();
  const reportRef = useRef<HTMLDivElement>(null);
  const shown = result ?? checked;

  // the report takes the focus when it arrives, so a screen reader reads it
  useEffect(() => {
    if (shown) reportRef.current?.focus();
  }, [shown]);

  const reset = (next?: { kind?: TImportKind; file?: File | null }) => {
    if (next?.kind) setKind(next.kind);
    if (next && 'file' in next) setFile(next.file ?? null);
    setChecked(null);
    setResult(null);
    setFailure(null);
    setProgress(null);
    setJob(null);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const done = await run.mutateAsync({ kind, file, dryRun, lang: currentLanguage(), encoding, onProgress: setProgress, onRun: setJob });
      const report = done.report;
      // a run that could not finish (its server stopped): its one error says so; nothing was written
      if (done.status === 'failed' || !report) {
        setFailure(report?.errors[0]?.message ?? t('imports.failed'));
        return;
      }
      if (dryRun) setChecked(report);
      else {
        setResult(report);
        if (report.committed)
          notifySuccess(t('imports.imported', { created: report.created, updated: report.updated, unchanged: report.unchanged }));
      }
    } catch (e) {
      const message = e instanceof ApiError && e.status === 404 ? t('imports.unknownKind') : t(`common:${errorMessageKey(e)}`);
      setFailure(e instanceof ApiError && e.message && e.status !== 404 ? `${message} (${e.message})` : message);
    } finally {
      setProgress(null);
      setJob(null);
    }
  };

  const template = (format: 'csv' | 'xlsx') => downloadTemplate(kind, format).catch((e) => notifyError(t(`common:${errorMessageKey(e)}`)));
  const busy = run.isPending;
  const uploaded = progress !== null && progress >= 1;

  return (
    <Stack>
      <PageHeader title={t('imports.title')} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('imports.kind')}
          data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={kind}
          onChange={(v) => v && reset({ kind: v as TImportKind })}
          allowDeselect={false}
          disabled={busy}
          w={260}
          data-testid="import-kind"
        />
        <Group gap="xs" aria-label={t('imports.template')} role="group">
          <Anchor component="button" type="button" size="sm" onClick={() => void template('csv')} data-testid="template-csv">
            <Group gap={4}>
              <IconDownload size={14} aria-hidden />
              {t('imports.templateCsv')}
            </Group>
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => void template('xlsx')} data-testid="template-xlsx">
            <Group gap={4}>
              <IconDownload size={14} aria-hidden />
              {t('imports.templateXlsx')}
            </Group>
          </Anchor>
        </Group>
      </Group>

      <FileDrop file={file} onChange={(f) => reset({ file: f })} disabled={busy} />
      <Select
        label={t('imports.encoding')}
        description={t('imports.encodingHint')}
        data={IMPORT_ENCODINGS.map((e) => ({ value: e, label: t(`imports.encodings.${e}`) }))}
        value={encoding}
        onChange={(v) => v && (reset(), setEncoding(v as TImportEncoding))}
        allowDeselect={false}
        disabled={busy}
        w={260}
        data-testid="import-encoding"
      />

      {progress !== null && (
        <div data-testid="import-progress">
          <Text size="sm" mb={4} aria-live="polite">
            {job
              ? t(`imports.phase.${job.phase}`, { read: formatInteger(job.rows_read), written: formatInteger(job.rows_written) })
              : uploaded
                ? t('imports.checking')
                : t('imports.uploading', { percent: Math.round(progress * 100) })}
          </Text>
          <Progress value={progress * 100} aria-label={t('imports.progress')} animated={uploaded} size="lg" />
          {job && (
            <Text size="xs" c="dimmed" mt={4} data-testid="import-job">
              {t('imports.job', { id: job.id, read: formatInteger(job.rows_read), written: formatInteger(job.rows_written) })}
            </Text>
          )}
        </div>
      )}

      {failure && (
        <Alert color="red" role="alert" data-testid="import-failure">
          {failure}
        </Alert>
      )}

      <Group>
        {!result && (
          <Button onClick={() => void send(true)} disabled={!file} loading={busy && !checked} data-testid="import-dry-run">
            {t('imports.dryRun')}
          </Button>
        )}
        {checked && !result && checked.errors.length === 0 && (
          <Button onClick={() => void send(false)} loading={busy} data-testid="import-commit">
            {t('imports.import')}
          </Button>
        )}
        {result && (
          <Button variant="default" onClick={() => reset({ file: null })} data-testid="import-again">
            {t('imports.again')}
          </Button>
        )}
      </Group>

      {shown && <ImportReportView report={shown} ref={reportRef} />}

      <ImportHistory />
    </Stack>
  );
}
