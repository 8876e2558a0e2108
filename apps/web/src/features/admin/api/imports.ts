import type { TImportEncoding, TImportKind, TImportRunDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/api-client';
import { adminApi } from './admin-client';

export interface ImportInput {
  kind: TImportKind;
  file: File;
  dryRun: boolean;
  lang: string;
  encoding: TImportEncoding;
  /** the fraction of the file sent (0..1) */
  onProgress?: (fraction: number) => void;
  /** the run as its job goes (queued, then running: phase, rows read, rows written) */
  onRun?: (run: TImportRunDetail) => void;
  /** how often the run is asked for while it runs */
  pollMs?: number;
}

const finished = (run: TImportRunDetail) => run.status === 'done' || run.status === 'failed';

/**
 * POST admin/imports/{kind}: the file as multipart (field `file`), with upload progress; the server answers
 * 202 with the run at once (issue 56), and the run is asked for (GET admin/import-runs/{id}) until its job
 * is over: the finished run, its report included.
 */
export const runImport = async ({ kind, file, dryRun, lang, encoding, onProgress, onRun, pollMs = 1000 }: ImportInput) => {
  const form = new FormData();
  form.append('file', file, file.name);
  let run = await adminApi.upload<TImportRunDetail>(`imports/${kind}`, form, { query: { dryRun, lang, encoding }, onProgress });
  onRun?.(run);
  while (!finished(run)) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    run = await adminApi.get<TImportRunDetail>(`import-runs/${run.id}`);
    onRun?.(run);
  }
  return run;
};

/** A dry run or an import; either adds a run to the history. */
export function useRunImport() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: runImport, onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'import-runs'] }) });
}

/** GET admin/imports/{kind}/template: the kind's columns and an example row, saved as a file. */
export async function downloadTemplate(kind: TImportKind, format: 'csv' | 'xlsx') {
  const { blob, fileName } = await adminApi.download(`imports/${kind}/template`, { format });
  saveBlob(blob, fileName ?? `${kind}-template.${format}`);
}
