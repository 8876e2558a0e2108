import { BOOKS_EXPORT_FILE_NAME, type TCopyrightBooksFilter, type TExportLang } from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

/** POST copyright/exportBooks (addition): the filtered copyright book list as .xlsx, in `lang` (the screen's language). */
export async function exportCopyrightBooks(filter: TCopyrightBooksFilter, lang: TExportLang, onProgress?: (bytes: number) => void) {
  const { blob, fileName } = await api.download('POST', 'copyright/exportBooks', {
    body: { fileName: BOOKS_EXPORT_FILE_NAME, search_value: filter, lang },
    onProgress,
  });
  saveBlob(blob, fileName ?? BOOKS_EXPORT_FILE_NAME);
  return blob.size;
}
