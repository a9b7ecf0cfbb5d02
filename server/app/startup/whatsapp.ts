// The WhatsApp Cloud API's parts that live beside the app, when WhatsApp is
// configured: the webhook's hooks (given to buildApp), the message templates'
// sync (started once the app exists) and the media downloader (started once
// the server listens, as it needs the app's event hub).
import type { FastifyInstance } from 'fastify';
import { mediaDownloader, type MediaDownloader } from '../../channels/whatsapp/media/downloader';
import { mediaDirOf } from '../../channels/whatsapp/media/files';
import { failedStatusHandler } from '../../channels/whatsapp/sender/failed-status';
import { templateSync } from '../../channels/whatsapp/sender/templates-sync';
import { applyHeldStatuses } from '../../channels/whatsapp/statuses';
import type { WhatsAppWebhookOptions } from '../../channels/whatsapp/webhook/routes';
import type { Database } from '../../db/connection';
import type { Config } from '../config';

type WhatsAppConfig = NonNullable<Config['whatsapp']>;

export type WhatsAppWiring = {
  webhook: WhatsAppWebhookOptions;
  /** Hooks the template sync and the held statuses into the app's services; returns the sync's stop. */
  syncTemplates(app: FastifyInstance, database: Database): () => void;
  startMedia(app: FastifyInstance, database: Database, dataDir: string): Promise<void>;
  stopMedia(): Promise<void>;
};

/** `app` is read when a hook runs, after buildApp returned it. */
export function whatsappWiring(whatsapp: WhatsAppConfig, app: () => FastifyInstance): WhatsAppWiring {
  let media: MediaDownloader | undefined;
  const onStatusFailed = failedStatusHandler(() => app().services.outbox);
  return {
    webhook: {
      appSecret: whatsapp.appSecret,
      verifyToken: whatsapp.verifyToken,
      onMediaPending: async (messageId) => media?.onMediaPending(messageId),
      onStatusFailed,
    },
    syncTemplates(app, database) {
      const log = app.log;
      const sync = templateSync({ ...whatsapp, templates: app.services.messageTemplates, log });
      app.services.messageTemplates.useSync(() => sync.sync());
      app.services.outbox.configure({
        afterSent: (id) => applyHeldStatuses(database.db, app.hub, id, { onFailed: onStatusFailed, log }),
        resyncTemplates: () => sync.resync(),
      });
      return sync.start();
    },
    async startMedia(app, database, dataDir) {
      media = mediaDownloader({
        db: database.db,
        events: app.hub,
        graph: { graphUrl: whatsapp.graphUrl, accessToken: whatsapp.accessToken, version: whatsapp.version },
        dir: mediaDirOf(dataDir),
        log: app.log,
      });
      await media.start();
    },
    async stopMedia() {
      await media?.stop();
    },
  };
}
