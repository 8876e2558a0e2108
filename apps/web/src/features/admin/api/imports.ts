import type { TImportKind, TImportReport } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/api-client';
import { adminApi } from './admin-client';

export interface ImportInput {
  kind: TImportKind;
  file: File;
  dryRun: boolean;
  lang: string;
  onProgress?: (fraction: number) => void;
}

/** POST admin/imports/{kind}: the file as multipart (field `file`), with upload progress. */
export const runImport = ({ kind, file, dryRun, lang, onProgress }: ImportInput) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminApi.upload<TImportReport>(`imports/${kind}`, form, { query: { dryRun, lang }, onProgress });
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
