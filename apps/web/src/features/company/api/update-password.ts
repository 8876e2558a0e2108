import type { TPasswordUpdateBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PATCH company/passwordUpdate/ (the spec's path, trailing slash included). */
export const updatePassword = (body: TPasswordUpdateBody) => api.patch<{ status: 'success' }>('company/passwordUpdate/', body);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
