import { useState } from 'react';
import type { z } from 'zod';
import { usePaging } from '../data-table/use-paging';
import { useSavedSearch } from './use-saved-search';

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/**
 * The search + paging orchestration of a list screen: the saved search (spec §9, rerun on
 * opening), the table's paging, and the form's validation. `toFilter` turns the form into the
 * call's filter and field errors (i18n keys); a search with errors is not run, and searching or
 * resetting goes back to the first page.
 */
export function useListSearch<F, Filter>(
  screenKey: string,
  schema: z.ZodType<F>,
  empty: F,
  toFilter: (form: F) => { filter: Filter; errors: FieldErrors<F> },
) {
  const search = useSavedSearch<F>(screenKey, schema, empty);
  const [paging, setPaging] = usePaging(screenKey);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const firstPage = () => setPaging({ start: 0, length: paging.length });
  return {
    search,
    paging,
    setPaging,
    errors,
    /** the filter of the applied (saved) search */
    filter: toFilter(search.applied).filter,
    set: (patch: Partial<F>) => search.setDraft({ ...search.draft, ...patch }),
    onSearch: () => {
      const next = toFilter(search.draft);
      setErrors(next.errors);
      if (Object.keys(next.errors).length > 0) return;
      search.apply();
      firstPage();
    },
    onReset: () => {
      setErrors({});
      search.reset();
      firstPage();
    },
  };
}
