import { useCallback, useState } from 'react';

type Key = string | number;

/**
 * The DataTable's checkbox selection, remembering the selected rows themselves (the selection
 * survives paging), so that a confirmation can name rows that are no longer on the page.
 */
export function useRowSelection<T>(rows: readonly T[], rowKey: (row: T) => Key) {
  const [picked, setPicked] = useState<Map<Key, T>>(() => new Map());
  const onChange = useCallback(
    (next: Key[]) =>
      setPicked((prev) => {
        const out = new Map<Key, T>();
        for (const k of next) {
          const row = prev.get(k) ?? rows.find((r) => rowKey(r) === k);
          if (row !== undefined) out.set(k, row);
        }
        return out;
      }),
    [rows, rowKey],
  );
  const clear = useCallback(() => setPicked(new Map()), []);
  return { selected: [...picked.keys()], selectedRows: [...picked.values()], onChange, clear };
}
