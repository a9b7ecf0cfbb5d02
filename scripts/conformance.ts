// `npm run conformance -- <backend-url> [--write]`: checks that a real server
// answers as openapi.yaml says. Prism runs as a validating proxy in front of the
// backend (`prism proxy --errors`): every response that breaks the contract
// (status, headers, body) comes back as a 500 listing the violations.
//
//   CONFORMANCE_USERNAME / CONFORMANCE_PASSWORD   a staff account on that server
//   --write   also create, update and delete a test product, and change and
//             restore a conversation's status and the follow-up settings.
//             Never sends follow-up messages to customers.
//
// Read-only by default, so it is safe against a staging server with real data.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, signIn, waitForApi } from '../mocks/api-client';
import { HOST, httpUrl } from '../mocks/ports';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const backend = args.find((a) => !a.startsWith('--'));
const write = args.includes('--write');
if (!backend) {
  console.error('usage: npm run conformance -- <backend-url> [--write]   (e.g. http://127.0.0.1:8080)');
  process.exit(2);
}
const proxyPort = Number(process.env.CONFORMANCE_PORT ?? 4310);
const proxyUrl = httpUrl(proxyPort);

type Check = { name: string; expect: number[]; run: (client: Client) => Promise<{ response: Response; error?: unknown }> };
type Client = ReturnType<typeof createApiClient>;
type Row = { name: string; status: number | string; ok: boolean; detail?: string };

const proxy = spawn(join(root, 'node_modules', '.bin', 'prism'), ['proxy', 'openapi.yaml', backend, '--errors', '--host', HOST, '--port', String(proxyPort)], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const proxyLog: string[] = [];
proxy.stdout.on('data', (chunk: Buffer) => proxyLog.push(chunk.toString()));
proxy.stderr.on('data', (chunk: Buffer) => proxyLog.push(chunk.toString()));
const stop = () => proxy.exitCode === null && proxy.kill('SIGTERM');
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const { detail, title, validation } = body as { detail?: string; title?: string; validation?: { location?: string[]; message?: string }[] };
    if (Array.isArray(validation)) return validation.map((v) => `${(v.location ?? []).join('.')}: ${v.message}`).join('; ');
    if (detail || title) return [title, detail].filter(Boolean).join(': ');
  }
  return JSON.stringify(body)?.slice(0, 300) ?? '';
}

async function runCheck(check: Check, client: Client): Promise<Row> {
  try {
    const { response, error } = await check.run(client);
    const violations = response.headers.get('sl-violations');
    const ok = check.expect.includes(response.status) && !violations;
    return {
      name: check.name,
      status: response.status,
      ok,
      detail: ok ? undefined : violations ?? (response.status >= 500 ? describe(error) : `expected ${check.expect.join(' or ')}`),
    };
  } catch (error) {
    return { name: check.name, status: 'error', ok: false, detail: String(error) };
  }
}

