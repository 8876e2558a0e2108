import type { TContactPersonList } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Paging } from '../../../components/data-table';

export const listContacts = (paging: Paging, signal?: AbortSignal) =>
  api.get<TContactPersonList>('company/CompanyContactPerson', { query: { start: paging.start, length: paging.length }, signal });

export const contactsQuery = (paging: Paging) =>
  queryOptions({
    queryKey: ['company', 'contacts', paging],
    queryFn: ({ signal }) => listContacts(paging, signal),
    placeholderData: keepPreviousData,
  });

/** GET company/CompanyContactPerson (addition): the company's contact persons, paged. */
export const useContacts = (paging: Paging) => useQuery(contactsQuery(paging));
