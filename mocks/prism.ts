// `npm run mock:api`: Stoplight Prism serving openapi.yaml on 127.0.0.1:PRISM_PORT.
//
// * Static mode (default): each response is the operation's first named
//   example; a test picks another one with `Prefer: example=<name>` or an
//   error with `Prefer: code=<status>`.
// * MOCK_DYNAMIC=1 adds --dynamic: random data generated from the schemas
//   (MOCK_SEED=<text> makes it repeatable).
// * --errors: a request that breaks the contract is answered with an error
//   (422 + `sl-violations` header) instead of being served anyway.
//
// Prism is started from node_modules/.bin (not npx, which leaves an orphan
// node process when killed) and stopped with the signal this process gets.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOST, devPorts, httpUrl } from './ports';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'prism.cmd' : 'prism');
if (!existsSync(bin)) {
  console.error(`prism not found at ${bin}: run npm ci first`);
  process.exit(1);
}

const port = devPorts().prism;
const dynamic = process.env.MOCK_DYNAMIC === '1' || process.env.MOCK_DYNAMIC === 'true';
const args = ['mock', 'openapi.yaml', '--host', HOST, '--port', String(port), '--errors'];
if (dynamic) args.push('--dynamic');
if (dynamic && process.env.MOCK_SEED) args.push('--seed', process.env.MOCK_SEED);

const child = spawn(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });

// Prism lists every route at start-up; keep that quiet and pass the rest
// (one line per request, warnings, errors) through.
let ready = false;
const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
  createInterface({ input: stream }).on('line', (line) => {
    if (!ready) {
      if (line.includes('Prism is listening on')) {
        ready = true;
        console.log(`Prism mock API ready on ${httpUrl(port)} (${dynamic ? 'dynamic data' : 'static examples'}, openapi.yaml)`);
        return;
      }
      if (/\binfo\b/.test(line) && /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/.test(line)) return;
    }
    out.write(`${line}\n`);
  });
};
relay(child.stdout, process.stdout);
relay(child.stderr, process.stderr);

let stopping = false;
const forward = (signal: NodeJS.Signals) => {
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => forward(signal));

child.on('error', (error) => {
  console.error(`could not start prism: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code) => {
  if (!ready && !stopping) console.error(`prism exited before it was ready (port ${port} in use?)`);
  if (code !== null) process.exit(code);
  // Killed by the signal we forwarded: a normal stop.
  process.exit(stopping ? 0 : 1);
});
