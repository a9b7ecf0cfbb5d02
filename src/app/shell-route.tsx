import { AppShell } from '../components/layout/app-shell';
import { RequireSession } from '../features/auth/require-session';
import { AppPrimeReactProvider } from './prime-react-provider';

/** Spec §2: every screen but /login sits behind the guard, inside the shell. */
export function ShellRoute() {
  return (
    <AppPrimeReactProvider>
      <RequireSession>
        <AppShell />
      </RequireSession>
    </AppPrimeReactProvider>
  );
}
