// A method a contract path does not declare (PUT or TRACE on /api/products,
// PATCH on /api/products/export) is 405 with an Allow header naming the
// methods it does declare (HEAD goes with GET, as Fastify answers HEAD for
// every GET route): not a 404 that says the path does not exist, nor the
// answer of a templated path the address also fits (/api/products/{id}),
// since a concrete path is matched before a templated one. It needs no
// session (the methods a path takes are no secret) and the body is not read.
// Any other unknown address stays a 404.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadOperations } from '../openapi/openapi';

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

type ContractPath = { url: string; pattern: RegExp; params: number; methods: Set<string>; allow: string };

function contractPaths(): ContractPath[] {
  const byPath = new Map<string, { url: string; methods: Set<string> }>();
  for (const op of loadOperations()) {
    const entry = byPath.get(op.path) ?? { url: op.url, methods: new Set<string>() };
    entry.methods.add(op.method);
    if (op.method === 'GET') entry.methods.add('HEAD');
    byPath.set(op.path, entry);
  }
  return [...byPath].map(([path, { url, methods }]) => {
    const segments = path
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return {
      url,
      pattern: new RegExp(`^${segments.join('')}$`),
      params: (path.match(/\{\w+\}/g) ?? []).length,
      methods,
      allow: [...methods].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(', '),
    };
  });
}

const refuse = (reply: FastifyReply, method: string, allow: string) =>
  reply
    .code(405)
    .header('allow', allow)
    .send({ message: `${method} is not allowed here; this address takes ${allow}` });

export const methodNotAllowed = fp(
  async (app) => {
    const paths = contractPaths();
    // Every other method Fastify routes gets a route of its own on each
    // contract path, so the router sends PATCH /api/products/export here and
    // not to PATCH /api/products/{id}. It answers before the body is read.
    for (const path of paths) {
      const others = app.supportedMethods.filter((method) => !path.methods.has(method));
      const answer = async (request: FastifyRequest, reply: FastifyReply) => refuse(reply, request.method, path.allow);
      app.route({ method: others, url: path.url, onRequest: answer, handler: answer });
    }
    // Methods the router does not know at all arrive as not found.
    const concreteFirst = [...paths].sort((a, b) => a.params - b.params);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.is404) return;
      const url = request.url.split('?')[0];
      const match = concreteFirst.find((candidate) => candidate.pattern.test(url));
      if (match) return refuse(reply, request.method, match.allow);
    });
  },
  { name: 'method-not-allowed' },
);
