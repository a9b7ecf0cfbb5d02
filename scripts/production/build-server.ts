// Compiles the reference server and its command-line tools into plain
// JavaScript (build/server/*.js) for a production install, which has no tsx.
// What stays an import and what is bundled: server-build-options.ts; a
// production install (`npm ci --omit=dev`) is then enough to run it.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outdir = join(root, 'build', 'server');

export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  admin: 'server/cli/admin.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  ...serverBuildOptions(root),
  entryPoints: SERVER_ENTRIES,
  outdir,
  sourcemap: 'linked',
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server bundle: ${Object.keys(SERVER_ENTRIES)
    .map((name) => `build/server/${name}.js`)
    .join(', ')} (${Math.round(bytes / 1024)} KB of JavaScript)`,
);
