// Uploaded product images and the business's logo under /uploads/, and the
// PDFs of sent quotes (which WhatsApp fetches from here): stored under random
// names that never change, so they are cached for a year; sandboxed.
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function uploads(app: FastifyInstance, { dir }: { dir: string }) {
  mkdirSync(dir, { recursive: true });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
  });
}
