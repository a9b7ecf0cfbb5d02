import { useEffect } from 'react';
import { AppShell } from '../components/layout/app-shell';
import { RequireSession } from '../features/auth/require-session';
import { loginScreen } from './login-route';
import { AppPrimeReactProvider } from './prime-react-provider';

/** Every screen but /login needs a session (the guard) and sits inside the shell. */
export function ShellRoute() {
  useEffect(() => loginScreen.preloadLater(), []);
  return (
    <AppPrimeReactProvider>
      <RequireSession>
        <AppShell />
      </RequireSession>
    </AppPrimeReactProvider>
  );
}