async function main() {
  await waitForApi(proxyUrl, 30_000);
  const username = process.env.CONFORMANCE_USERNAME;
  const password = process.env.CONFORMANCE_PASSWORD;
  if (!username || !password) {
    console.error('Set CONFORMANCE_USERNAME and CONFORMANCE_PASSWORD to a staff account on that server.');
    process.exit(2);
  }

  const rows: Row[] = [];
  const anonymous = createApiClient(proxyUrl);
  // Prism itself answers 401 when the cookie is missing, without asking the
  // backend; an unknown session id goes through, so the backend's 401 is checked.
  const expired = createApiClient(proxyUrl, 'sid=conformance-unknown-session');
  const badLogin = await anonymous.POST('/api/auth/login', { body: { username, password: `${password}-wrong` } });
  rows.push({ name: 'POST /api/auth/login (wrong password)', status: badLogin.response.status, ok: badLogin.response.status === 401 && !badLogin.response.headers.get('sl-violations') });
  const session = await signIn(proxyUrl, { username, password });
  rows.push({ name: 'POST /api/auth/login', status: 200, ok: true });
  const client = createApiClient(proxyUrl, `${session.name}=${session.value}`);

  // Ids to look at come from the server's own lists.
  const products = (await client.GET('/api/products')).data ?? [];
  const conversations = (await client.GET('/api/conversations')).data ?? [];
  const notifications = (await client.GET('/api/notifications')).data ?? [];
  const productId = products[0]?.id;
  const conversation = conversations[0];
  const missing = 2_147_483_000;

  const checks: Check[] = [
    { name: 'GET /api/auth/me', expect: [200], run: (c) => c.GET('/api/auth/me') },
    { name: 'GET /api/auth/me (unknown session)', expect: [401], run: () => expired.GET('/api/auth/me') },
    { name: 'GET /api/products', expect: [200], run: (c) => c.GET('/api/products') },
    { name: 'GET /api/products (unknown session)', expect: [401], run: () => expired.GET('/api/products') },
    { name: 'GET /api/products/export', expect: [200], run: (c) => c.GET('/api/products/export', { parseAs: 'text' }) },
    { name: 'GET /api/products/{id} (unknown)', expect: [404], run: (c) => c.GET('/api/products/{id}', { params: { path: { id: missing } } }) },
    { name: 'GET /api/conversations', expect: [200], run: (c) => c.GET('/api/conversations') },
    { name: 'GET /api/conversations/search', expect: [200], run: (c) => c.GET('/api/conversations/search', { params: { query: { status: 'admin_required' } } }) },
    { name: 'GET /api/conversations/export', expect: [200], run: (c) => c.GET('/api/conversations/export', { parseAs: 'text' }) },
    { name: 'GET /api/conversations/{id} (unknown)', expect: [404], run: (c) => c.GET('/api/conversations/{id}', { params: { path: { id: missing } } }) },
    { name: 'GET /api/notifications', expect: [200], run: (c) => c.GET('/api/notifications') },
    { name: 'GET /api/notifications/unread', expect: [200], run: (c) => c.GET('/api/notifications/unread') },
    { name: 'GET /api/analytics/overview', expect: [200], run: (c) => c.GET('/api/analytics/overview') },
    { name: 'GET /api/analytics/products', expect: [200], run: (c) => c.GET('/api/analytics/products') },
    { name: 'GET /api/analytics/timeline?days=30', expect: [200], run: (c) => c.GET('/api/analytics/timeline', { params: { query: { days: 30 } } }) },
    { name: 'GET /api/follow-ups/settings', expect: [200], run: (c) => c.GET('/api/follow-ups/settings') },
  ];
  if (productId) checks.push({ name: `GET /api/products/${productId}`, expect: [200], run: (c) => c.GET('/api/products/{id}', { params: { path: { id: productId } } }) });
  if (conversation) {
    const path = { id: conversation.id };
    checks.push(
      { name: `GET /api/conversations/${conversation.id}`, expect: [200], run: (c) => c.GET('/api/conversations/{id}', { params: { path } }) },
      { name: `GET /api/conversations/${conversation.id}/messages`, expect: [200], run: (c) => c.GET('/api/conversations/{id}/messages', { params: { path } }) },
    );
  }
  if (write) checks.push(...writeChecks(conversation, notifications[0]?.id));

  for (const check of checks) rows.push(await runCheck(check, client));
  rows.push(await runCheck({ name: 'POST /api/auth/logout', expect: [204], run: (c) => c.POST('/api/auth/logout', { parseAs: 'text' }) }, client));

  const width = Math.max(...rows.map((r) => r.name.length));
  for (const row of rows) {
    console.log(`${row.ok ? 'ok  ' : 'FAIL'}  ${row.name.padEnd(width)}  ${String(row.status).padStart(5)}${row.detail ? `  ${row.detail}` : ''}`);
  }
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  if (!write) console.log('(read-only run: add --write to also check create/update/delete and status changes)');
  process.exit(failed ? 1 : 0);
}

function writeChecks(conversation: { id: number; status: 'bot_active' | 'admin_required' | 'admin_takeover' } | undefined, notificationId: number | undefined): Check[] {
  let createdId: number | undefined;
  const checks: Check[] = [
    {
      name: 'POST /api/products (multipart)',
      expect: [201],
      run: async (c) => {
        const result = await c.POST('/api/products', {
          body: { name: 'Conformance Check Granite', category: 'granite', startingPrice: '1000', endingPrice: '1500.50', color: 'Grey', stock: 0, isActive: false },
          bodySerializer: (body) => {
            const form = new FormData();
            for (const [key, value] of Object.entries(body ?? {})) form.append(key, String(value));
            form.append('installationImages', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'a.svg');
            form.append('installationImages', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'b.svg');
            return form;
          },
        });
        createdId = result.data?.id;
        return result;
      },
    },
    {
      name: 'PATCH /api/products/{id} (multipart)',
      expect: [200],
      run: (c) =>
        c.PATCH('/api/products/{id}', {
          params: { path: { id: createdId ?? 0 } },
          body: { stock: 2 },
          bodySerializer: (body) => {
            const form = new FormData();
            for (const [key, value] of Object.entries(body ?? {})) form.append(key, String(value));
            return form;
          },
        }),
    },
    { name: 'DELETE /api/products/{id}', expect: [204], run: (c) => c.DELETE('/api/products/{id}', { params: { path: { id: createdId ?? 0 } }, parseAs: 'text' }) },
    {
      name: 'PATCH /api/follow-ups/settings (same values)',
      expect: [200],
      run: async (c) => {
        const current = (await c.GET('/api/follow-ups/settings')).data;
        if (!current) throw new Error('could not read the follow-up settings');
        return c.PATCH('/api/follow-ups/settings', { body: current });
      },
    },
  ];
  if (conversation) {
    const path = { id: conversation.id };
    checks.push(
      { name: 'PATCH /api/conversations/{id} (takeover)', expect: [200], run: (c) => c.PATCH('/api/conversations/{id}', { params: { path }, body: { status: 'admin_takeover' } }) },
      { name: 'PATCH /api/conversations/{id} (restore)', expect: [200], run: (c) => c.PATCH('/api/conversations/{id}', { params: { path }, body: { status: conversation.status } }) },
    );
  }
  if (notificationId) {
    checks.push({ name: 'PATCH /api/notifications/{id}/read', expect: [200], run: (c) => c.PATCH('/api/notifications/{id}/read', { params: { path: { id: notificationId } } }) });
  }
  return checks;
}

main().catch((error: unknown) => {
  console.error(String(error));
  console.error(proxyLog.join('').split('\n').slice(-20).join('\n'));
  process.exit(1);
});
