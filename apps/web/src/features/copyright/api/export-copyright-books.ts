import { BOOKS_EXPORT_FILE_NAME, type TCopyrightBooksFilter } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '../../../lib/api-client';

/** POST copyright/exportBooks (addition): the filtered copyright book list as .xlsx. */
export async function exportCopyrightBooks(filter: TCopyrightBooksFilter, onProgress?: (bytes: number) => void) {
  const { blob, fileName } = await api.download('POST', 'copyright/exportBooks', {
    body: { fileName: BOOKS_EXPORT_FILE_NAME, search_value: filter },
    onProgress,
  });
  saveBlob(blob, fileName ?? BOOKS_EXPORT_FILE_NAME);
  return blob.size;
}

export const useExportCopyrightBooks = (onProgress: (bytes: number) => void) =>
  useMutation({ mutationFn: (filter: TCopyrightBooksFilter) => exportCopyrightBooks(filter, onProgress) });
