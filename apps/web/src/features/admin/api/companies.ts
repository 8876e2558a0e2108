import type {
  TAdminCompany,
  TAdminCompanyCreateBody,
  TAdminCompanySortKey,
  TCompanyInfo,
  TCompanyUpdate,
  TSort,
  ZAdminCompanyList,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** GET admin/companies: companies whose login id or name contains `search`. */
export const useAdminCompanies = (search: string, paging: Paging, sort: TSort<TAdminCompanySortKey>) =>
  useQuery({
    queryKey: ['admin', 'companies', search, paging, sort],
    queryFn: ({ signal }) =>
      adminApi.get<z.infer<typeof ZAdminCompanyList>>('companies', {
        query: { search: search || undefined, ...paging, sort: sort.key, dir: sort.dir },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Every write to a company refreshes the list (and the audit log, which records it). */
function useCompanyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['admin', 'companies'] }), qc.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}

/** POST admin/companies: a new company with an initial password (to be changed at its first login). */
export const useCreateCompany = () =>
  useCompanyMutation((body: TAdminCompanyCreateBody) => adminApi.post<TAdminCompany>('companies', body));

/** POST admin/companies/{id}/password: a new password set by the distributor. */
export const useResetPassword = () =>
  useCompanyMutation(({ id, password }: { id: string; password: string }) =>
    adminApi.post(`companies/${encodeURIComponent(id)}/password`, { password }),
  );

/** POST admin/companies/{id}/deactivate | reactivate. */
export const useSetActive = () =>
  useCompanyMutation(({ id, active }: { id: string; active: boolean }) =>
    adminApi.post(`companies/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`),
  );

const companyPath = (id: string) => `companies/${encodeURIComponent(id)}`;

/** GET admin/companies/{id} (issue 59): the company's profile and e-mail lists, for the edit form. */
export const useCompanyProfile = (id: string | null) =>
  useQuery({
    queryKey: ['admin', 'companies', 'profile', id],
    queryFn: ({ signal }) => adminApi.get<TCompanyInfo>(companyPath(id!), { signal }),
    enabled: id !== null,
    // the form starts from what the company has now, never from an earlier answer
    staleTime: 0,
    gcTime: 0,
  });

/** PATCH admin/companies/{id} (issue 59): the profile and e-mail lists, by the rules of the company's own profile screen. */
export const useUpdateCompany = () =>
  useCompanyMutation(({ id, body }: { id: string; body: TCompanyUpdate }) => adminApi.patch<TCompanyInfo>(companyPath(id), body));
