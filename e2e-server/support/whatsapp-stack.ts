// The reference server with the WhatsApp Cloud API channel on, for
// e2e-server/channels/whatsapp.spec.ts: Prism serving Meta's trimmed contract (dynamic:
// one wamid per send) behind the recorder (what "WhatsApp" was sent), a second
// reference server on a fresh database pointed at the recorder, and a Vite dev
// server in front of it: all on free ports, apart from the server and Vite that
// playwright.server.config.ts starts (those have no WhatsApp).
//
// Each child runs in its own process group; close() stops the groups (SIGTERM,
// then SIGKILL after 5 s) and removes the temporary folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../common/contract/root';
import { freePort, httpUrl } from '../../common/dev/ports';
import { startWhatsAppMock, type WhatsAppMock } from '../../common/whatsapp/prism-mock';
import { startWhatsAppRecorder, type WhatsAppRecorder } from '../../common/whatsapp/recorder';
import { E2E_ADMIN } from '../../playwright.server.config';

/** Development-only values, fake on purpose (the same `npm start -- --whatsapp` uses). */
export const WHATSAPP = {
  accessToken: 'dev-token-not-secret',
  phoneNumberId: '100000000000001',
  businessAccountId: '100000000000002',
  appSecret: 'dev-app-secret',
  verifyToken: 'dev-verify-token',
};

/** Startup on a loaded machine: Prism, a server applying every migration, Vite. */
export const STARTUP_TIMEOUT_MS = 150_000;

export type WhatsAppStack = {
  /** The dashboard (Vite, proxying /api and /ws to `server`). */
  app: string;
  /** The reference server (its /webhooks/whatsapp is what Meta would call). */
  server: string;
  recorder: WhatsAppRecorder;
  close(): Promise<void>;
};

type Child = { name: string; process: ChildProcess; exited: Promise<void>; output: string[] };

/** The public address the stack's server names in the links it sends (quote PDFs). */
export const PUBLIC_ORIGIN = 'https://shop.example.co.ke';

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(join(PROJECT_ROOT, command), args, {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream! }).on('line', (line) => {
      output.push(line);
      if (output.length > 80) output.shift();
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => output.push(`could not start ${name}: ${error.message}`));
  return { name, process: child, exited, output };
}

const running = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    // the group is gone
  }
}

async function stop(child: Child): Promise<void> {
  if (running(child)) {
    signalGroup(child, 'SIGTERM');
    await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  // Whatever is left in the group (a child that ignored SIGTERM, what it started).
  signalGroup(child, 'SIGKILL');
}

/** Resolves once `check` passes; fails with the child's last lines if it exits or time runs out. */
async function waitFor(child: Child, check: () => Promise<boolean>, deadline: number): Promise<void> {
  for (;;) {
    if (!running(child)) throw new Error(`${child.name} exited while starting:\n${child.output.join('\n')}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${child.name} did not answer in ${STARTUP_TIMEOUT_MS / 1000} s:\n${child.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startWhatsAppStack(): Promise<WhatsAppStack> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-whatsapp-'));
  const children: Child[] = [];
  let mock: WhatsAppMock | undefined;
  let recorder: WhatsAppRecorder | undefined;
  const close = async () => {
    await Promise.all(children.map(stop));
    await recorder?.close();
    await mock?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    mock = await startWhatsAppMock({ dynamic: true });
    recorder = await startWhatsAppRecorder({ target: mock.url });
    const [serverPort, appPort] = [await freePort(), await freePort()];
    const server = httpUrl(serverPort);
    const app = httpUrl(appPort);
    // Not the environment's own WhatsApp, sender, bot or backend: only these.
    const base = { ...process.env };
    for (const name of Object.keys(base))
      if (/^(WHATSAPP_|OUTBOX_SENDER$|BOT_MODULE$|API_TARGET$|DATABASE_URL$)/.test(name)) delete base[name];
    const serverChild = start('server', 'node_modules/.bin/tsx', ['server/main.ts'], {
      ...base,
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ALLOWED_ORIGINS: app,
      LOGIN_RATE_LIMIT: '1000',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      SIMULATE_RATE: '0',
      DEMO_SEED: 'false',
      WHATSAPP_ACCESS_TOKEN: WHATSAPP.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: WHATSAPP.businessAccountId,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
      WHATSAPP_GRAPH_URL: recorder.url,
      // The public address a sent quote's PDF link is placed on (WhatsApp cannot fetch a local
      // one); a test reads the file at the same path from the server itself.
      PUBLIC_ORIGIN: PUBLIC_ORIGIN,
    });
    children.push(serverChild);
    const viteChild = start('vite', 'node_modules/.bin/vite', [], {
      ...base,
      PORT: String(appPort),
      API_TARGET: server,
    });
    children.push(viteChild);
    // Answers 401 without a session: up.
    await waitFor(serverChild, async () => (await fetch(`${server}/api/auth/me`)).status === 401, deadline);
    await waitFor(viteChild, async () => (await fetch(`${app}/@vite/client`)).ok, deadline);
    return { app, server, recorder, close };
  } catch (error) {
    await close();
    throw error;
  }
}
