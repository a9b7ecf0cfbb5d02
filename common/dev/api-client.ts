// Node-only. Typed HTTP client for node-side code (the start script, e2e fixtures,
// benchmarks): openapi-fetch over the types openapi-typescript generates from
// openapi.yaml, so a call that does not fit the contract does not compile.
// The browser app goes through src/api/mutator.ts instead.
import createClient from 'openapi-fetch';
import { loadOpenApi } from '../contract';
import type { components, paths } from '../generated/openapi-types';

export type LoginRequest = components['schemas']['LoginRequest'];

/**
 * A client for the API at `baseUrl` (e.g. http://127.0.0.1:4010 for Prism).
 * `cookie` is sent as the Cookie header on every call, e.g. "sid=…".
 */
export function createApiClient(baseUrl: string, cookie?: string) {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** The login request example of openapi.yaml (what the mock expects). */
export function contractLoginExample(): LoginRequest {
  const doc = loadOpenApi() as unknown as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }>
    >;
  };
  const examples = doc.paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.examples ?? {};
  const first = Object.values(examples)[0]?.value as LoginRequest | undefined;
  if (!first) throw new Error('openapi.yaml has no request example for POST /api/auth/login');
  return first;
}

export type SessionCookie = {
  name: string;
  value: string;
  /** The whole Set-Cookie header the server sent. */
  setCookie: string;
  httpOnly: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  path: string;
};

/** Signs in through POST /api/auth/login and returns the session cookie it sets. */
export async function signIn(
  baseUrl: string,
  credentials: LoginRequest = contractLoginExample(),
): Promise<SessionCookie> {
  const { data, error, response } = await createApiClient(baseUrl).POST('/api/auth/login', { body: credentials });
  if (!data) {
    throw new Error(`POST /api/auth/login → ${response.status}: ${JSON.stringify(error)}`);
  }
  const setCookie = response.headers.getSetCookie()[0];
  if (!setCookie) throw new Error('POST /api/auth/login answered 200 without a Set-Cookie header');
  const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attribute = (name: string) =>
    attributes
      .find((a) => a.toLowerCase().startsWith(name.toLowerCase()))
      ?.split('=')[1]
      ?.trim();
  const sameSite = attribute('samesite');
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    setCookie,
    httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
    sameSite: sameSite
      ? ((sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase()) as SessionCookie['sameSite'])
      : undefined,
    path: attribute('path') ?? '/',
  };
}

/**
 * Resolves once the API at `baseUrl` answers GET /api/auth/me (any status
 * counts); rejects after `timeoutMs`. A cookie is sent so that Prism's log
 * shows a plain 200 rather than a security violation.
 */
export async function waitForApi(baseUrl: string, timeoutMs = 30_000, cookie = 'sid=readiness-probe'): Promise<void> {
  const client = createApiClient(baseUrl, cookie);
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await client.GET('/api/auth/me', { signal: AbortSignal.timeout(2_000) });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`API at ${baseUrl} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}
