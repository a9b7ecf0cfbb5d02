// The one error handler: domain errors (HttpError) and Fastify's own become
// the contract's ErrorResponse ({ message }); anything unexpected is logged
// with its stack and answered with a plain 500 that reveals nothing (not a
// database's words either). Errors raised before a request reaches a route
// (an unreadable address, an id too long to be one, headers too large) get
// the same body through frameworkErrors and clientErrorHandler, which app.ts
// hands to Fastify.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

type FrameworkError = Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string };

export const INVALID_ID = 'Invalid id: expected an integer from 1 to 2147483647';

export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FrameworkError, request, reply) => {
      if (error instanceof HttpError) {
        return reply
          .code(error.status)
          .send(error.error ? { message: error.message, error: error.error } : { message: error.message });
      }
      if (error.validation) {
        // A malformed id in the path is a bad address; anything else in the
        // request that breaks the contract is unprocessable.
        if (error.validationContext === 'params')
          return reply.code(400).send({ message: `Invalid id: ${error.message.replace(/^params\//, '')}` });
        return reply.code(422).send({ message: `Invalid request: ${error.message}` });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ message: error.message || 'Too many requests' });
      if (status === 415) return reply.code(422).send({ message: `Invalid request: ${error.message}` });
      if (status >= 400 && status < 500) return reply.code(400).send({ message: error.message || 'Bad request' });
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side' });
    });
  },
  { name: 'error-handler' },
);

/**
 * Fastify's refusals before routing. Every parametric path of the contract
 * has one parameter, the id, so a parameter over Fastify's length limit (100
 * characters) is an id no database holds: the contract's 400 for any
 * malformed id.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(400).send({ message: INVALID_ID });
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: 'The address is not valid' });
  request.log.error({ err: error }, 'request failed before routing');
  return reply.code(500).send({ message: 'Something went wrong on our side' });
}

/**
 * A request Node's HTTP parser refuses (headers too large, a malformed
 * request line, a timeout) is answered on the socket itself, with an
 * ErrorResponse body, and the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'The request could not be read'];
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ message });
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  // end() sends the answer before closing; destroy() could drop it.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
