import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE company/CompanyContactPerson/{idx,idx,…} (addition): all of them or none. */
export const deleteContacts = (idxs: (string | number)[]) =>
  api.delete<{ status: 'success'; deleted: number }>(`company/CompanyContactPerson/${idxs.join(',')}`);

export function useDeleteContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteContacts,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['company', 'contacts'] }),
  });
}
