// One handler per operationId of openapi.yaml. app.ts refuses to start when
// an operation has no handler or a handler names no operation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from './services';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Record<string, Handler>;
export type RouteContext = { services: Services; maxImageBytes: number; cookie: (request: FastifyRequest) => { secure: boolean } };

export const idParam = (request: FastifyRequest) => (request.params as { id: number }).id;
export const today = (now: Date) => now.toISOString().slice(0, 10);
