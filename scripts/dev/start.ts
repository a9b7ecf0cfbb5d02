// `npm start`: the dashboard and what it talks to, in one terminal.
//
//   default          the reference server (server/, PGlite in .data/, demo data on first run)
//                    127.0.0.1:SERVER_PORT (8080), and Vite proxying to it
//   --mock           the Prism HTTP mock (PRISM_PORT, 4010) and the realtime mock
//                    (REALTIME_PORT, 4011) instead of the server
//   --whatsapp       the reference server with the WhatsApp Cloud API channel on,
//                    against a mock: Prism serving Meta's trimmed contract
//                    (WHATSAPP_PRISM_PORT, 4013; a distinct message id per send)
//                    behind the recorder (WHATSAPP_MOCK_PORT, 4012), which shows
//                    what "WhatsApp" was sent at /__recorded. The server gets
//                    development-only WhatsApp variables (fake token, ids and
//                    secrets, printed below); customers are played with
//                    `npm run mock:whatsapp-webhook -- text "…" --secret dev-app-secret`
//   API_TARGET=<url> only Vite, proxying to that backend
//
// Vite (127.0.0.1:PORT, 5173) starts only once everything behind it answers,
// so the printed URL never serves a page whose API is not up yet.
// MOCK_DYNAMIC=1 makes Prism generate random data instead of the examples.
//
// Each child runs in its own process group; Ctrl+C (or SIGTERM/SIGHUP) stops
// every group, and so does any child exiting on its own (exit code 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitForApi } from '../../common/dev/api-client';
import { apiTarget, devPorts, httpUrl } from '../../common/dev/ports';
import { startWhatsAppRecorder, RECORDED_PATH, type RecordedSend } from '../../common/whatsapp/recorder';
import { createRealtimeControl } from '../../mocks/realtime-events';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const ports = devPorts();
const external = apiTarget();
const mock = !external && process.argv.includes('--mock');
const whatsapp = process.argv.includes('--whatsapp');
const serverPort = Number(process.env.SERVER_PORT || 8080);
// The backend Vite proxies to: the given one, or the reference server.
const backend = external ?? (mock ? undefined : httpUrl(serverPort));

const tty = process.stdout.isTTY;
const COLORS: Record<string, string> = {
  prism: '35',
  realtime: '36',
  server: '34',
  vite: '32',
  whatsapp: '33',
  recorder: '33',
  start: '1',
};
const label = (name: string) => {
  const text = `[${name}]`.padEnd(11);
  return tty ? `\u001b[${COLORS[name] ?? '0'}m${text}\u001b[0m` : text;
};
const say = (line: string) => console.log(`${label('start')}${line}`);

type Child = { name: string; process: ChildProcess; exited: Promise<void> };
const children: Child[] = [];
let stopping = false;
let whatsappMockReady = false;

