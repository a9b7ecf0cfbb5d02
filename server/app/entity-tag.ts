// The strong validator of an answer's body, shared by the ETag plugin
// (plugins/etag.ts) and the handlers that set the tag themselves (the cached
// catalogue: modules/products/routes.ts), so a module needs no plugin.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The strong validator of `body`. The paging headers are hashed with it: a
 * page whose items are unchanged but whose total or next link changed is a
 * different answer.
 */
export function entityTag(body: string | Buffer, reply: Pick<FastifyReply, 'getHeader'>): string {
  const hash = createHash('sha256').update(body);
  for (const name of ['link', 'x-total-count']) hash.update(`\n${String(reply.getHeader(name) ?? '')}`);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}
