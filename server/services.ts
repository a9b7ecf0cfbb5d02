// Every service wired to one database, one event bus and one clock.
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { analyticsService } from './modules/analytics/service';
import { authService } from './modules/auth/service';
import { inboundService } from './modules/conversations/inbound';
import { conversationsService } from './modules/conversations/service';
import { followUpsService } from './modules/follow-ups/service';
import { notificationsService } from './modules/notifications/service';
import { messageTemplatesService } from './modules/message-templates/service';
import { imageStore } from './modules/products/images';
import { quickRepliesService } from './modules/quick-replies/service';
import { productsService } from './modules/products/service';
import { summaryService } from './modules/summary/service';
import { outboxDispatcher, type OutboxSender } from './outbox/sender';
import type { EventBus } from './realtime/events';

export type ServiceOptions = {
  dataDir: string;
  sessionTtlMs: number;
  events: EventBus;
  now?: () => Date;
  sender?: OutboxSender;
};

export function createServices(db: Kysely<DB>, options: ServiceOptions) {
  const now = options.now ?? (() => new Date());
  const events = options.events;
  const outbox = outboxDispatcher(db, options.sender, events);
  const outboxChanged = () => outbox.kick();
  const images = imageStore(join(options.dataDir, 'uploads'));
  const notifications = notificationsService(db, { events, now });
  const messageTemplates = messageTemplatesService(db);
  return {
    now,
    images,
    outbox,
    auth: authService(db, { sessionTtlMs: options.sessionTtlMs, now }),
    products: productsService(db, images),
    conversations: conversationsService(db, { events, now, outboxChanged, templates: messageTemplates }),
    messageTemplates,
    quickReplies: quickRepliesService(db),
    notifications,
    inbound: inboundService(db, { events, now, notifications }),
    analytics: analyticsService(db, { now }),
    followUps: followUpsService(db, { events, now, outboxChanged, templates: messageTemplates }),
    summary: summaryService(db, { now }),
  };
}

export type Services = ReturnType<typeof createServices>;
