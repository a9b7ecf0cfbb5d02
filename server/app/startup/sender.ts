// Which outbox sender delivers messages to customers.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloudSender } from '../../channels/whatsapp/sender/cloud-sender';
import type { OutboxSender } from '../../delivery/outbox/sender';
import { simulatedSender } from '../../delivery/outbox/simulated-sender';
import type { Config } from '../config';

/**
 * OUTBOX_SENDER names a module whose default export delivers messages, or
 * "simulated". Without it, the WhatsApp Cloud API when its variables are set
 * (README, "Connecting WhatsApp"); otherwise development and the demo use the
 * simulated WhatsApp (every delivery state shows, nothing leaves the machine)
 * and production delivers nothing and keeps the outbox.
 */
export async function loadSender(
  config: Pick<Config, 'production' | 'testControl' | 'whatsapp' | 'publicOrigin'>,
): Promise<OutboxSender | undefined> {
  const path = process.env.OUTBOX_SENDER;
  if (!path && config.whatsapp) return cloudSender({ ...config.whatsapp, publicOrigin: config.publicOrigin });
  if (path === 'simulated' || (!path && !config.production))
    // Scripted, not random, failures in end-to-end runs (see plugins/test-control.ts).
    return simulatedSender({ randomFailures: !config.testControl });
  if (!path) return undefined;
  const module = (await import(pathToFileURL(resolve(path)).href)) as { default: OutboxSender };
  return module.default;
}
