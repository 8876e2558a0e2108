import type { TCompanyInfo, TCompanyUpdateBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const updateCompany = (idx: number, body: TCompanyUpdateBody) => api.patch<TCompanyInfo>(`company/companyUpdate/${idx}`, body);

/** PATCH company/companyUpdate/{idx}; the saved profile replaces the cached one (and the login info's name). */
export function useUpdateCompany(idx: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyUpdateBody) => updateCompany(idx, body),
    onSuccess: (saved) => {
      qc.setQueryData(['company', 'info', idx], saved);
      void qc.invalidateQueries({ queryKey: ['auth', 'loginInfo'] });
    },
  });
}
