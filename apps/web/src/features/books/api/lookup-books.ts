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

/** Lookup calls in flight at once: the server answers batches in parallel, the progress stays per batch. */
export const LOOKUP_CONCURRENCY = 4;

export async function lookupInBatches(
  isbns: string[],
  onProgress: (p: LookupProgress) => void,
  opts: { from?: number; rows?: TBookLookupRow[]; signal?: AbortSignal; concurrency?: number } = {},
): Promise<TBookLookupRow[]> {
  const from = opts.from ?? 0;
  const starts: number[] = [];
  for (let at = from; at < isbns.length; at += LOOKUP_BATCH_SIZE) starts.push(at);
  const answers: (TBookLookupRow[] | undefined)[] = new Array(starts.length);
  let next = 0;
  let done = from;
  let failure: unknown;
  const worker = async () => {
    while (next < starts.length && failure === undefined) {
      const i = next++;
      const at = starts[i]!;
      const batch = isbns.slice(at, at + LOOKUP_BATCH_SIZE);
      try {
        answers[i] = await lookupBooks(batch, opts.signal);
      } catch (e) {
        failure ??= e;
        return;
      }
      done += batch.length;
      onProgress({ done, total: isbns.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? LOOKUP_CONCURRENCY, starts.length) }, worker));
  // the answered batches from the start are kept; the lookup resumes at the first one missing
  const rows = [...(opts.rows ?? [])];
  let i = 0;
  for (; i < starts.length && answers[i]; i++) rows.push(...answers[i]!);
  if (failure !== undefined) {
    if ((failure as Error).name === 'AbortError') throw failure;
    throw new LookupFailed(rows, starts[i] ?? isbns.length, failure);
  }
  return rows;
}
