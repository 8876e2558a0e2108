import { INVOICE_UPLOAD_PATH } from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

/** Spec §7: POST common/fileDownload {uploadPath 'buy_invoice', fileName}; saved as <code>.pdf. */
export async function downloadInvoicePdf(code: string) {
  const fileName = `${code}.pdf`;
  const { blob } = await api.download('POST', 'common/fileDownload', { body: { uploadPath: INVOICE_UPLOAD_PATH, fileName } });
  saveBlob(blob, fileName);
}

/** Spec §7: GET common/fileDownload?uploadPath&fileName (a payment's attachment). */
export async function downloadAttachment(uploadPath: string, fileName: string) {
  const res = await api.download('GET', 'common/fileDownload', { query: { uploadPath, fileName } });
  saveBlob(res.blob, res.fileName ?? fileName);
}
