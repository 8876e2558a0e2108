import type { TTwoStepEnabled, TTwoStepSetup } from '@portal/contract';
import { api } from '../../../lib/api-client';

/** (issue 58) The user's own 2-step login: set-up (secret, URI, QR), confirmation, turning off; an owner's requirement. */
export const setupTwoStep = () => api.post<TTwoStepSetup>('company/two-step/setup', {});
export const enableTwoStep = (code: string) => api.post<TTwoStepEnabled>('company/two-step/enable', { code });
export const disableTwoStep = (password: string) => api.post<{ status: 'success' }>('company/two-step/disable', { password });
export const setTwoStepPolicy = (require_2fa: boolean) => api.put<{ status: 'success' }>('company/two-step/policy', { require_2fa });
