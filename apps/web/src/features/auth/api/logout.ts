import { api } from '../../../lib/api-client';

export const logout = () => api.get<{ status: 'success' }>('company/logout');
