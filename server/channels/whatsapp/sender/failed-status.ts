// WhatsApp often accepts a send (200, a message id) and fails it a moment
// later in a status webhook: a closed reply window (131047), a dead token, an
// unknown template. The webhook marks the message failed
// (server/channels/whatsapp/statuses.ts); this handler, given to the webhook as
// onStatusFailed, gives such a failure the same consequences as a refusal at
// send time: the reply window closes so the dashboard offers templates, staff
// are told, the templates are synced again.
import type { MessageFailure } from '../../../db/schema';
import { PermanentDeliveryError } from '../../../delivery/outbox/sender';
import { classifyStatusFailure } from './graph-errors';

/**
 * The handler for the webhook's onStatusFailed; `outbox` is the dispatcher
 * (app.services.outbox), asked for when a failure comes (main.ts builds the
 * webhook before the services exist).
 */
export function failedStatusHandler(
  outbox: () => { failedLater(messageId: number, error: PermanentDeliveryError): Promise<void> },
) {
  return async ({ messageId, failure }: { messageId: number; failure: MessageFailure }): Promise<void> => {
    if (failure.code == null) return;
    const error = classifyStatusFailure(failure.code, failure.title);
    if (!(error instanceof PermanentDeliveryError)) return;
    if (!error.closeWindow && !error.notifyStaff && !error.resyncTemplates) return;
    await outbox().failedLater(messageId, error);
  };
}
