// Logs: Fastify's own logger (pino). Production writes one JSON object a
// line; development prints readable lines (pino-pretty, when installed).
// Each request is one line when it ends: its id, method, route, path (never
// the query string, which can hold customers' phone numbers), status and
// time. Cookies and credentials are never logged.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export type LogOptions = {
  level: string;
  pretty: boolean;
  /** Where JSON lines go instead of stdout (tests). */ stream?: { write(line: string): void };
};

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
    ...(log.stream ? { stream: log.stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password'],
      censor: '[redacted]',
    },
    ...(log.pretty && !log.stream && prettyAvailable()
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              // "request GET /api/products → 200 in 4.2 ms", other fields (an error's stack, a username) after it.
              messageFormat: '{msg}{if method} {method} {path} → {status} in {ms} ms{end}',
              ignore: 'pid,hostname,reqId,method,route,path,status,ms,ip,upstreamStatus,upstreamMs',
              singleLine: true,
            },
          },
        }
      : {}),
  };
}

const QUIET = new Set(['/healthz', '/readyz']);

export const requestLog = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      // M-Pesa's callback addresses carry a secret segment (MPESA_CALLBACK_TOKEN): never logged.
      const path = request.url.split('?')[0].replace(/^\/webhooks\/mpesa\/[^/]*/, '/webhooks/mpesa/[token]');
      const line = {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        // Gateway mode: what the backend answered and how long it took to start.
        ...(request.upstream ? { upstreamStatus: request.upstream.status, upstreamMs: request.upstream.ms } : {}),
      };
      if (QUIET.has(path) && reply.statusCode < 400) request.log.debug(line, 'request');
      else request.log.info(line, 'request');

      // Sign-ins, for the operator watching for password guessing: who, from
      // where, and the outcome (never the password).
      if (request.routeOptions.config.operationId === 'login') {
        const body = request.body as { username?: unknown } | undefined;
        const username = typeof body?.username === 'string' ? body.username.slice(0, 100) : null;
        const who = { username, ip: request.ip };
        if (reply.statusCode === 200) request.log.info(who, 'sign-in succeeded');
        else if (reply.statusCode === 429) request.log.warn(who, 'sign-in refused: too many attempts');
        else request.log.warn({ ...who, status: reply.statusCode }, 'sign-in failed');
      }
    });
  },
  { name: 'request-log' },
);
