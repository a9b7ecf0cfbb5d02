// How the reference server is compiled to plain JavaScript, shared by the
// production build (build-server.ts) and bench:server (which measures the
// server as deployed). Packages listed in "dependencies" stay imports (a
// production install has them); everything else the server uses (the
// contract's YAML reader, the demo-data generator) is bundled in.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';

export function serverBuildOptions(root: string): BuildOptions {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Marking a package external covers its subpaths too (ajv/dist/2020.js).
    external: [...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
    // Bundled CommonJS code may call require(); give it one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