function run(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}): Child {
  const child = spawn(command, args, {
    cwd: root,
    // Own process group: Ctrl+C reaches this script only, and stopping a
    // child's group also stops what it started (tsx → node → prism).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(ports.dev),
      PRISM_PORT: String(ports.prism),
      REALTIME_PORT: String(ports.realtime),
      ...(tty ? { FORCE_COLOR: '1' } : {}),
      ...extraEnv,
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => {
      // One URL is printed, by this script, once everything answers.
      if (name === 'vite' && /Local:|Network:|press h/.test(line)) return;
      // Said once Prism listens; the server is pointed at the recorder, not at Prism directly.
      if (name === 'whatsapp' && /set WHATSAPP_GRAPH_URL/.test(line)) return void (whatsappMockReady = true);
      // Prism's six lines a request: keep what was asked and anything that went wrong.
      if (name === 'whatsapp' && /\[NEGOTIATOR\]|\[VALIDATOR\] ✔/.test(line)) return;
      console.log(`${label(name)}${line}`);
    });
  }
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve();
      if (stopping) return;
      say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the others`);
      void stopAll(1);
    });
  });
  child.on('error', (error) => {
    say(`could not start ${name}: ${error.message}`);
    void stopAll(1);
  });
  const entry = { name, process: child, exited };
  children.push(entry);
  return entry;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch {
    // group already gone
  }
}

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    const running = children.filter((c) => c.process.exitCode === null && c.process.signalCode === null);
    if (running.length > 0) say(`stopping ${running.map((c) => c.name).join(', ')}…`);
    for (const child of children) signalGroup(child, 'SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
    if ((await Promise.race([Promise.all(children.map((c) => c.exited)), timeout])) === 'timeout') {
      say('some processes ignored SIGTERM; killing them');
    }
    // Whatever a child left behind in its group (or a child that hung).
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code);
  }
  return new Promise<never>(() => {});
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stopAll(0));
}

async function waitFor(what: string, check: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (stopping) return new Promise(() => {});
      if (Date.now() > deadline)
        throw new Error(`${what} not ready after ${timeoutMs / 1000} s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * `--whatsapp`: development-only values, fake on purpose (nothing here reaches Meta: the Graph
 * URL is the recorder in front of Prism). The webhook tool signs with the same app secret.
 */
const DEV_WHATSAPP = {
  WHATSAPP_ACCESS_TOKEN: 'dev-token-not-secret',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_BUSINESS_ACCOUNT_ID: '100000000000002',
  WHATSAPP_APP_SECRET: 'dev-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'dev-verify-token',
};

function portOption(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

/** One line per send the recorder saw, with the command that reports it delivered. */
function describeSend(send: RecordedSend, webhookCommand: string): string {
  const request = send.request as { to?: string; type?: string; text?: { body?: string } } | string;
  if (typeof request !== 'object' || request === null) return `a send that was not JSON: answered ${send.status}`;
  const what = request.type === 'text' ? `text "${(request.text?.body ?? '').slice(0, 60)}"` : (request.type ?? '?');
  const to = request.to ?? '?';
  if (!send.wamid) return `${what} to ${to}: refused (${send.status}, see the whatsapp lines above)`;
  // A status names the customer by WhatsApp id: the number's digits, without "+".
  const from = to.replace(/^\+/, '');
  return `${what} to ${to} → ${send.wamid}; report it delivered: ${webhookCommand} status ${send.wamid} delivered --from ${from} --secret dev-app-secret`;
}

/** Prism (dynamic) and the recorder in front of it; resolves with the Graph URL to give the server. */
async function startWhatsApp(webhookCommand: string): Promise<string> {
  const recorderPort = portOption('WHATSAPP_MOCK_PORT', 4012);
  const prismPort = portOption('WHATSAPP_PRISM_PORT', 4013);
  const prism = httpUrl(prismPort);
  run('whatsapp', bin('tsx'), ['mocks/whatsapp/prism.ts', '--port', String(prismPort), '--dynamic']);
  await waitFor(
    'whatsapp mock',
    async () => {
      if (!whatsappMockReady) throw new Error('Prism is not listening yet');
    },
    120_000,
  );
  const recorder = await startWhatsAppRecorder({
    target: prism,
    port: recorderPort,
    onSend: (send) => console.log(`${label('recorder')}${describeSend(send, webhookCommand)}`),
  }).catch((error: Error) => {
    throw new Error(`the WhatsApp recorder could not listen on ${recorderPort} (WHATSAPP_MOCK_PORT): ${error.message}`);
  });
  return recorder.url;
}

async function main(): Promise<void> {
  const tsx = bin('tsx');
  const dashboard = httpUrl(ports.dev);
  if (whatsapp && (external || mock))
    throw new Error('--whatsapp runs the reference server against a WhatsApp mock: not with --mock or API_TARGET');
  // The tool posts to 127.0.0.1:$PORT (default 8080): named when that is not this server.
  const toolReaches = serverPort === 8080 && !process.env.PORT;
  const webhookCommand = `npm run mock:whatsapp-webhook --${toolReaches ? '' : ` --url ${backend}`}`;
  const graphUrl = whatsapp ? await startWhatsApp(webhookCommand) : undefined;
  if (stopping) return;
  if (external) {
    say(`API_TARGET=${external}: no mocks; /api, /ws and /uploads go to that backend`);
    await waitFor(external, () => waitForApi(external, 2_000), 120_000);
  } else if (mock) {
    run('prism', tsx, ['mocks/prism.ts']);
    run('realtime', tsx, ['mocks/realtime-server.ts']);
    const realtime = createRealtimeControl(httpUrl(ports.realtime));
    await Promise.all([
      waitFor('prism', () => waitForApi(httpUrl(ports.prism), 1_000)),
      waitFor('realtime mock', () => realtime.status()),
    ]);
  } else {
    run('server', tsx, ['server/main.ts'], {
      PORT: String(serverPort),
      // The dashboard's origin, which the Vite proxy keeps on state-changing requests.
      ALLOWED_ORIGINS: [process.env.ALLOWED_ORIGINS, dashboard, `http://localhost:${ports.dev}`]
        .filter(Boolean)
        .join(','),
      ...(graphUrl ? { ...DEV_WHATSAPP, WHATSAPP_GRAPH_URL: graphUrl } : {}),
    });
    await waitFor('server', () => waitForApi(backend!, 1_000), 120_000);
  }
  if (stopping) return;
  run('vite', bin('vite'), [], backend ? { API_TARGET: backend } : {});
  await waitFor('vite', async () => {
    const response = await fetch(`${dashboard}/@vite/client`);
    if (!response.ok) throw new Error(`status ${response.status}`);
  });
  if (stopping) return;

  say('');
  say(`Dashboard: ${dashboard}`);
  if (external) {
    say(`API: ${external} (through the Vite proxy)`);
  } else if (mock) {
    say(
      `API mock: ${httpUrl(ports.prism)} (${process.env.MOCK_DYNAMIC ? 'dynamic data' : 'contract examples'}); sign in with any username and password`,
    );
    say(`Realtime: npm run mock:event -- notification "Customer asks about delivery"`);
  } else {
    const user = process.env.ADMIN_USERNAME || 'admin';
    const password = process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'admin123';
    say(
      `API: reference server ${backend} (data in ${process.env.DATABASE_URL ? 'DATABASE_URL' : process.env.DATA_DIR || '.data/'}); sign in as ${user} / ${password}`,
    );
    if (graphUrl) {
      say(`WhatsApp: the Cloud API channel against a mock; what "WhatsApp" was sent: ${graphUrl}${RECORDED_PATH}`);
      say(
        `  a customer writes: ${webhookCommand} text "Habari, bei ya black granite ni ngapi?" --secret dev-app-secret`,
      );
      say(`  a delivery status: ${webhookCommand} status <wamid> delivered --secret dev-app-secret`);
      say(
        '  (development-only values: token dev-token-not-secret, app secret dev-app-secret, verify token dev-verify-token)',
      );
    } else say('Live customer activity: SIMULATE_RATE=6 npm start (events a minute)');
  }
  say('Ctrl+C stops everything.');
  say('');
}

main().catch((error: Error) => {
  say(error.message);
  void stopAll(1);
});
