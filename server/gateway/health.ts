// Gateway mode's health checks. /healthz: the process answers. /readyz: the
// backend answers, with any HTTP status, `GET /api/auth/me` within the
// deadline (2 s); 503 otherwise and while the gateway is shutting down. A
// load balancer then stops sending staff to a gateway whose backend is gone.
import type { FastifyInstance } from 'fastify';

export async function gatewayHealth(
  app: FastifyInstance,
  { target, timeoutMs }: { target: string; timeoutMs: number },
) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const noStore = { 'cache-control': 'no-store' };
  const probe = new URL('/api/auth/me', target);
  app.get('/healthz', { config: { public: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    reply.headers(noStore);
    if (closing) return reply.code(503).send({ status: 'not ready', reason: 'shutting down' });
    try {
      const answer = await fetch(probe, {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
        headers: { accept: 'application/json', 'user-agent': 'stone-sinks-gateway/1.0 (readiness)' },
      });
      await answer.body?.cancel();
      return reply.send({ status: 'ready' });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      request.log.warn({ err: error }, 'readiness check: the backend did not answer');
      return reply.code(503).send({
        status: 'not ready',
        reason: timedOut
          ? `the backend did not answer within ${timeoutMs / 1000} s`
          : 'the backend could not be reached',
      });
    }
  });
}
