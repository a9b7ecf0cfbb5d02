// Graceful shutdown, shared by the reference server (main.ts) and the gateway
// (gateway/run.ts). On SIGTERM, SIGINT or SIGHUP: stop accepting, let requests
// in flight finish (keep-alive connections are closed as they go idle, and any
// still open GRACE_MS after the signal are cut, so the process ends before a
// container runtime's SIGKILL), close the browsers' sockets with 1001 (the
// realtime plugin's onClose), then exit 0. A shutdown still running after
// FORCE_MS exits 1; one that throws is logged and exits 1.
import type { FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish after the signal. */
export const GRACE_MS = 5_000;
/** When a shutdown that has not finished gives up. */
const FORCE_MS = 10_000;
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export type ShutdownSteps = {
  /** Before the HTTP server closes (timers, the backup control socket). */
  beforeClose?: () => Promise<void>;
  /** After it closed (the outbox, background workers, the database). */
  afterClose?: () => Promise<void>;
};

/** Closes `app` (and what `steps` add around it) on the first stop signal. */
export function closeOnSignals(app: FastifyInstance, steps: ShutdownSteps = {}): void {
  const log = app.log;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing (finishing requests in flight)`);
    const force = setTimeout(() => {
      log.error(`still closing after ${FORCE_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, FORCE_MS);
    force.unref();
    try {
      await steps.beforeClose?.();
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      const cut = setTimeout(() => {
        log.warn(`connections still open ${GRACE_MS / 1000} s after ${signal}: closing them`);
        app.server.closeAllConnections();
      }, GRACE_MS);
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
      await steps.afterClose?.();
      log.info('closed');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of SIGNALS) process.on(signal, () => void stop(signal));
}

/** The address a listening app answers on, as a URL's host and port ("[::1]:8080"). */
export function listeningAddress(app: FastifyInstance, host: string, configuredPort: number): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
