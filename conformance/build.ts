// Builds the conformance check as a package of its own (conformance/dist/):
// one ES module of plain JavaScript, its runtime packages left as imports
// (they are the dependencies of conformance/package.json, and the build fails
// when the two lists differ), and openapi.yaml and asyncapi.yaml copied next
// to it. `npm run build:conformance`; `npm pack` in conformance/ builds first.
//
// The repository's contract loader finds openapi.yaml by walking up to the
// project's root; an installed package has no such root, so in the bundle
// that one module is replaced by one that points next to the bundle.
import { build, type Plugin } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const out = join(here, 'dist');
const CONTRACTS = ['openapi.yaml', 'asyncapi.yaml'];

let rootReplaced = false;
const contractsNextToBundle: Plugin = {
  name: 'contracts-next-to-bundle',
  setup(b) {
    b.onResolve({ filter: /^\.\/root$/ }, (args) => {
      if (!args.importer.endsWith(`${sep}common${sep}contract${sep}index.ts`)) return undefined;
      rootReplaced = true;
      return { path: 'contract-files', namespace: 'conformance' };
    });
    b.onLoad({ filter: /^contract-files$/, namespace: 'conformance' }, () => ({
      loader: 'js',
      resolveDir: here,
      contents: [
        "import { dirname, join } from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        'const here = dirname(fileURLToPath(import.meta.url));',
        "export const CONTRACT_FILE = join(here, 'openapi.yaml');",
        "export const ASYNCAPI_FILE = join(here, 'asyncapi.yaml');",
      ].join('\n'),
    }));
  },
};

rmSync(out, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, 'cli.ts')],
  outfile: join(out, 'cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [contractsNextToBundle],
});
if (!rootReplaced) throw new Error('common/contract/root was not replaced: the bundle would look for a project root');

// The packages the bundle imports must be exactly the package's dependencies.
const builtins = new Set(builtinModules);
const imported = new Set(
  Object.values(result.metafile.outputs)
    .flatMap((o) => o.imports)
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtins.has(i.path))
    .map((i) =>
      i.path
        .split('/')
        .slice(0, i.path.startsWith('@') ? 2 : 1)
        .join('/'),
    ),
);
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
const declared = new Set(Object.keys(manifest.dependencies));
const missing = [...imported].filter((p) => !declared.has(p));
const unused = [...declared].filter((p) => !imported.has(p));
if (missing.length || unused.length) {
  throw new Error(
    `conformance/package.json dependencies differ from what the bundle imports: missing ${missing.join(', ') || 'none'}; unused ${unused.join(', ') || 'none'}`,
  );
}
// Each dependency pinned as the repository pins it, so the package runs what the tests ran.
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
for (const [name, version] of Object.entries(manifest.dependencies)) {
  const pinned = rootManifest.dependencies[name] ?? rootManifest.devDependencies[name];
  if (pinned !== version) throw new Error(`conformance/package.json has ${name} ${version}; the repository ${pinned}`);
}

chmodSync(join(out, 'cli.js'), 0o755);
mkdirSync(out, { recursive: true });
for (const file of CONTRACTS) copyFileSync(join(root, file), join(out, file));
console.log(`conformance ${manifest.version} built into conformance/dist (${[...imported].sort().join(', ')})`);
