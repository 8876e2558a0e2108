import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ISBNS, type TBookLookupRow } from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { useCallback, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete, namedDeleteTitle, requireSelection } from '../../../../components/dialogs';
import { ApiError } from '../../../../lib/api-client';
import { formatInteger } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { LookupFailed, lookupInBatches } from '../../api/lookup-books';
import { useSaveBooks } from '../../api/save-books';
import type { BooksFile, BooksFileProblem } from '../../reader/xlsx-reader';
import { toPayload, type EditRow, type RowErrors } from '../edit-rows';
import { initialUploadState, stepOf, uploadReducer, type Problem } from './upload-reducer';

/** A row kept apart from the review table, with its reason. */
export interface ApartRow {
  key: string;
  row?: number;
  value: string;
  reason: string;
  reasonValues?: Record<string, unknown>;
  kind: 'invalid' | 'duplicate';
}

const PROBLEMS: Record<BooksFileProblem, Problem> = {
  fileName: { key: 'common:messages.checkFileName' },
  notXlsx: { key: 'common:messages.checkFileName' },
  tooLarge: { key: 'errors.tooLarge', values: { mb: MAX_UPLOAD_BYTES / 1024 / 1024 } },
  bomb: { key: 'errors.bomb' },
  tooMany: { key: 'common:messages.maxNumber', values: { number: MAX_UPLOAD_ISBNS.toLocaleString() } },
  noIsbns: { key: 'errors.noIsbns' },
};

/** The invalid and repeated cells of the file, in the order of its rows. */
const apartRows = (sheet: BooksFile | null): ApartRow[] =>
  [
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

/**
 * The state and actions of /settings/excelUpload (spec §2, §5): choose books.xlsx → review the books
 * found, fill in the ones not found by hand, edit, delete rows → save. A step advances only when its
 * check passes: the file is read and every lookup batch answered; the save succeeded.
 */
export function useUploadFlow() {
  const { t, i18n } = useTranslation(['books', 'common']);
  const navigate = useNavigate();
  const save = useSaveBooks();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // the current file choice, read by the async steps (the state they closed over may be older)
  const run = useRef(0);

  const lookup = async (mine: number, isbns: string[], from = 0, done: TBookLookupRow[] = []) => {
    dispatch({ type: 'lookupStart', run: mine, progress: { done: from, total: isbns.length } });
    try {
      const answers = await lookupInBatches(isbns, (progress) => dispatch({ type: 'progress', run: mine, progress }), { from, rows: done });
      if (mine === run.current) performance.mark('books:looked-up');
      dispatch({ type: 'lookedUp', run: mine, answers });
    } catch (e) {
      if (mine !== run.current) return;
      if (!(e instanceof LookupFailed)) throw e;
      // spec §8: communication failure; the list read from the file is kept for a retry
      dispatch({ type: 'lookupFailed', run: mine, failed: { resumeAt: e.resumeAt, rows: e.rows } });
      notifyError(t('common:errors.communication'));
    }
  };

  const chooseFile = async (file: File | null) => {
    const mine = ++run.current;
    dispatch({ type: 'choose', run: mine, file });
    if (!file) return;
    // marks for the bench (scripts/bench/books.mjs): file chosen → parsed → looked up → rendered
    performance.mark('books:file-chosen');
    let sheet: BooksFile;
    try {
      // the reader (and its zip code) loads only when a file is chosen
      const { readBooksFile, BooksFileError } = await import('../../reader/xlsx-reader');
      try {
        sheet = await readBooksFile(file);
      } catch (e) {
        if (!(e instanceof BooksFileError)) throw e;
        dispatch({ type: 'fileProblem', run: mine, problem: PROBLEMS[e.problem] });
        return;
      }
    } catch (e) {
      dispatch({ type: 'readCrashed', run: mine });
      throw e;
    }
    if (mine !== run.current) return;
    performance.mark('books:parsed');
    dispatch({ type: 'parsed', run: mine, sheet });
    await lookup(
      mine,
      sheet.valid.map((v) => v.isbn13),
    );
  };

  const retryLookup = () => {
    const { sheet, failed } = state;
    if (!sheet || !failed) return;
    void lookup(
      run.current,
      sheet.valid.map((v) => v.isbn13),
      failed.resumeAt,
      failed.rows,
    );
  };

  const editRow = useCallback((isbn13: string, patch: Partial<EditRow>) => dispatch({ type: 'edit', isbn13, patch }), []);
  const select = useCallback((selected: string[]) => dispatch({ type: 'select', selected }), []);

  const deleteSelected = async () => {
    const { rows, selected } = state;
    if (!requireSelection(selected, t('fields.rows'))) return;
    const gone = new Set(selected);
    const title = namedDeleteTitle(
      { one: 'books:review.deleteOne', many: 'books:review.deleteMany' },
      rows.filter((r) => gone.has(r.isbn13)).map((r) => r.title.trim() || hyphenateIsbn(r.isbn13)),
    );
    if (!(await confirmDelete({ title, text: t('review.deleteText') }))) return;
    dispatch({ type: 'delete', isbns: selected });
    notifySuccess(t('common:messages.deleted'));
  };

  const saveRows = async () => {
    const payload = [];
    const problems: Record<string, RowErrors> = {};
    // already registered: flagged in the review, not sent again (the server would skip them anyway)
    const skipped = state.rows.filter((r) => r.status === 'registered').map((r) => r.isbn13);
    for (const r of state.rows) {
      if (r.status === 'registered') continue;
      const p = toPayload(r);
      if (p.ok) payload.push(p.value);
      else problems[r.isbn13] = p.errors;
    }
    dispatch({ type: 'invalid', errors: problems });
    if (Object.keys(problems).length > 0) {
      notifyError(t('review.fixErrors', { count: Object.keys(problems).length }));
      return;
    }
    dispatch({ type: 'uploadStart' });
    try {
      const res = await save.mutateAsync(payload);
      dispatch({ type: 'uploaded' });
      notifySuccess(t('notifications.saved', { count: res.saved }));
      navigate('/products/booksList', { state: { booksSaved: { ...res, duplicates: [...skipped, ...res.duplicates] } } });
    } catch (e) {
      dispatch({ type: 'uploadFailed' });
      if (e instanceof ApiError && e.code === 'LIMIT_EXCEEDED') {
        // the company's cap on registered books (spec §5 'Maximum number allowed is {number}.'): nothing was stored
        notifyError(t('common:messages.maxNumber', { number: formatInteger(e.params.number ?? '', i18n.language) }));
        return;
      }
      notifyError(t(e instanceof ApiError && e.code === 'VALIDATION' ? 'common:errors.validation' : 'common:errors.generic'));
    }
  };

  const restart = () => dispatch({ type: 'restart', run: ++run.current });

  return {
    state,
    step: stepOf(state.phase),
    busy: state.phase === 'parsing' ? ('reading' as const) : state.phase === 'lookup' ? ('lookup' as const) : null,
    saving: save.isPending,
    apart: apartRows(state.sheet),
    chooseFile,
    retryLookup,
    editRow,
    select,
    deleteSelected,
    saveRows,
    restart,
  };
}
