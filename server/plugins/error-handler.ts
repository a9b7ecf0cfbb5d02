// The one error handler: domain errors (HttpError) and Fastify's own become
// the contract's ErrorResponse ({ message }); anything unexpected is logged
// with its stack and answered with a plain 500 that reveals nothing.
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

type FrameworkError = Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string };

export const errorHandler = fp(async (app) => {
  app.setErrorHandler((error: FrameworkError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send(error.error ? { message: error.message, error: error.error } : { message: error.message });
    }
    if (error.validation) {
      // A malformed id in the path is a bad address; anything else in the
      // request that breaks the contract is unprocessable.
      if (error.validationContext === 'params') return reply.code(400).send({ message: `Invalid id: ${error.message.replace(/^params\//, '')}` });
      return reply.code(422).send({ message: `Invalid request: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: error.message || 'Too many requests' });
    if (status === 415) return reply.code(422).send({ message: `Invalid request: ${error.message}` });
    if (status >= 400 && status < 500) return reply.code(400).send({ message: error.message || 'Bad request' });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side' });
  });
}, { name: 'error-handler' });
