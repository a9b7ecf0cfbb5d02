import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RequireSession } from '../require-session';
import { json, renderRoutes, stubApi } from '../../../test/render';

const routes = [
  { path: '/login', element: <p>login screen</p> },
  {
    path: '/products',
    element: (
      <RequireSession>
        <p>products screen</p>
      </RequireSession>
    ),
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('RequireSession', () => {
  it("shows 'Loading...' while the check runs, then the screen", async () => {
    let answer!: (r: Response) => void;
    const { fetchStub } = stubApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    renderRoutes(routes, '/products');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer(json(200, { id: 1, username: 'admin' }));
    expect(await screen.findByText('products screen')).toBeInTheDocument();
  });

  it('sends a visitor to /login when the check fails, once and without retry', async () => {
    const { fetchStub, calls } = stubApi({ 'GET /api/auth/me': () => json(401, { message: 'Not authenticated' }) });
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    const { router } = renderRoutes(routes, '/products');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('products screen')).not.toBeInTheDocument();
    expect(calls).toEqual(['GET /api/auth/me']);
  });

  it('treats an empty answer as no session', async () => {
    const { fetchStub } = stubApi({ 'GET /api/auth/me': () => new Response(null, { status: 204 }) });
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    renderRoutes(routes, '/products');
    await waitFor(() => expect(screen.getByText('login screen')).toBeInTheDocument());
  });
});
