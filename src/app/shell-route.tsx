import { AppShell } from '../components/layout/app-shell';
import { RequireSession } from '../features/auth/require-session';

/** Spec §2: every screen but /login sits behind the guard, inside the shell. */
export function ShellRoute() {
  return (
    <RequireSession>
      <AppShell />
    </RequireSession>
  );
}
