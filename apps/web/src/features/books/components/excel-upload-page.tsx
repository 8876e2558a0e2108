import { Alert, Badge, Button, FileInput, Group, Paper, Progress, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ISBNS, type TBookLookupRow } from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { IconAlertTriangle, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete, namedDeleteTitle, requireSelection } from '../../../components/dialogs';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LookupFailed, lookupInBatches, type LookupProgress } from '../api/lookup-books';
import { useSaveBooks } from '../api/save-books';
import type { BooksFile } from '../reader/xlsx-reader';
import { reviewRows, toPayload, type EditRow, type RowErrors } from './edit-rows';
import { ReviewTable } from './review-table';

/** What the user sees about one problem: an i18n key (and its values) in the right namespace. */
type Problem = { key: string; values?: Record<string, unknown> };
/** Rows shown in the "not saved" list; the rest are counted. */
const APART_SHOWN = 1000;
type Failed = { resumeAt: number; rows: TBookLookupRow[] };

/** A row kept apart from the review table, with its reason. */
interface ApartRow {
  key: string;
  row?: number;
  value: string;
  reason: string;
  reasonValues?: Record<string, unknown>;
  kind: 'invalid' | 'duplicate';
}

/**
 * /settings/excelUpload (spec §2, §5): choose books.xlsx → review the books found, fill in the ones
 * not found by hand, edit, delete rows → save. Books the company already registered are flagged in
 * the review and not sent again. A step advances only when its check passes: the file is read and
 * every lookup batch answered; the save succeeded.
 */
