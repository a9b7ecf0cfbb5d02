// `API_TARGET=https://chatbot.example.co.ke npm run serve`: the gateway
// listens, says where it forwards, and shuts down as the reference server does
// on SIGTERM / SIGINT: it stops accepting, lets requests in flight finish (5 s
// at most), closes the browsers' sockets with 1001 and exits 0.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGatewayConfig } from '../app/config';
import { buildGateway } from './app';

const GRACE_MS = 5_000;

export async function runGateway(): Promise<void> {
  const config = loadGatewayConfig();
  if (!existsSync(join(config.dashboardDir, 'index.html'))) {
    throw new Error(`${config.dashboardDir}/index.html not found: run "npm run build" first, or set DASHBOARD_DIR`);
  }
  const app = await buildGateway({ config, log: { level: config.logLevel, pretty: !config.production } });
  const log = app.log;
  log.info(
    `gateway mode: no database; /api and /uploads go to ${config.apiTarget}, /ws to ${config.wsTarget} (the backend may take ${config.apiTimeoutMs / 1000} s to answer)`,
  );
  log.info(`serving the dashboard from ${config.dashboardDir}`);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (dashboard at /, ${config.apiTarget} behind /api, /uploads and /ws)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing (finishing requests in flight)`);
    const force = setTimeout(() => {
      log.error('still closing after 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    const cut = setTimeout(() => {
      log.warn(`connections still open ${GRACE_MS / 1000} s after ${signal}: closing them`);
      app.server.closeAllConnections();
    }, GRACE_MS);
    try {
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
      log.info('closed');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}
