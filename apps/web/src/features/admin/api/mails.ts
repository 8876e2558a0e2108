import type { TMailFilter, TMailList, TSortDir } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paging } from '../../../components/data-table';
import { adminApi } from './admin-client';

/** (issue 57) GET admin/mails: the outbox's mails `filter` keeps, by creation in `dir` (search_value travels as JSON). */
export const useMails = (paging: Paging, filter: TMailFilter, dir: TSortDir) =>
  useQuery({
    queryKey: ['admin', 'mails', filter, paging, dir],
    queryFn: ({ signal }) =>
      adminApi.get<TMailList>('mails', {
        query: { ...paging, search_value: Object.keys(filter).length ? JSON.stringify(filter) : undefined, sort: 'created_at', dir },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
