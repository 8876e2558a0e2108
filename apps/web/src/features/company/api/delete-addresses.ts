import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE company/CompanyAddress/{idx,idx,…} (addition): all of them or none. */
export const deleteAddresses = (idxs: (string | number)[]) =>
  api.delete<{ status: 'success'; deleted: number }>(`company/CompanyAddress/${idxs.join(',')}`);

export function useDeleteAddresses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAddresses,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['company', 'addresses'] }),
  });
}
