import type { TCountry } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getCountries = (signal?: AbortSignal) => api.get<TCountry[]>('common/getCountry', { signal });

export const countriesQuery = () =>
  queryOptions({ queryKey: ['company', 'countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: Infinity });

/** GET common/getCountry: the country list of the country selects. */
export const useCountries = () => useQuery(countriesQuery());
