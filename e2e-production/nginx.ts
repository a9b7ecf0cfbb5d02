// Debian's nginx with deploy/nginx/stone-sinks.conf, started as an operator
// would run it but unprivileged, in a folder of its own: a minimal main
// configuration (pid, logs and temporary files in that folder, the
// brotli_static module when installed) that includes the site configuration
// with only its placeholders changed (port, dist folder, backend).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, freePort, httpUrl } from '../common/dev/ports';
import { RELEASE_DIR, WORK_DIR } from './release';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const NGINX_SITE = join(ROOT, 'deploy', 'nginx', 'stone-sinks.conf');

/** The headers the reference server sets on every answer (server/app/plugins/security-headers.ts). */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'strict-transport-security',
  'cache-control',
] as const;

/** Those headers of one answer, by name (a header sent twice shows as its values joined with ", "). */
export function securityHeaders(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers.get(name)]));
}

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The nginx binary: NGINX_PATH if set, else Debian's or a local build's; undefined when there is none. */
export function nginxBinary(): string | undefined {
  const candidates = [
    process.env.NGINX_PATH,
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!));
}

/** The placeholders an operator changes, and what this check puts in their place. */
export function siteConfig(text: string, { port, root, backend }: { port: number; root: string; backend: string }) {
  const replacements: [string, string][] = [
    ['listen 8080;', `listen ${HOST}:${port};`],
    ['root /srv/stone-sinks/dist;', `root ${root};`],
    ['http://127.0.0.1:8081', backend],
  ];
  let site = text;
  for (const [placeholder, value] of replacements) {
    if (!site.includes(placeholder)) throw new Error(`${NGINX_SITE} no longer holds the placeholder "${placeholder}"`);
    site = site.replaceAll(placeholder, value);
  }
  return site;
}

export type Nginx = {
  url: string;
  dir: string;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  /** Graceful stop (SIGQUIT), fast (SIGTERM) after 5 s. */
  stop(): Promise<void>;
};

/** Starts nginx with deploy/nginx/stone-sinks.conf in front of `backend` (http://host:port); resolves when it answers. */
export async function startNginx(backend: string): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('no nginx binary (apt-get install nginx libnginx-mod-http-brotli-static)');
  mkdirSync(WORK_DIR, { recursive: true });
  const dir = mkdtempSync(join(WORK_DIR, 'nginx-'));
  const port = await freePort();
  const log = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'site.conf'),
    siteConfig(readFileSync(NGINX_SITE, 'utf8'), { port, root: join(RELEASE_DIR, 'dist'), backend }),
  );
  const main = [
    // Workers of an nginx started by root otherwise run as nobody, who may not read the release folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${log} info;`,
    ...(existsSync(BROTLI_STATIC) ? [`load_module ${BROTLI_STATIC};`] : []),
    'worker_processes 1;',
    'events {}',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(dir, kind)};`),
    '    access_log off;',
    `    include ${join(dir, 'site.conf')};`,
    '}',
    '',
  ];
  writeFileSync(join(dir, 'nginx.conf'), main.join('\n'));

  const output: string[] = [];
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-e', log, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const errorLog = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  const url = httpUrl(port);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGTERM'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const brotli = existsSync(BROTLI_STATIC)
        ? ''
        : `\n(no ${BROTLI_STATIC}: apt-get install libnginx-mod-http-brotli-static)`;
      throw new Error(`nginx exited before answering:\n${output.join('')}${errorLog()}${brotli}`);
    }
    try {
      await fetch(`${url}/index.html`, { signal: AbortSignal.timeout(2_000) });
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer ${url} within 15 s:\n${output.join('')}${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dir, errorLog, stop };
}
