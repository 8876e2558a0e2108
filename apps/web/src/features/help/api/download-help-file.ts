import type { TCustomerType } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '../../../lib/api-client';

/** POST help/fileDownload {customer_type, fileName}: the file as a blob, saved under its name. */
export async function downloadHelpFile(customerType: TCustomerType, fileName: string) {
  const { blob, fileName: served } = await api.download('POST', 'help/fileDownload', {
    body: { customer_type: customerType, fileName },
  });
  saveBlob(blob, served ?? fileName);
}

export const useDownloadHelpFile = () =>
  useMutation({ mutationFn: (v: { customerType: TCustomerType; fileName: string }) => downloadHelpFile(v.customerType, v.fileName) });
