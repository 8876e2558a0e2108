import { Alert, Stack, Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ApartRows } from './excel-upload/apart-rows';
import { FileStep } from './excel-upload/file-step';
import { UploadSummary } from './excel-upload/upload-summary';
import { useUploadFlow } from './excel-upload/use-upload-flow';
import { ReviewTable } from './review-table';

/**
 * /settings/excelUpload (spec §2, §5): choose books.xlsx → review the books found, fill in the ones
 * not found by hand, edit, delete rows → save. Books the company already registered are flagged in
 * the review and not sent again. The flow's state and rules: useUploadFlow.
 */
export function ExcelUploadPage() {
  const { t } = useTranslation(['books', 'common']);
  const flow = useUploadFlow();
  const { file, sheet, problem, progress, failed, rows, errors, selected } = flow.state;

  return (
    <>
      <PageHeader title={t('title')} />
      <Stepper active={flow.step} allowNextStepsSelect={false} mb="lg" size="sm" data-testid="upload-stepper">
        <Stepper.Step label={t('steps.choose')} description={t('steps.chooseDesc')} />
        <Stepper.Step label={t('steps.review')} description={t('steps.reviewDesc')} />
        <Stepper.Step label={t('steps.saved')} description={t('steps.savedDesc')} />
      </Stepper>

      {flow.step === 0 && (
        <FileStep
          file={file}
          busy={flow.busy}
          problem={problem}
          progress={progress}
          failed={failed}
          sheet={sheet}
          onFile={(f) => void flow.chooseFile(f)}
          onRetry={flow.retryLookup}
        />
      )}

      {flow.step >= 1 && sheet && (
        <Stack gap="lg">
          <UploadSummary sheet={sheet} rows={rows} onRestart={flow.restart} />
          {rows.length > 0 && rows.every((r) => r.status === 'registered') && (
            <Alert color="gray" variant="light" data-testid="all-registered">
              {t('review.allRegistered')}
            </Alert>
          )}
          <ReviewTable
            rows={rows}
            errors={errors}
            selected={selected}
            onSelect={flow.select}
            onEdit={flow.editRow}
            onDelete={() => void flow.deleteSelected()}
            onSave={() => void flow.saveRows()}
            saving={flow.saving}
          />
          <ApartRows apart={flow.apart} />
        </Stack>
      )}
    </>
  );
}
