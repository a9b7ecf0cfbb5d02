// Logs: Fastify's own logger (pino). Production writes one JSON object a
// line; development prints readable lines (pino-pretty, when installed).
// Each request is one line when it ends: its id, method, route, path (never
// the query string, which can hold customers' phone numbers), status and
// time. Cookies and credentials are never logged.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export type LogOptions = { level: string; pretty: boolean };

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(log: LogOptions | false | undefined): FastifyServerOptions['logger'] {
  if (!log || log.level === 'silent') return false;
  return {
    level: log.level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password'], censor: '[redacted]' },
    ...(log.pretty && prettyAvailable()
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}

const QUIET = new Set(['/healthz', '/readyz']);

export const requestLog = fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (QUIET.has(path) && reply.statusCode < 400) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}, { name: 'request-log' });
