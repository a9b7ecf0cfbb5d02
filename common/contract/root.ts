// Node-only. Where the project's files are: found from the project's root (the
// nearest folder above this code holding both openapi.yaml and package.json),
// never from this file's own place, because the same code runs from source
// under tsx and bundled into build/server/*.js.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'openapi.yaml')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('openapi.yaml not found above this code: run it from inside the project folder');
    dir = parent;
  }
}

/** The folder holding openapi.yaml, asyncapi.yaml and package.json. */
export const PROJECT_ROOT = findRoot();
/** The HTTP contract (OpenAPI 3.1). */
export const CONTRACT_FILE = join(PROJECT_ROOT, 'openapi.yaml');
/** The realtime contract (AsyncAPI 3). */
export const ASYNCAPI_FILE = join(PROJECT_ROOT, 'asyncapi.yaml');
