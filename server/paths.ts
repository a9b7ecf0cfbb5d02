// Where the server finds the files it reads at run time (the contract, the
// migrations, the built dashboard). The same code runs from server/*.ts under
// tsx and bundled into build/server/*.js, so paths are found from the
// project's root (the folder holding openapi.yaml), not from this file.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('openapi.yaml not found above the server code: run the server from the project folder');
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot();
export const CONTRACT_FILE = join(PROJECT_ROOT, 'openapi.yaml');
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');
/** `npm run build` writes the dashboard here. */
export const DEFAULT_DASHBOARD_DIR = resolve(PROJECT_ROOT, 'dist');
