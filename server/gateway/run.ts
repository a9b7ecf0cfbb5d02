// `API_TARGET=https://chatbot.example.co.ke npm run serve`: the gateway
// listens, says where it forwards, and shuts down as the reference server does
// on SIGTERM / SIGINT (app/shutdown.ts): it stops accepting, lets requests in flight finish (5 s
// at most), closes the browsers' sockets with 1001 and exits 0.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadGatewayConfig } from '../app/config';
import { closeOnSignals, listeningAddress } from '../app/shutdown';
import { buildGateway } from './app';

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
  log.info(
    `listening on http://${listeningAddress(app, config.host, config.port)} (dashboard at /, ${config.apiTarget} behind /api, /uploads and /ws)`,
  );

  closeOnSignals(app);
}
