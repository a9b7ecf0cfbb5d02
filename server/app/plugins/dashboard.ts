// The built dashboard (npm run build → dist/), served from the same origin as
// the API so the session cookie and /ws work as they do in development:
//   - /assets/* carry a content hash in their names: cached for a year, immutable;
//   - everything else (index.html, themes, theme-init.js) is revalidated on each load;
//   - a precompressed .br or .gz copy (written at build time) is sent when the browser accepts it;
//   - any other GET that is not /api, /ws or /uploads answers index.html, so a
//     deep link such as /conversations/5 opens the app at that screen;
//     unknown /api paths and other methods stay JSON 404s.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_APP = /^\/(api|ws|uploads|__test)(\/|$|\?)/;

export async function dashboard(app: FastifyInstance, { dir }: { dir: string }) {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html not found: run "npm run build" first, or set DASHBOARD_DIR`);
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: false,
    index: false,
    list: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes(`${join(dir, 'assets')}/`) ? IMMUTABLE : REVALIDATE);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_APP.test(path) &&
      !/^\/(assets|themes)\//.test(path);
    if (!wantsPage) return reply.code(404).send({ message: 'Not found' });
    return reply.header('cache-control', REVALIDATE).sendFile('index.html', dir);
  });
}
