import type { TBookLookupRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { BooksFile } from '../../reader/xlsx-reader';
import { initialUploadState, stepOf, uploadReducer, type UploadAction, type UploadState } from './upload-reducer';

const file = new File(['x'], 'books.xlsx');
const sheet = { valid: [{ row: 2, isbn13: '9791185264503' }], invalid: [], duplicates: [] } as unknown as BooksFile;
const answer: TBookLookupRow = {
  isbn13: '9791185264503',
  found: true,
  registered: false,
  source: 'catalogue',
  title: 'A book',
  author: 'An author',
  pub_nm: 'A publisher',
  pub_date: '2024-01-02',
  list_price: '15000.00',
  PAGE: 320,
  cover_s_url: '',
};
const play = (...actions: UploadAction[]) => actions.reduce(uploadReducer, initialUploadState);

describe('the upload flow', () => {
  it('idle → parsing → lookup (progress) → preview → uploading → done', () => {
    const phases: string[] = [];
    let s: UploadState = initialUploadState;
    for (const a of [
      { type: 'choose', run: 1, file },
      { type: 'parsed', run: 1, sheet },
      { type: 'lookupStart', run: 1, progress: { done: 0, total: 1 } },
      { type: 'progress', run: 1, progress: { done: 1, total: 1 } },
      { type: 'lookedUp', run: 1, answers: [answer] },
      { type: 'uploadStart' },
      { type: 'uploaded' },
    ] satisfies UploadAction[]) {
      s = uploadReducer(s, a);
      phases.push(s.phase);
    }
    expect(phases).toEqual(['parsing', 'parsing', 'lookup', 'lookup', 'preview', 'uploading', 'done']);
    expect(phases.map((p) => stepOf(p as UploadState['phase']))).toEqual([0, 0, 0, 0, 1, 1, 2]);
    expect(s.rows).toEqual([expect.objectContaining({ isbn13: answer.isbn13, status: 'found', list_price: '15000', PAGE: '320' })]);
  });

  it('drops the answers for a file the user has since replaced', () => {
    const s = play(
      { type: 'choose', run: 1, file },
      { type: 'choose', run: 2, file },
      { type: 'parsed', run: 1, sheet },
      {
        type: 'lookedUp',
        run: 1,
        answers: [answer],
      },
    );
    expect(s).toEqual(expect.objectContaining({ phase: 'parsing', run: 2, sheet: null, rows: [] }));
  });

  it('a lookup failure keeps the list for a retry; a retry clears it', () => {
    const failed = play(
      { type: 'choose', run: 1, file },
      { type: 'parsed', run: 1, sheet },
      { type: 'lookupStart', run: 1, progress: { done: 0, total: 1 } },
      { type: 'lookupFailed', run: 1, failed: { resumeAt: 0, rows: [] } },
    );
    expect(failed).toEqual(expect.objectContaining({ phase: 'error', sheet, failed: { resumeAt: 0, rows: [] } }));
    expect(uploadReducer(failed, { type: 'lookupStart', run: 1, progress: { done: 0, total: 1 } })).toEqual(
      expect.objectContaining({ phase: 'lookup', failed: null }),
    );
  });

  it("editing a row clears that row's errors; a failed save returns to the preview; restart forgets the file", () => {
    let s = play({ type: 'choose', run: 1, file }, { type: 'parsed', run: 1, sheet }, { type: 'lookedUp', run: 1, answers: [answer] });
    s = uploadReducer(s, { type: 'invalid', errors: { [answer.isbn13]: { title: 'errors.title' } } });
    s = uploadReducer(s, { type: 'edit', isbn13: answer.isbn13, patch: { title: 'New' } });
    expect(s.errors).toEqual({});
    expect(s.rows[0]?.title).toBe('New');
    s = uploadReducer(uploadReducer(s, { type: 'uploadStart' }), { type: 'uploadFailed' });
    expect(s.phase).toBe('preview');
    expect(uploadReducer(s, { type: 'restart', run: 2 })).toEqual({ ...initialUploadState, run: 2 });
  });
});
