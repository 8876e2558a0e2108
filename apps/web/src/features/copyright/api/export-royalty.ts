import { ROYALTY_EXPORT_BASE_NAME, exportFileName, type TExportFormat, type TExportLang, type TRoyaltyFilter } from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

/**
 * POST copyright/exportRoyalty: downloads the filtered lines as Royalty.xlsx or Royalty.csv, reporting bytes
 * received; the file's headers and labels are in `lang`, the language of the screen.
 */
export async function exportRoyalty(
  filter: TRoyaltyFilter,
  lang: TExportLang,
  format: TExportFormat,
  onProgress?: (bytes: number) => void,
) {
  const name = exportFileName(ROYALTY_EXPORT_BASE_NAME, format);
  const { blob, fileName } = await api.download('POST', 'copyright/exportRoyalty', {
    body: { fileName: name, search_value: filter, lang, format },
    onProgress,
  });
  saveBlob(blob, fileName ?? name);
  return blob.size;
}
