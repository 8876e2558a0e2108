import type { TBookLookupRow } from '@portal/contract';
import type { LookupProgress } from '../../api/lookup-books';
import type { BooksFile } from '../../reader/xlsx-reader';
import { reviewRows, type EditRow, type RowErrors } from '../edit-rows';

/** What the user sees about one problem: an i18n key (and its values) in the right namespace. */
export type Problem = { key: string; values?: Record<string, unknown> };
/** A lookup that stopped on a communication failure: where to resume, and what was already answered. */
export type Failed = { resumeAt: number; rows: TBookLookupRow[] };

/**
 * The upload flow: idle → parsing (the file is read) → lookup (batches, with progress) → preview
 * (review, edit, delete) → uploading → done. `error` is a file that cannot be used or a lookup that
 * failed (the list read from the file is kept for a retry); a failed save returns to the preview.
 */
export type UploadPhase = 'idle' | 'parsing' | 'lookup' | 'error' | 'preview' | 'uploading' | 'done';

export interface UploadState {
  phase: UploadPhase;
  /** the file choice this state belongs to: answers for an older choice are dropped */
  run: number;
  file: File | null;
  sheet: BooksFile | null;
  problem: Problem | null;
  progress: LookupProgress | null;
  failed: Failed | null;
  rows: EditRow[];
  selected: string[];
  errors: Record<string, RowErrors>;
}

export type UploadAction =
  | { type: 'choose'; run: number; file: File | null }
  | { type: 'restart'; run: number }
  | { type: 'fileProblem'; run: number; problem: Problem }
  | { type: 'readCrashed'; run: number }
  | { type: 'parsed'; run: number; sheet: BooksFile }
  | { type: 'lookupStart'; run: number; progress: LookupProgress }
  | { type: 'progress'; run: number; progress: LookupProgress }
  | { type: 'lookedUp'; run: number; answers: TBookLookupRow[] }
  | { type: 'lookupFailed'; run: number; failed: Failed }
  | { type: 'edit'; isbn13: string; patch: Partial<EditRow> }
  | { type: 'select'; selected: string[] }
  | { type: 'delete'; isbns: string[] }
  | { type: 'invalid'; errors: Record<string, RowErrors> }
  | { type: 'uploadStart' }
  | { type: 'uploaded' }
  | { type: 'uploadFailed' };

export const initialUploadState: UploadState = {
  phase: 'idle',
  run: 0,
  file: null,
  sheet: null,
  problem: null,
  progress: null,
  failed: null,
  rows: [],
  selected: [],
  errors: {},
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  // an answer for a file the user has since replaced or cleared
  if ('run' in action && action.type !== 'choose' && action.type !== 'restart' && action.run !== state.run) return state;
  switch (action.type) {
    case 'choose':
      return { ...initialUploadState, run: action.run, file: action.file, phase: action.file ? 'parsing' : 'idle' };
    case 'restart':
      return { ...initialUploadState, run: action.run };
    case 'fileProblem':
      return { ...state, phase: 'error', problem: action.problem };
    case 'readCrashed':
      return { ...state, phase: 'idle' };
    case 'parsed':
      return { ...state, sheet: action.sheet };
    case 'lookupStart':
      return { ...state, phase: 'lookup', failed: null, progress: action.progress };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'lookedUp':
      return { ...state, phase: 'preview', rows: reviewRows(action.answers), selected: [], errors: {}, failed: null };
    case 'lookupFailed':
      return { ...state, phase: 'error', failed: action.failed };
    case 'edit': {
      const rows = state.rows.map((r) => (r.isbn13 === action.isbn13 ? { ...r, ...action.patch } : r));
      if (!state.errors[action.isbn13]) return { ...state, rows };
      const errors = { ...state.errors };
      delete errors[action.isbn13];
      return { ...state, rows, errors };
    }
    case 'select':
      return { ...state, selected: action.selected };
    case 'delete': {
      const gone = new Set(action.isbns);
      return { ...state, rows: state.rows.filter((r) => !gone.has(r.isbn13)), selected: [] };
    }
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'uploadStart':
      return { ...state, phase: 'uploading' };
    case 'uploaded':
      return { ...state, phase: 'done' };
    case 'uploadFailed':
      return { ...state, phase: 'preview' };
  }
}

/** The stepper's step of a phase: choose the file (0), review (1), saved (2). */
export const stepOf = (phase: UploadPhase) => (phase === 'done' ? 2 : phase === 'preview' || phase === 'uploading' ? 1 : 0);
