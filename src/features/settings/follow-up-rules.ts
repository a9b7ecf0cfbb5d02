import type { FollowUpSettings } from '../../api/generated/model/followUpSettings';

export const MIN_HOURS = 1;
export const MAX_HOURS = 168;
export const DEFAULT_SETTINGS: FollowUpSettings = { enabled: true, hoursUntilFollowUp: 24, followUpMessage: '' };
/** WhatsApp's customer-service window: free-form messages only within 24 h of the customer's last message. */
export const WHATSAPP_WINDOW_HOURS = 24;

/** The hours as typed, read as a whole number; a non-numeric entry falls back to 1. */
export function parseHours(raw: string): number {
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? MIN_HOURS : value;
}

export type RuleFailure = { title: string; description: string };

/**
 * The first rule the settings break, as a toast's title and text: hours from
 * 1 to 168, then a message that is not blank. Undefined when they may be saved.
 */
export function validateFollowUp(settings: FollowUpSettings): RuleFailure | undefined {
  const hours = settings.hoursUntilFollowUp;
  if (!Number.isFinite(hours) || hours < MIN_HOURS || hours > MAX_HOURS) {
    return { title: 'Invalid hours', description: 'Hours must be between 1 and 168 (7 days)' };
  }
  if (!settings.followUpMessage.trim()) {
    return { title: 'Invalid message', description: 'Follow-up message cannot be empty' };
  }
  if (settings.followUpMessageSw !== undefined && !settings.followUpMessageSw.trim()) {
    return { title: 'Invalid message', description: 'Follow-up message (Swahili) cannot be empty' };
  }
  return undefined;
}

/** The live hint under the hours input, e.g. "48 hours (≈ 2 days)". */
export function hoursHint(hours: number): string {
  const days = Math.round((hours / 24) * 10) / 10;
  return `${hours} hour${hours === 1 ? '' : 's'} (≈ ${days} day${days === 1 ? '' : 's'})`;
}

export function checkResultMessage(result: { message?: string; count: number }): string {
  return result.message || `Sent ${result.count} follow-up message(s)`;
}

/** The confirmation's question: to how many customers, or to every one due when the backend does not say. */
export function dueQuestion(count: number | null): string {
  if (count === null) return 'Send the follow-up message now to every customer due a follow-up?';
  return `Send the follow-up message now to ${count} customer${count === 1 ? '' : 's'}?`;
}
