// Conditional requests (openapi.yaml, info.description "Conditional
// requests"): the answers whose contract states an ETag (the lists, the
// details, the summary) carry a strong one, the quoted hash of the body; a
// GET or HEAD whose If-None-Match names it is answered 304 with no body.
//
// The hook sees the body as the handler produced it, before compression:
// @fastify/compress compresses in an onSend hook of each route, and Fastify
// runs a route's own hooks after the global ones, this one among them (app.ts
// also registers it before compress). The ETag is therefore the same for the
// identity, gzip and brotli answers; the dashboard's fetch sees only the
// decoded body it validates.
//
// A handler may set the tag itself (the cached catalogue, sent precompressed:
// modules/products/routes.ts); it is then the tag of the uncompressed text.
//
// Only string and Buffer bodies are hashed: a list long enough to be streamed
// (lists/paging.ts) goes without an ETag, and a client asking for
// it again downloads it again. The answers stay `Cache-Control: no-store`
// (security-headers.ts): the dashboard keeps its own validators in memory.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { entityTag } from '../entity-tag';
import { operation } from '../openapi/openapi';

const carriesETag = new Map<string, boolean>();

/** Whether the contract states an ETag on the operation's 200 answer. */
function documented(operationId: string | undefined): boolean {
  if (!operationId) return false;
  let known = carriesETag.get(operationId);
  if (known === undefined) {
    known = (operation(operationId).responseHeaders['200'] ?? []).some((name) => name.toLowerCase() === 'etag');
    carriesETag.set(operationId, known);
  }
  return known;
}

/**
 * Whether If-None-Match names `tag`: `*`, or a list of entity tags compared
 * weakly (a W/ prefix is ignored), as RFC 9110 says for If-None-Match.
 */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const candidate = entry.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === tag;
  });
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/([\w.-]+\+)?json\b/i.test(type);

export const etag = fp(
  async (app) => {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200 || !documented(request.routeOptions.config.operationId)) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!isJson(reply.getHeader('content-type'))) return payload;
      // A handler that sends a body it keeps (the catalogue, maybe already
      // compressed) sets the tag of its uncompressed text itself, once.
      const set = reply.getHeader('etag');
      const tag = typeof set === 'string' ? set : entityTag(payload, reply);
      reply.header('etag', tag);
      if (!noneMatch(request.headers['if-none-match'], tag)) return payload;
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-encoding');
      reply.removeHeader('content-length');
      // No body. For HEAD an empty stream, as Fastify's HEAD handling takes
      // a null body for a string to measure.
      return request.method === 'HEAD' ? Readable.from([]) : null;
    });
  },
  { name: 'etag' },
);
