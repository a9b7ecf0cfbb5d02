// Serves PrimeReact's light and dark theme files at /themes/<name>/ (dev) and
// copies them into the build, so index.html can link the stored theme before
// the first paint (no flash of the wrong theme).
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import type { Plugin } from 'vite';

const themesRoot = join(process.cwd(), 'node_modules', 'primereact', 'resources', 'themes');

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? filesOf(full) : [full];
  });
}

export function primeReactThemes(themes: string[]): Plugin {
  return {
    name: 'primereact-themes',
    configureServer(server) {
      server.middlewares.use('/themes', (req, res, next) => {
        const path = normalize(decodeURIComponent((req.url ?? '').split('?')[0]));
        const theme = path.split('/').filter(Boolean)[0];
        const file = join(themesRoot, path);
        if (!theme || !themes.includes(theme) || !file.startsWith(themesRoot) || !existsSync(file) || statSync(file).isDirectory()) {
          next();
          return;
        }
        res.setHeader('Content-Type', file.endsWith('.css') ? 'text/css' : file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const theme of themes) {
        for (const file of filesOf(join(themesRoot, theme))) {
          this.emitFile({ type: 'asset', fileName: `themes/${theme}/${relative(join(themesRoot, theme), file)}`, source: readFileSync(file) });
        }
      }
    },
  };
}
