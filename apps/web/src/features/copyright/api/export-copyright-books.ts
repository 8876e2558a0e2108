import { BOOKS_EXPORT_BASE_NAME, exportFileName, type TCopyrightBooksFilter, type TExportFormat, type TExportLang } from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

/** POST copyright/exportBooks (addition): the filtered copyright book list as .xlsx or .csv, in `lang` (the screen's language). */
export async function exportCopyrightBooks(
  filter: TCopyrightBooksFilter,
  lang: TExportLang,
  format: TExportFormat,
  onProgress?: (bytes: number) => void,
) {
  const name = exportFileName(BOOKS_EXPORT_BASE_NAME, format);
  const { blob, fileName } = await api.download('POST', 'copyright/exportBooks', {
    body: { fileName: name, search_value: filter, lang, format },
    onProgress,
  });
  saveBlob(blob, fileName ?? name);
  return blob.size;
}
