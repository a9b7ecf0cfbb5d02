// Backends the gateway (API_TARGET, server/gateway/) is put in front of by
// gateway.spec.ts, besides the reference server: the contract mocks (Prism
// for openapi.yaml, the realtime mock for asyncapi.yaml), which have only
// the spec's calls, and a backend that accepts connections and never answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, freePort, httpUrl } from '../common/dev/ports';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Started = { process: ChildProcess; lines: string[]; exited: Promise<number | null> };

/** Runs a mock with tsx from the repository root, in its own process group (tsx and Prism start children). */
function startMock(script: string, env: Record<string, string>): Started {
  const lines: string[] = [];
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [script], {
    cwd: ROOT,
    // The static examples, whatever the shell says (as playwright.config.ts does).
    env: { ...process.env, MOCK_DYNAMIC: '', API_TARGET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const take = (chunk: Buffer) => lines.push(...String(chunk).split('\n').filter(Boolean));
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, lines, exited };
}

/** SIGTERM to the mock's process group (tsx, the mock, Prism); SIGKILL if it is still there after 5 s. */
async function stopMock({ process: child, exited }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Resolves once `url` gives any HTTP answer; throws with the mock's output if it exits or 60 s pass. */
async function waitForAnswer(url: string, mock: Started, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (mock.process.exitCode !== null)
      throw new Error(`${name} exited before answering ${url}:\n${mock.lines.join('\n')}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} within 60 s:\n${mock.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type ContractMocks = {
  /** Prism (openapi.yaml), for API_TARGET. */
  apiUrl: string;
  /** The realtime mock's socket (asyncapi.yaml), for WS_TARGET. */
  wsUrl: string;
  /** The realtime mock's control routes (/__control/…). */
  controlUrl: string;
  /** What both mocks wrote. */
  lines(): string[];
  stop(): Promise<void>;
};

/** `mocks/prism.ts` and `mocks/realtime-server.ts` on free ports, as `npm start` runs them; resolves when both answer. */
export async function startContractMocks(): Promise<ContractMocks> {
  const [prismPort, realtimePort] = [await freePort(), await freePort()];
  const prism = startMock('mocks/prism.ts', { PRISM_PORT: String(prismPort) });
  const realtime = startMock('mocks/realtime-server.ts', { REALTIME_PORT: String(realtimePort) });
  const mocks: ContractMocks = {
    apiUrl: httpUrl(prismPort),
    wsUrl: `ws://${HOST}:${realtimePort}`,
    controlUrl: httpUrl(realtimePort),
    lines: () => [...prism.lines, ...realtime.lines],
    stop: async () => {
      await Promise.all([stopMock(prism), stopMock(realtime)]);
    },
  };
  try {
    // Prism answers 401 without a cookie: that counts as up (as in playwright.config.ts).
    await Promise.all([
      waitForAnswer(`${mocks.apiUrl}/api/auth/me`, prism, 'the Prism mock'),
      waitForAnswer(`${mocks.controlUrl}/__control/health`, realtime, 'the realtime mock'),
    ]);
  } catch (error) {
    await mocks.stop();
    throw error;
  }
  return mocks;
}

export type SilentBackend = { url: string; stop(): Promise<void> };

/** A backend that accepts every connection and request and never answers any. */
export async function startSilentBackend(): Promise<SilentBackend> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(() => {
    // Never answered: the request stays open until the caller gives up.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return {
    url: httpUrl(port),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
