import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { operatorSession } from './operator-session';

/** The console's own query cache: nothing of it is shared with a company session in the same browser. */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // a 4xx will not get better by asking again
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
    },
  },
});

// nothing of an operator's session outlives it (log out, expiry, a 401, another tab)
operatorSession.subscribe(() => {
  if (!operatorSession.token()) adminQueryClient.clear();
});
