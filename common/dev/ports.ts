// Node-only. Hosts and ports shared by the mocks, `npm start`, vite.config.ts and the
// Playwright harness. Everything listens on 127.0.0.1 only; every port can be
// moved with an environment variable.
//
//   PORT           dev server (Vite)            default 5173
//   PRISM_PORT     Prism, the HTTP API mock     default 4010
//   REALTIME_PORT  the WebSocket mock (/ws)     default 4011
//
// The e2e run uses its own set (E2E_PORT / E2E_PRISM_PORT / E2E_REALTIME_PORT,
// defaults 5183 / 4110 / 4111) so it never collides with a running `npm start`.

import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

/** A port nothing listens on right now, for a server started on demand. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

export type Ports = { dev: number; prism: number; realtime: number };

/** Ports for `npm start`, `npm run mock:*` and the Vite proxy. */
export function devPorts(): Ports {
  return {
    dev: portFromEnv('PORT', 5173),
    prism: portFromEnv('PRISM_PORT', 4010),
    realtime: portFromEnv('REALTIME_PORT', 4011),
  };
}

/** Ports of the servers Playwright starts (see playwright.config.ts). */
export function e2ePorts(): Ports {
  return {
    dev: portFromEnv('E2E_PORT', 5183),
    prism: portFromEnv('E2E_PRISM_PORT', 4110),
    realtime: portFromEnv('E2E_REALTIME_PORT', 4111),
  };
}

export const httpUrl = (port: number): string => `http://${HOST}:${port}`;

/** Base URL of the realtime mock's control routes (REALTIME_URL overrides). */
export function realtimeControlUrl(): string {
  return (process.env.REALTIME_URL ?? httpUrl(devPorts().realtime)).replace(/\/+$/, '');
}

/** Real backend to proxy to instead of the mocks (API_TARGET=http://host:port). */
export function apiTarget(): string | undefined {
  const target = process.env.API_TARGET?.trim();
  if (!target) return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`API_TARGET must be an absolute http(s) URL, got "${target}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`API_TARGET must be an http(s) URL, got "${target}"`);
  }
  return url.origin;
}
