// Node-only. Starts Stoplight Prism on a contract file with --errors (a request that breaks the
// contract is refused, with an `sl-violations` header saying why) and resolves once it listens.
// Shared by the mocks of third-party APIs (common/whatsapp/prism-mock.ts, common/mpesa/prism-mock.ts),
// which prepare their contract first; in common/ because the server's tests start them too.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { PROJECT_ROOT } from '../contract/root';
import { HOST, freePort, httpUrl } from './ports';

/** How long Prism may take to start (about 2 s on a quiet machine). */
const START_TIMEOUT_MS = 60_000;

export type PrismOptions = {
  /** The contract Prism serves. */
  file: string;
  /** Default: a free port. */
  port?: number;
  /** Answers generated from the schemas instead of the first example. */
  dynamic?: boolean;
  /** With dynamic: repeatable data. */
  seed?: string;
  /** Each line Prism prints once listening (a request, a violation); default: kept quiet. */
  log?: (line: string) => void;
};

export type PrismProcess = {
  url: string;
  port: number;
  close(): Promise<void>;
};

export async function startPrism({ file, port, dynamic = false, seed, log }: PrismOptions): Promise<PrismProcess> {
  const bin = join(PROJECT_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'prism.cmd' : 'prism');
  if (!existsSync(bin)) throw new Error(`prism not found at ${bin}: run npm ci first`);
  const listenPort = port ?? (await freePort());
  const args = ['mock', file, '--host', HOST, '--port', String(listenPort), '--errors'];
  if (dynamic) args.push('--dynamic');
  if (dynamic && seed) args.push('--seed', seed);
  // Started from node_modules/.bin, not npx (which leaves an orphan node process when killed).
  const child = spawn(bin, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not start within ${START_TIMEOUT_MS / 1000} s:\n${output.join('\n')}`)),
      START_TIMEOUT_MS,
    );
    // Prism lists every route while it starts: kept for an error message, not logged.
    let listening = false;
    const watch = (stream: NodeJS.ReadableStream) =>
      createInterface({ input: stream }).on('line', (line) => {
        if (!listening && line.includes('Prism is listening on')) {
          listening = true;
          clearTimeout(timer);
          resolve();
          return;
        }
        if (listening) log?.(line);
        else if (output.length < 200) output.push(line);
      });
    watch(child.stdout);
    watch(child.stderr);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start prism: ${error.message}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`prism exited before it was ready:\n${output.join('\n')}`));
    });
  });

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };

  try {
    await ready;
  } catch (error) {
    await close();
    throw error;
  }
  return { url: httpUrl(listenPort), port: listenPort, close };
}
