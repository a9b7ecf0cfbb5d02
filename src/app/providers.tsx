import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../lib/toast/toast-provider';
import { useToast } from '../lib/toast/toast-context';

export function AppProviders({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  return (
    <ToastProvider>
      <QueryProvider onSignedOut={onSignedOut}>{children}</QueryProvider>
    </ToastProvider>
  );
}

function QueryProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  const toast = useToast();
  const [queryClient] = useState<QueryClient>(() => {
    let handling = false;
    const client = createQueryClient({
      // A 401 after sign-in means the session ended; say so and go to /login.
      onSessionExpired: () => {
        if (handling) return;
        handling = true;
        // The login screen clears the cache when it mounts.
        toast({
          title: 'Session ended',
          description: 'Your session has expired. Please log in again.',
          variant: 'destructive',
        });
        onSignedOut();
        setTimeout(() => (handling = false), 1000);
      },
    });
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
