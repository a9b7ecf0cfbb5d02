import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginMutationBody, LoginMutationError } from '../../api/generated/endpoints/auth/auth';
import type { SessionUser } from '../../api/generated/model/sessionUser';
import type { MutationOperationId } from '../../api/generated/operations';
import { serverMessage } from '../../api/mutator';
import { appConfig } from '../../lib/config';
import { loadOnce } from '../../lib/lazy/load-once';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { useToast } from '../../lib/toast/toast-context';
import { useLoginForm } from './use-login-form';
import './login-page.css';

// The generated auth calls come with their React Query hooks for the shell (useQuery and its
// observer, about 3.5 KB gzip): like the form's schema (use-login-form.ts) they download with the
// first keystroke, or on submit, after the screen has painted.
const authCalls = loadOnce(() => import('../../api/generated/endpoints/auth/auth'));
// The generated useLogin's key: query-client.ts refreshes the current user after it and does not
// take its 401 (wrong password) for an ended session.
const LOGIN: MutationOperationId = 'login';

export function LoginPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  // Nothing of an earlier session stays in memory once the login screen shows.
  useEffect(() => queryClient.clear(), [queryClient]);
  const [showPassword, setShowPassword] = useState(false);
  const login = useMutation<SessionUser, LoginMutationError, { data: LoginMutationBody }>({
    mutationKey: [LOGIN],
    mutationFn: async ({ data }) => (await authCalls.get()).login(data),
    onSuccess: async () => {
      toast({ title: 'Login successful', description: 'Welcome back!' });
      // Refresh the current user, then load '/' as a full page (nothing of the login screen stays in memory).
      const { getGetCurrentUserQueryOptions } = await authCalls.get();
      await queryClient.fetchQuery(getGetCurrentUserQueryOptions()).catch(() => undefined);
      window.location.assign('/');
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: serverMessage(error) ?? 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });

  // A double click sends one login.
  const once = useInFlight();
  const { field, errors, onSubmit } = useLoginForm(
    (data) => once((settled) => login.mutate({ data }, { onSettled: settled })),
    authCalls.preload,
  );

  return (
    <main className="login-page">
      <section className="login-card card" aria-labelledby="login-title">
        <header className="login-header">
          <h1 id="login-title">{appConfig.businessName}</h1>
          <p className="muted">Admin Dashboard Login</p>
        </header>
        <form className="form-grid" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label htmlFor="username">Username</label>
            <input
              {...field('username')}
              className={inputClass(!!errors.username)}
              autoComplete="username"
              // The sign-in screen has one task: the cursor starts where it begins.
              // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
              autoFocus
              aria-invalid={!!errors.username}
              aria-describedby={errors.username ? 'username-error' : undefined}
            />
            {errors.username && (
              <small id="username-error" className="field-error">
                {errors.username}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <div className="password-field">
              <input
                {...field('password')}
                className={inputClass(!!errors.password)}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                aria-invalid={!!errors.password}
                aria-describedby={errors.password ? 'password-error' : undefined}
              />
              <button
                type="button"
                className="p-button p-component p-button-icon-only p-button-text p-button-rounded password-toggle"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                <span
                  className={`p-button-icon p-c ${showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}`}
                  aria-hidden="true"
                />
              </button>
            </div>
            {errors.password && (
              <small id="password-error" className="field-error">
                {errors.password}
              </small>
            )}
          </div>
          <button
            type="submit"
            className={`p-button p-component${login.isPending ? ' p-disabled' : ''}`}
            disabled={login.isPending}
          >
            <span className="p-button-label p-c">{login.isPending ? 'Logging in...' : 'Login'}</span>
          </button>
        </form>
        <footer className="login-footer muted">Powered by {appConfig.solutionsProvider}</footer>
      </section>
    </main>
  );
}

// PrimeReact's classes on native controls: the screen looks like the rest of the app without
// downloading PrimeReact's component code (its InputText and Button pull in the tooltip and its
// utilities, about 30 KB gzip) before the first paint.
const inputClass = (invalid: boolean) => `p-inputtext p-component${invalid ? ' p-invalid' : ''}`;
