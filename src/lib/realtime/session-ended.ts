// When the server closes the socket with SESSION_ENDED_CLOSE_CODE (a logout in another tab, the
// session's expiry, a password reset), the app ends the session exactly as it does for a 401:
// query-client.ts sends a 401 from any call other than the session check to onSessionExpired,
// which shows "Session ended" and goes to /login (app/providers.tsx). The server is asked once,
// through the query cache, so that its 401 takes that very path.
import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUser } from '../../api/generated/endpoints/auth/auth';
import { ApiError } from '../../api/mutator';

/** Not the session check's own key (['api','auth','me']), whose 401 the app leaves to the guard. */
const SESSION_ENDED_KEY = ['realtime', 'session-ended'] as const;

/** true: the server answered 401 and the app is signing out; false: still signed in, or no answer. */
export async function confirmSessionEnded(queryClient: QueryClient): Promise<boolean> {
  try {
    await queryClient.fetchQuery({
      queryKey: SESSION_ENDED_KEY,
      queryFn: () => getCurrentUser(),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    });
    return false;
  } catch (error) {
    return error instanceof ApiError && error.status === 401;
  }
}
