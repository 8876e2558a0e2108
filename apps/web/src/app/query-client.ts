import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { session } from '../lib/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a 4xx will not get better by asking again
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
    },
  },
});

// Nothing of one session's data may outlive it (logout, expiry, a 401, another tab logging out).
session.subscribe(() => {
  if (!session.token()) queryClient.clear();
});
