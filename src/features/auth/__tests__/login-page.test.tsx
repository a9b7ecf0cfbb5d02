// The login screen sends its call through the generated auth module, downloaded on first use
// (login-page.tsx): the call is the generated one, under the generated useLogin's key, so a
// refused password is not taken for an ended session and the current user is asked again after.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../api/query-client';
import { ToastProvider } from '../../../lib/toast/toast-provider';
import { json, stubApi } from '../../../test/render';
import { LoginPage } from '../login-page';

function renderLogin(answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(answers);
  const fetchMock = vi.fn(api.fetchStub);
  vi.stubGlobal('fetch', fetchMock);
  const onSessionExpired = vi.fn();
  const queryClient = createQueryClient({ onSessionExpired });
  render(
    <ToastProvider>
      <QueryClientProvider client={queryClient}>
        <LoginPage />
      </QueryClientProvider>
    </ToastProvider>,
  );
  return { ...api, fetchMock, onSessionExpired, queryClient };
}

async function signIn(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('a refused password shows Login failed with the server message, not an ended session', async () => {
    const { calls, fetchMock, onSessionExpired, queryClient } = renderLogin({
      'POST /api/auth/login': () => json(401, { message: 'Invalid username or password' }),
    });
    await signIn('wrong-password');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Invalid username or password');
    expect(calls).toEqual(['POST /api/auth/login']);
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'wrong-password' });
    expect(queryClient.getMutationCache().getAll()[0].options.mutationKey).toEqual(['login']);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
  });

  it('a session: says so and asks for the current user before loading /', async () => {
    const { calls } = renderLogin({
      'POST /api/auth/login': () => json(200, { id: 1, username: 'admin' }),
      'GET /api/auth/me': () => json(200, { id: 1, username: 'admin' }),
    });
    await signIn('stone-and-sinks');
    expect(await screen.findByRole('status')).toHaveTextContent('Login successful');
    await waitFor(() => expect(calls).toEqual(['POST /api/auth/login', 'GET /api/auth/me']));
  });
});