export function ExcelUploadPage() {
  const { t, i18n } = useTranslation(['books', 'common']);
  const navigate = useNavigate();
  const save = useSaveBooks();
  const [active, setActive] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<BooksFile | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'reading' | 'lookup' | null>(null);
  const [progress, setProgress] = useState<LookupProgress | null>(null);
  const [failed, setFailed] = useState<Failed | null>(null);
  const [rows, setRows] = useState<EditRow[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const run = useRef(0);

  const finishLookup = (answers: TBookLookupRow[]) => {
    performance.mark('books:looked-up');
    setRows(reviewRows(answers));
    setSelected([]);
    setErrors({});
    setFailed(null);
    setActive(1);
  };

  const lookup = async (isbns: string[], from = 0, done: TBookLookupRow[] = []) => {
    const mine = run.current;
    setBusy('lookup');
    setFailed(null);
    setProgress({ done: from, total: isbns.length });
    try {
      const answers = await lookupInBatches(isbns, (p) => mine === run.current && setProgress(p), { from, rows: done });
      if (mine === run.current) finishLookup(answers);
    } catch (e) {
      if (mine !== run.current) return;
      if (e instanceof LookupFailed) {
        // spec §8: communication failure; the list read from the file is kept for a retry
        setFailed({ resumeAt: e.resumeAt, rows: e.rows });
        notifyError(t('common:errors.communication'));
      } else throw e;
    } finally {
      if (mine === run.current) setBusy(null);
    }
  };

  const onFile = async (f: File | null) => {
    run.current++;
    const mine = run.current;
    setFile(f);
    setSheet(null);
    setProblem(null);
    setFailed(null);
    setProgress(null);
    setRows([]);
    if (!f) return;
    setBusy('reading');
    // marks for the bench (scripts/bench/books.mjs): file chosen → parsed → looked up → rendered
    performance.mark('books:file-chosen');
    try {
      // the reader (and its zip code) loads only when a file is chosen
      const { readBooksFile, BooksFileError } = await import('../reader/xlsx-reader');
      let read: BooksFile;
      try {
        read = await readBooksFile(f);
      } catch (e) {
        if (!(e instanceof BooksFileError)) throw e;
        const byProblem: Record<string, Problem> = {
          fileName: { key: 'common:messages.checkFileName' },
          notXlsx: { key: 'common:messages.checkFileName' },
          tooLarge: { key: 'errors.tooLarge', values: { mb: MAX_UPLOAD_BYTES / 1024 / 1024 } },
          bomb: { key: 'errors.bomb' },
          tooMany: { key: 'common:messages.maxNumber', values: { number: MAX_UPLOAD_ISBNS.toLocaleString() } },
          noIsbns: { key: 'errors.noIsbns' },
        };
        if (mine === run.current) setProblem(byProblem[e.problem] ?? { key: 'common:messages.checkFileName' });
        return;
      }
      if (mine !== run.current) return;
      performance.mark('books:parsed');
      setSheet(read);
      setBusy(null);
      await lookup(read.valid.map((v) => v.isbn13));
    } finally {
      if (mine === run.current) setBusy((b) => (b === 'reading' ? null : b));
    }
  };

  const onEdit = useCallback((isbn13: string, patch: Partial<EditRow>) => {
    setRows((prev) => prev.map((r) => (r.isbn13 === isbn13 ? { ...r, ...patch } : r)));
    setErrors((prev) => {
      if (!prev[isbn13]) return prev;
      const next = { ...prev };
      delete next[isbn13];
      return next;
    });
  }, []);

  const onDelete = async () => {
    if (!requireSelection(selected, t('fields.rows'))) return;
    const gone = new Set(selected);
    const title = namedDeleteTitle(
      { one: 'books:review.deleteOne', many: 'books:review.deleteMany' },
      rows.filter((r) => gone.has(r.isbn13)).map((r) => r.title.trim() || hyphenateIsbn(r.isbn13)),
    );
    if (!(await confirmDelete({ title, text: t('review.deleteText') }))) return;
    setRows((prev) => prev.filter((r) => !gone.has(r.isbn13)));
    setSelected([]);
    notifySuccess(t('common:messages.deleted'));
  };

  const onSave = async () => {
    const payload = [];
    const problems: Record<string, RowErrors> = {};
    // already registered: flagged in the review, not sent again (the server would skip them anyway)
    const skipped = rows.filter((r) => r.status === 'registered').map((r) => r.isbn13);
    for (const r of rows) {
      if (r.status === 'registered') continue;
      const p = toPayload(r);
      if (p.ok) payload.push(p.value);
      else problems[r.isbn13] = p.errors;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notifyError(t('review.fixErrors', { count: Object.keys(problems).length }));
      return;
    }
    try {
      const res = await save.mutateAsync(payload);
      setActive(2);
      notifySuccess(t('notifications.saved', { count: res.saved }));
      navigate('/products/booksList', { state: { booksSaved: { ...res, duplicates: [...skipped, ...res.duplicates] } } });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'LIMIT_EXCEEDED') {
        // the company's cap on registered books (spec §5 'Maximum number allowed is {number}.'): nothing was stored
        notifyError(t('common:messages.maxNumber', { number: formatInteger(e.params.number ?? '', i18n.language) }));
        return;
      }
      notifyError(t(e instanceof ApiError && e.code === 'VALIDATION' ? 'common:errors.validation' : 'common:errors.generic'));
    }
  };

  const count = (status: EditRow['status']) => rows.filter((r) => r.status === status).length;
  const apart: ApartRow[] = [
    ...(sheet?.invalid ?? []).map((r) => ({
      key: `iv-${r.row}`,
      row: r.row,
      value: r.value,
      reason: `reasons.${r.problem}`,
      kind: 'invalid' as const,
    })),
    ...(sheet?.duplicates ?? []).map((d) => ({
      key: `dp-${d.row}`,
      row: d.row,
      value: hyphenateIsbn(d.isbn13),
      reason: 'reasons.duplicate',
      reasonValues: { row: d.firstRow },
      kind: 'duplicate' as const,
    })),
  ].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));

  const restart = () => {
    run.current++;
    setActive(0);
    setFile(null);
    setSheet(null);
    setProblem(null);
    setFailed(null);
    setProgress(null);
    setRows([]);
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <Stepper active={active} allowNextStepsSelect={false} mb="lg" size="sm" data-testid="upload-stepper">
        <Stepper.Step label={t('steps.choose')} description={t('steps.chooseDesc')} />
        <Stepper.Step label={t('steps.review')} description={t('steps.reviewDesc')} />
        <Stepper.Step label={t('steps.saved')} description={t('steps.savedDesc')} />
      </Stepper>

      {active === 0 && (
        <Paper withBorder p="md">
          <Stack gap="md">
            <FileInput
              label={t('upload.fileLabel')}
              description={t('upload.fileDescription', { max: MAX_UPLOAD_ISBNS.toLocaleString() })}
              placeholder={t('upload.placeholder')}
              value={file}
              onChange={(f) => void onFile(f)}
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
                    <Button
                      size="xs"
                      leftSection={<IconRefresh size={14} aria-hidden />}
                      onClick={() =>
                        void lookup(
                          sheet.valid.map((v) => v.isbn13),
                          failed.resumeAt,
                          failed.rows,
                        )
                      }
                      data-testid="lookup-retry"
                    >
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
      )}

      {active >= 1 && sheet && (
        <Stack gap="lg">
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
            <Button variant="subtle" size="xs" onClick={restart} ml="auto" data-testid="choose-another">
              {t('upload.chooseAnother')}
            </Button>
          </Group>
          {rows.length > 0 && count('registered') === rows.length && (
            <Alert color="gray" variant="light" data-testid="all-registered">
              {t('review.allRegistered')}
            </Alert>
          )}
          <ReviewTable
            rows={rows}
            errors={errors}
            selected={selected}
            onSelect={setSelected}
            onEdit={onEdit}
            onDelete={() => void onDelete()}
            onSave={() => void onSave()}
            saving={save.isPending}
          />
          {apart.length > 0 && (
            <Paper withBorder p="md" data-testid="apart-rows">
              <Title order={2} size="h4" mb="sm">
                {t('review.apartTitle')}
              </Title>
              {/* scrolls (sideways at 390 px): its viewport takes the focus so keyboards can scroll it too (axe) */}
              <Table.ScrollContainer
                minWidth={500}
                mah={360}
                scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('review.apartTitle') } }}
              >
                <Table striped withTableBorder verticalSpacing={4}>
                  <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('review.apartTitle')}
                  </caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('fields.row')}</Table.Th>
                      <Table.Th scope="col">{t('fields.value')}</Table.Th>
                      <Table.Th scope="col">{t('fields.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {apart.slice(0, APART_SHOWN).map((a) => (
                      <Table.Tr key={a.key} data-testid={`apart-${a.kind}`}>
                        <Table.Td>{a.row ?? ''}</Table.Td>
                        <Table.Td style={{ fontFamily: 'monospace' }}>{a.value}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={a.kind === 'invalid' ? 'red' : 'gray'} tt="none" c="var(--mantine-color-text)">
                            {t(a.reason, a.reasonValues)}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {apart.length > APART_SHOWN && (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('review.more', { count: apart.length - APART_SHOWN })}
                </Text>
              )}
            </Paper>
          )}
        </Stack>
      )}
    </>
  );
}
