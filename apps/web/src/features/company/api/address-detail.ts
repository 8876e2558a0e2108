import type { TCompanyAddress } from '@portal/contract';
import { api } from '../../../lib/api-client';

/** GET company/CompanyAddressDetail/{customer_address_idx}: an array whose first element is used (spec §7). */
export const getAddressDetail = (idx: number) => api.get<TCompanyAddress[]>(`company/CompanyAddressDetail/${idx}`).then((rows) => rows[0]);
