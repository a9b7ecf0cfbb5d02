// The ports a channel is given (channel.ts): the inbound port is
// services.customers; the delivery port, here, routes a channel's status
// reports into the one delivery state machine (server/delivery/state.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deliveryStates, type DeliveryChange } from '../delivery/state';
import type { EventBus } from '../realtime/events';
import type { DeliveryPort, StatusReport } from './channel';

export function deliveryPort(db: Kysely<DB>, events: EventBus): DeliveryPort {
  const states = deliveryStates(db, events);
  return {
    async report({ channel, externalId, status, reason, failure }: StatusReport) {
      // messages_channel_external_id (migration 024).
      const found = await db
        .selectFrom('messages')
        .select('id')
        .where('channel', '=', channel)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
      if (!found) return 'unknown';
      const change: DeliveryChange =
        status === 'failed' ? { status, reason: reason ?? 'not delivered', ...(failure && { failure }) } : { status };
      return (await states.advance(found.id, change)) ? 'applied' : 'ignored';
    },
  };
}
