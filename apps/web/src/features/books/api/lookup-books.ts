import { LOOKUP_BATCH_SIZE, type TBookLookupRow } from '@portal/contract';
import { api } from '../../../lib/api-client';

/** GET product/excelApiBookInfo?isbns=…: at most 100 ISBNs a call; not-found ones come back marked. */
export const lookupBooks = (isbns: string[], signal?: AbortSignal) =>
  api.get<TBookLookupRow[]>('product/excelApiBookInfo', { query: { isbns: isbns.join(',') }, signal });

export interface LookupProgress {
  done: number;
  total: number;
}

/**
 * Looks up the ISBNs batch by batch, reporting progress after each. On a failure the rows already
 * answered are kept in `rows` and the error is thrown with the position to resume from.
 */
export class LookupFailed extends Error {
  constructor(
    readonly rows: TBookLookupRow[],
    readonly resumeAt: number,
    override readonly cause: unknown,
  ) {
    super('lookup failed');
  }
}

export async function lookupInBatches(
  isbns: string[],
  onProgress: (p: LookupProgress) => void,
  opts: { from?: number; rows?: TBookLookupRow[]; signal?: AbortSignal } = {},
): Promise<TBookLookupRow[]> {
  const rows = [...(opts.rows ?? [])];
  for (let at = opts.from ?? 0; at < isbns.length; at += LOOKUP_BATCH_SIZE) {
    try {
      rows.push(...(await lookupBooks(isbns.slice(at, at + LOOKUP_BATCH_SIZE), opts.signal)));
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw new LookupFailed(rows, at, e);
    }
    onProgress({ done: Math.min(at + LOOKUP_BATCH_SIZE, isbns.length), total: isbns.length });
  }
  return rows;
}
