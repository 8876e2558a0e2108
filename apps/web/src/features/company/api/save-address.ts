import type { TCompanyAddress, TCompanyAddressBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST company/CompanyAddress, or PATCH company/CompanyAddress/{customer_address_idx} when editing. */
export const saveAddress = (body: TCompanyAddressBody, idx?: number) =>
  idx ? api.patch<TCompanyAddress>(`company/CompanyAddress/${idx}`, body) : api.post<TCompanyAddress>('company/CompanyAddress', body);

export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idx }: { body: TCompanyAddressBody; idx?: number }) => saveAddress(body, idx),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['company', 'addresses'] }),
  });
}
