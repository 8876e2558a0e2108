import { z } from 'zod';
import { usePersistentState } from '../../lib/persisted';
import { DEFAULT_PAGE_SIZE, type Paging } from './paging';

const ZPagingState = z.object({ start: z.number().int().min(0), length: z.number().int().min(1).max(100) });

/** Paging of one screen's table, kept locally per screen (ARCHITECTURE.md example 3). */
export function usePaging(screenKey: string, initial: Paging = { start: 0, length: DEFAULT_PAGE_SIZE }) {
  return usePersistentState<Paging>(`paging.${screenKey}`, ZPagingState, initial);
}
