/// <reference types="vitest/config" />
// Dev server on 127.0.0.1:PORT (default 5173). Same-origin proxy, as in production:
//   mock mode (default): /api → Prism (PRISM_PORT, 4010), /ws → realtime mock
//     (REALTIME_PORT, 4011), /uploads → mocks/uploads
//   API_TARGET=<url>:    /api, /ws and /uploads → that backend
import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type Connect, type Plugin, type ProxyOptions } from 'vite';
import { HOST, apiTarget, devPorts, httpUrl } from './common/dev/ports.js';
import { primeReactThemes } from './scripts/build/vite-themes-plugin.ts';

const root = dirname(fileURLToPath(import.meta.url));
const ports = devPorts();
const backend = apiTarget();

// `/ws` exactly (plus a query string), not every path that starts with "/ws".
const WS_PATH = '^/ws(?:\\?.*)?$';

const proxy: Record<string, ProxyOptions> = backend
  ? {
      '/api': { target: backend, changeOrigin: true },
      [WS_PATH]: { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
    }
  : {
      '/api': { target: httpUrl(ports.prism) },
      [WS_PATH]: { target: `ws://${HOST}:${ports.realtime}`, ws: true },
    };

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** Serves mocks/uploads at /uploads: the images the contract's examples name. */
function mockUploads(): Plugin {
  const dir = join(root, 'mocks', 'uploads');
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain');
      res.end(`No mock upload ${path}: add it under mocks/uploads`);
      return;
    }
    res.setHeader('content-type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader('cache-control', 'no-cache');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
  return {
    name: 'mock-uploads',
    configureServer: (server) => void server.middlewares.use('/uploads', serve),
    configurePreviewServer: (server) => void server.middlewares.use('/uploads', serve),
  };
}

// A tab closing while its socket is open resets the proxied connection: normal, not an error
// worth a stack trace in the log.
const logger = createLogger();
const logError = logger.error.bind(logger);
logger.error = (message, options) => {
  if (/ws proxy (socket )?error/.test(message) && /ECONNRESET|EPIPE/.test(message)) return;
  logError(message, options);
};

export default defineConfig({
  customLogger: logger,
  plugins: [react(), primeReactThemes(['lara-light-blue', 'lara-dark-blue']), ...(backend ? [] : [mockUploads()])],
  server: { host: HOST, port: ports.dev, strictPort: true, proxy },
  preview: { host: HOST, port: ports.dev, strictPort: true, proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'mocks/**/*.test.ts',
      'scripts/bench/**/*.test.ts',
      'scripts/docs/**/*.test.ts',
      'scripts/test/**/*.test.ts',
    ],
    css: false,
    // Above Testing Library's 5 s waits (src/test/setup.ts), so a wait that fails says what it waited for.
    testTimeout: 15_000,
    // One test file per core (Vitest's default keeps one core free, which on a 2-core
    // machine ran every file one after the other).
    maxWorkers: '100%',
  },
});
