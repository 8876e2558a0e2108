import type { TContactPerson, TContactPersonBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST company/CompanyContactPerson, or PATCH …/{contact_person_idx} when editing (additions). */
export const saveContact = (body: TContactPersonBody, idx?: number) =>
  idx
    ? api.patch<TContactPerson>(`company/CompanyContactPerson/${idx}`, body)
    : api.post<TContactPerson>('company/CompanyContactPerson', body);

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idx }: { body: TContactPersonBody; idx?: number }) => saveContact(body, idx),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['company', 'contacts'] }),
  });
}
