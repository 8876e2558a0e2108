import { useState } from 'react';
import type { z } from 'zod';
import { usePersistentState } from '../../lib/persisted';

/**
 * Spec §9: the search form stores the last search locally per screen and reruns it on opening.
 * `applied` is what the list query uses (restored on opening); `draft` is what the form shows.
 */
export function useSavedSearch<T>(screenKey: string, schema: z.ZodType<T>, empty: T) {
  const [applied, setApplied] = usePersistentState<T>(`search.${screenKey}`, schema, empty);
  const [draft, setDraft] = useState<T>(applied);
  return {
    applied,
    draft,
    setDraft,
    /** runs the search with the draft (and stores it) */
    apply: (value: T = draft) => {
      setDraft(value);
      setApplied(value);
    },
    reset: () => {
      setDraft(empty);
      setApplied(empty);
    },
  };
}
