// Real processes for the boot tests: the server as `npm run server` starts
// it, and a throwaway PostgreSQL server in a temporary folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../common/dev/ports';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type ServerProcess = { url: string; port: number; output: string[]; stop(): Promise<number | null> };

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  // One process, node itself with tsx's loader: tsx's own command runs the server as a child
  // and relays a signal only if the child confirms it within 30 ms, so on a busy machine a
  // SIGTERM could end the wrapper with 143 instead of the server's clean exit 0.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), FOLLOW_UP_INTERVAL_MINUTES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.join('').includes('listening on')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before listening:\n${output.join('')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const PG_BIN = process.env.PG_BIN ?? findPgBin();

function findPgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (!PG_BIN) return "PostgreSQL binaries not found (install Debian's postgresql package or set PG_BIN)";
  return undefined;
}

export type PostgresProcess = {
  url: string;
  /** The postmaster's process id (its backends are its children). */
  pid: number;
  stop(): Promise<void>;
};

/** initdb in a temp folder and start `postgres` on a free loopback port (as the postgres user when root). */
export async function startPostgres(): Promise<PostgresProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN!, bin), ...args]] : [join(PG_BIN!, bin), args]) as [
      string,
      string[],
    ];
  const [initCmd, initArgs] = run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const [cmd, args] = run('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  child.stderr!.on('data', (chunk) => log.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = spawnSync(join(PG_BIN!, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
    if (ready.status === 0) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`postgres did not start:\n${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: async () => {
      // runuser does not pass signals on: ask postgres itself to stop.
      const [stopCmd, stopArgs] = run('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w']);
      spawnSync(stopCmd, stopArgs, { stdio: 'ignore' });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
