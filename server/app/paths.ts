// Where the server finds the files it reads at run time (the contract, the
// migrations, the built dashboard). The same code runs from server/*.ts under
// tsx and bundled into build/server/*.js, so paths are found from the
// project's root (the folder holding openapi.yaml), not from this file.
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../common/contract/root';

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');
/** `npm run build` writes the dashboard here. */
export const DEFAULT_DASHBOARD_DIR = resolve(PROJECT_ROOT, 'dist');
