import { ROYALTY_EXPORT_FILE_NAME, type TExportLang, type TRoyaltyFilter } from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

/**
 * POST copyright/exportRoyalty: downloads the filtered lines as Royalty.xlsx, reporting bytes received;
 * the workbook's headers and labels are in `lang`, the language of the screen.
 */
export async function exportRoyalty(filter: TRoyaltyFilter, lang: TExportLang, onProgress?: (bytes: number) => void) {
  const { blob, fileName } = await api.download('POST', 'copyright/exportRoyalty', {
    body: { fileName: ROYALTY_EXPORT_FILE_NAME, search_value: filter, lang },
    onProgress,
  });
  saveBlob(blob, fileName ?? ROYALTY_EXPORT_FILE_NAME);
  return blob.size;
}
