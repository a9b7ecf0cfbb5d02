import type { Kysely } from 'kysely';
import type { components } from '../../contract/types';
import type { DB } from '../../db/schema';
import { conflict } from '../../errors';
import type { EventBus } from '../../realtime/events';
import { conversationsRepository } from '../conversations/repository';
import { followUpsRepository } from './repository';

type Settings = components['schemas']['FollowUpSettings'];

export function followUpsService(
  db: Kysely<DB>,
  deps: { events: EventBus; now: () => Date; outboxChanged: () => void },
) {
  const repo = followUpsRepository(db);
  const toSettings = (row: Awaited<ReturnType<typeof repo.settings>>): Settings => ({
    enabled: row.enabled,
    hoursUntilFollowUp: row.hours_until_follow_up,
    followUpMessage: row.follow_up_message,
  });
  return {
    settings: async () => toSettings(await repo.settings()),
    save: async (s: Settings) =>
      toSettings(
        await repo.save({
          enabled: s.enabled,
          hours_until_follow_up: s.hoursUntilFollowUp,
          follow_up_message: s.followUpMessage,
        }),
      ),

    /** Queues the follow-up message for every idle conversation. */
    async check(): Promise<{ message: string; count: number }> {
      const settings = await repo.settings();
      if (!settings.enabled) throw conflict('Follow-ups are disabled');
      const now = deps.now();
      const due = await repo.due(now, settings.hours_until_follow_up);
      for (const conversation of due) {
        await db.transaction().execute(async (trx) => {
          const tx = conversationsRepository(trx);
          await tx.addMessage(conversation.id, 'bot', settings.follow_up_message, 'follow_up', now);
          await tx.enqueueOutbox(
            conversation.id,
            conversation.whatsapp_phone_number,
            settings.follow_up_message,
            'follow_up',
          );
          await followUpsRepository(trx).markFollowedUp(conversation.id, now);
        });
        deps.events.publish({ type: 'conversation_update', data: { id: conversation.id } });
      }
      if (due.length > 0) deps.outboxChanged();
      const n = due.length;
      return {
        count: n,
        message:
          n === 0 ? 'No conversations are due for a follow-up' : `Sent ${n} follow-up message${n === 1 ? '' : 's'}`,
      };
    },
  };
}
