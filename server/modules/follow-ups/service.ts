import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { conflict } from '../../app/errors';
import type { EventBus } from '../../realtime/events';
import { windowOpen } from '../conversations/mapper';
import { conversationsRepository, REPLY_WINDOW_MS } from '../conversations/repository';
import { fillTemplate, outboxTemplate, type messageTemplatesService } from '../message-templates/service';
import { followUpsRepository } from './repository';

type Settings = components['schemas']['FollowUpSettings'];

/** The approved template a follow-up uses once the reply window has closed (migration 007). */
export const FOLLOW_UP_TEMPLATE = 'follow_up_reminder';

export function followUpsService(
  db: Kysely<DB>,
  deps: {
    events: EventBus;
    now: () => Date;
    outboxChanged: () => void;
    templates: ReturnType<typeof messageTemplatesService>;
  },
) {
  const repo = followUpsRepository(db);
  const toSettings = (row: Awaited<ReturnType<typeof repo.settings>>): Settings => ({
    enabled: row.enabled,
    hoursUntilFollowUp: row.hours_until_follow_up,
    followUpMessage: row.follow_up_message,
    followUpMessageSw: row.follow_up_message_sw,
  });
  return {
    settings: async () => toSettings(await repo.settings()),
    save: async (s: Settings) =>
      toSettings(
        await repo.save({
          enabled: s.enabled,
          hours_until_follow_up: s.hoursUntilFollowUp,
          follow_up_message: s.followUpMessage,
          // Left out (a client that does not know it), it is kept.
          ...(s.followUpMessageSw !== undefined && { follow_up_message_sw: s.followUpMessageSw }),
        }),
      ),

    /**
     * A dry run of `check`: how many customers it would message now. 0 while
     * follow-ups are disabled (the check itself answers 409 then).
     */
    async due(): Promise<{ count: number }> {
      const settings = await repo.settings();
      if (!settings.enabled) return { count: 0 };
      const now = deps.now();
      const reminder = await deps.templates.byName(FOLLOW_UP_TEMPLATE);
      const windowOpenSince = reminder ? null : new Date(now.getTime() - REPLY_WINDOW_MS);
      return { count: await repo.countDue(now, settings.hours_until_follow_up, windowOpenSince) };
    },

    /**
     * Queues the follow-up message for every idle conversation the bot is
     * handling (never one handed to staff or with an accepted deal). The
     * message joins the thread without moving the conversation in the list. WhatsApp's
     * rule holds here too: the settings' text goes out while the
     * customer's 24-hour window is open; once it has closed, the approved
     * template follow_up_reminder goes instead, with the customer's name (a
     * conversation whose customer never wrote gets none). A customer writing
     * Swahili gets the Swahili text, and the template's Swahili version when
     * one is approved.
     */
    async check(): Promise<{ message: string; count: number }> {
      const settings = await repo.settings();
      if (!settings.enabled) throw conflict('Follow-ups are disabled');
      const now = deps.now();
      const due = await repo.due(now, settings.hours_until_follow_up);
      const reminders = {
        en: await deps.templates.byName(FOLLOW_UP_TEMPLATE, 'en'),
        sw: await deps.templates.byName(FOLLOW_UP_TEMPLATE, 'sw'),
      };
      let n = 0;
      for (const conversation of due) {
        if (conversation.last_customer_message_at === null) continue;
        const swahili = conversation.customer_language === 'sw';
        const reminder = reminders[swahili ? 'sw' : 'en'];
        const open = windowOpen(conversation, now);
        if (!open && !reminder) continue;
        // Without a name: "Hello there", or "Habari mteja" (customer).
        const variables = [conversation.customer_name?.trim() || (swahili ? 'mteja' : 'there')];
        const text = swahili ? settings.follow_up_message_sw : settings.follow_up_message;
        const content = open ? text : fillTemplate(reminder!, variables);
        const queued = await db.transaction().execute(async (trx) => {
          // Claimed first: a conversation that stopped being due since the list was read is skipped.
          if (!(await followUpsRepository(trx).markFollowedUp(conversation.id, now, settings.hours_until_follow_up)))
            return false;
          const tx = conversationsRepository(trx, deps.now);
          // In the thread, but not activity: the list's order and time stay the customer's and staff's.
          const message = await tx.addMessage(
            conversation.id,
            'bot',
            content,
            open ? 'follow_up' : 'template',
            now,
            'queued',
            { activity: false },
          );
          await tx.enqueueOutbox(
            conversation,
            content,
            'follow_up',
            message.id,
            open ? null : outboxTemplate(reminder!, variables),
          );
          return true;
        });
        if (!queued) continue;
        n += 1;
        deps.events.publish({ type: 'conversation_update', data: { id: conversation.id } });
      }
      if (n > 0) deps.outboxChanged();
      return {
        count: n,
        message:
          n === 0 ? 'No conversations are due for a follow-up' : `Sent ${n} follow-up message${n === 1 ? '' : 's'}`,
      };
    },
  };
}
