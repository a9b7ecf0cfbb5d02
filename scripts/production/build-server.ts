// Compiles the reference server and its command-line tools into plain
// JavaScript (build/server/*.js) for a production install, which has no tsx.
// Packages listed in "dependencies" stay imports (a production install has
// them); everything else the server uses (the contract's YAML reader, the
// demo-data generator) is bundled in, so `npm ci --omit=dev` is enough.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const outdir = join(root, 'build', 'server');

export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  admin: 'server/cli/admin.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Marking a package external covers its subpaths too (ajv/dist/2020.js).
  external: [...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
  // Bundled CommonJS code may call require(); give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
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
