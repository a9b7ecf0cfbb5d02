// Builds and serves what the benchmark drives: the app's production bundle (vite build + vite
// preview, as users get it) and the baseline page (a plain PrimeReact DataTable).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../common/dev/ports';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Served = { url: string; outDir: string; close: () => Promise<void> };

/**
 * Builds `appRoot` for production into a temporary folder and serves it on a free port.
 * The app uses its own vite.config.ts (proxy included; the benchmark answers /api and /ws in the
 * browser, so nothing reaches the proxy); the baseline has no config file of its own.
 */
export async function buildAndServe(which: 'app' | 'baseline'): Promise<Served> {
  const vite = await import('vite');
  const port = await freePort();
  const outDir = await mkdtemp(join(tmpdir(), `bench-${which}-`));
  const config =
    which === 'app'
      ? { root, configFile: join(root, 'vite.config.ts') }
      : {
          root: join(root, 'scripts', 'bench', 'baseline'),
          configFile: false as const,
          plugins: [(await import('@vitejs/plugin-react')).default()],
        };
  process.env.PORT = String(port);
  process.env.API_TARGET = '';
  await vite.build({ ...config, logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  const server = await vite.preview({
    ...config,
    logLevel: 'error',
    build: { outDir },
    preview: { port, host: '127.0.0.1', strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    outDir,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
