import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { getGetCurrentUserQueryOptions, useLogin } from '../../api/generated/endpoints/auth/auth';
import { serverMessage } from '../../api/mutator';
import { appConfig } from '../../app/config';
import { useToast } from '../../lib/toast/toast-context';
import { loginFormMessages, loginFormSchema, type LoginForm } from './login-schema';
import './login-page.css';

export function LoginPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  // Nothing of an earlier session stays in memory once the login screen shows.
  useEffect(() => queryClient.clear(), [queryClient]);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema, loginFormMessages), defaultValues: { username: '', password: '' } });

  const login = useLogin({
    mutation: {
      onSuccess: async () => {
        toast({ title: 'Login successful', description: 'Welcome back!' });
        // Spec §4: refresh the current user, then a full page load to '/'.
        await queryClient.fetchQuery(getGetCurrentUserQueryOptions()).catch(() => undefined);
        window.location.assign('/');
      },
      onError: (error) => {
        toast({ title: 'Login failed', description: serverMessage(error) ?? 'Invalid credentials', variant: 'destructive' });
      },
    },
  });

  return (
    <main className="login-page">
      <section className="login-card card" aria-labelledby="login-title">
        <header className="login-header">
          <h1 id="login-title">{appConfig.businessName}</h1>
          <p className="muted">Admin Dashboard Login</p>
        </header>
        <form className="form-grid" noValidate onSubmit={handleSubmit((data) => login.mutate({ data }))}>
          <div className="field">
            <label htmlFor="username">Username</label>
            <InputText
              id="username"
              autoComplete="username"
              autoFocus
              invalid={!!errors.username}
              aria-invalid={!!errors.username}
              aria-describedby={errors.username ? 'username-error' : undefined}
              {...register('username')}
            />
            {errors.username && (
              <small id="username-error" className="field-error">
                {errors.username.message}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <div className="password-field">
              <InputText
                id="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                invalid={!!errors.password}
                aria-invalid={!!errors.password}
                aria-describedby={errors.password ? 'password-error' : undefined}
                {...register('password')}
              />
              <Button
                type="button"
                text
                rounded
                className="password-toggle"
                icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              />
            </div>
            {errors.password && (
              <small id="password-error" className="field-error">
                {errors.password.message}
              </small>
            )}
          </div>
          <Button type="submit" label={login.isPending ? 'Logging in...' : 'Login'} disabled={login.isPending} />
        </form>
        <footer className="login-footer muted">Powered by {appConfig.solutionsProvider}</footer>
      </section>
    </main>
  );
}
