import type { TUserSessionList, ZEndedSessions } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type Ended = z.infer<typeof ZEndedSessions>;
const KEY = ['company', 'sessions'] as const;

/** (issue 58) GET company/sessions: the user's live sessions, the current one marked. */
export const useSessions = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<TUserSessionList>('company/sessions', { signal }) });

/** (issue 58) DELETE company/sessions/{id} (one session) or company/sessions (every one but the current). */
export function useEndSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => api.delete<Ended>(id ? `company/sessions/${encodeURIComponent(id)}` : 'company/sessions'),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
