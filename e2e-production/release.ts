// Where the production check keeps its release folder and data folders, and
// how it starts the production server from there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../common/dev/ports';

export const WORK_DIR = process.env.PRODUCTION_CHECK_DIR ?? join(tmpdir(), 'stone-sinks-production-check');
export const RELEASE_DIR = join(WORK_DIR, 'release');
export const ADMIN = { username: 'owner', password: 'production-check-password' };

export function dataDir(name: string): string {
  const dir = join(WORK_DIR, 'data', name);
  mkdirSync(join(WORK_DIR, 'data'), { recursive: true });
  return dir;
}

export type ProductionServer = {
  url: string;
  dataDir: string;
  /** Every line the server wrote (stdout and stderr). */
  lines: string[];
  /** JSON log records among those lines. */
  records(): Record<string, unknown>[];
  /** Sends SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
  process: ChildProcess;
};

const BASE_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  EMBEDDED_DATABASE: 'accept-risk',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  FOLLOW_UP_INTERVAL_MINUTES: '0',
};

/** `node build/server/main.js` in the release folder, as `npm run serve` runs it. */
export async function startProductionServer(data: string, env: Record<string, string> = {}): Promise<ProductionServer> {
  const port = await freePort();
  const lines: string[] = [];
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=16', '--max-old-space-size=256', 'build/server/main.js'],
    {
      cwd: RELEASE_DIR,
      env: { PATH: process.env.PATH ?? '', ...BASE_ENV, PORT: String(port), DATA_DIR: data, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let buffer = '';
  const take = (chunk: Buffer) => {
    buffer += String(chunk);
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (lines.some((line) => line.includes('listening on'))) break;
    if (child.exitCode !== null) throw new Error(`the production server exited before listening:\n${lines.join('\n')}`);
    if (Date.now() > deadline)
      throw new Error(`the production server did not listen within 60 s:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: data,
    lines,
    records: () =>
      lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    exited,
    process: child,
  };
}

/** Runs one of the release's command-line tools (backup, restore, admin) to completion. */
export function runTool(tool: 'backup' | 'restore' | 'admin', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`build/server/${tool}.js`, ...args], {
    cwd: RELEASE_DIR,
    env: { PATH: process.env.PATH ?? '', ...BASE_ENV, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
