import type { TGlobalSale } from '@portal/contract';
import { regionName } from '../../lib/display-names';

/** A country's name in the UI language (Intl.DisplayNames with its alpha-2 code), else the API's full_name. */
export const countryName = (row: Pick<TGlobalSale, 'code_2' | 'full_name'>, lng: string): string =>
  regionName(row.code_2, lng, row.full_name);
