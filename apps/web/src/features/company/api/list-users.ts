import type { TCompanyUserList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listUsers = (signal?: AbortSignal) => api.get<TCompanyUserList>('company/users', { signal });

export const usersQuery = () => queryOptions({ queryKey: ['company', 'users'], queryFn: ({ signal }) => listUsers(signal) });

/** (issue 58) GET company/users: every user of the company (owners). */
export const useUsers = () => useQuery(usersQuery());
