import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetCurrentUser } from '../../api/generated/endpoints/auth/auth';

/** The access guard: one current-user lookup, no retry; 'Loading...' meanwhile; a failure or no user → /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useGetCurrentUser({ query: { retry: false, staleTime: Infinity } });
  if (me.isPending) {
    return (
      <div className="center-screen" role="status">
        Loading...
      </div>
    );
  }
  if (me.isError || !me.data) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
