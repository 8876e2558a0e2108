import { SORT_DIRS, type TSort } from '@portal/contract';
import { z } from 'zod';
import { usePersistentState } from '../../lib/persisted';
import type { Paging } from './paging';

/**
 * The order of one screen's table (issue 59), kept locally per screen like its saved search (spec §9: restored on
 * opening) and left as it is by a new search or its reset (the order is the table's, changed from its headers);
 * `initial` is the list's default order (the spec's). A stored key the list no longer offers falls back to it. A new
 * order starts at the first page.
 */
export function useSort<K extends string>(
  screenKey: string,
  keys: readonly [K, ...K[]],
  initial: TSort<K>,
  paging: { paging: Paging; setPaging: (next: Paging) => void },
) {
  const schema = z.object({ key: z.enum(keys), dir: z.enum(SORT_DIRS) }) as unknown as z.ZodType<TSort<K>>;
  const [sort, setSort] = usePersistentState<TSort<K>>(`sort.${screenKey}`, schema, initial);
  return {
    sort,
    /** the call's query parameters */
    params: { sort: sort.key, dir: sort.dir },
    onSortChange: (next: TSort) => {
      setSort(next as TSort<K>);
      paging.setPaging({ start: 0, length: paging.paging.length });
    },
  };
}
