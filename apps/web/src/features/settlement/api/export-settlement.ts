import {
  exportFileName,
  INVOICES_EXPORT_BASE_NAME,
  PAYMENTS_EXPORT_BASE_NAME,
  type TExportFormat,
  type TExportLang,
  type TSettlementExportBody,
  type TInvoiceFilter,
  type TPaymentFilter,
} from '@portal/contract';
import { api, saveBlob } from '../../../lib/api-client';

export type SettlementExportKind = 'invoices' | 'payments';

const CALLS: Record<SettlementExportKind, { path: string; base: string }> = {
  invoices: { path: 'calculate/exportBuyInvoiceSend', base: INVOICES_EXPORT_BASE_NAME },
  payments: { path: 'calculate/exportBuyPayment', base: PAYMENTS_EXPORT_BASE_NAME },
};

/** The default download name of an export: Invoices.xlsx, Payments.csv, … */
export const settlementFileName = (kind: SettlementExportKind, format: TExportFormat) => exportFileName(CALLS[kind].base, format);

/**
 * POST calculate/exportBuyInvoiceSend or calculate/exportBuyPayment (additions): downloads the filtered
 * list as .xlsx or .csv with its headers and labels in `lang`, reporting the bytes received.
 */
export async function exportSettlement(
  kind: SettlementExportKind,
  filter: TInvoiceFilter | TPaymentFilter,
  lang: TExportLang,
  format: TExportFormat,
  onProgress?: (bytes: number) => void,
) {
  const body: TSettlementExportBody = { search_value: filter, lang, format };
  const { blob, fileName } = await api.download('POST', CALLS[kind].path, { body, onProgress });
  saveBlob(blob, fileName ?? settlementFileName(kind, format));
  return blob.size;
}
